import { m } from '#paraglide/messages.js';
import { useMemo, useState, useSyncExternalStore, type ChangeEvent, type KeyboardEvent } from 'react';
import { filterCategoryGroups, foldForCategorySearch, formCategoryGroups } from '#features/listings/category-groups.ts';
import { Field, inputClass, type TextWiring } from './ui.tsx';

const noChanges = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * The category choice (issue 29): one `<select>` grouped by what Addis buyers look for, which
 * works without JavaScript, and once the island runs a search box above it that narrows the
 * options by their English or Amharic names. Enter in the box picks the only match, never submits.
 */
export function CategoryField({ wire, error }: { wire: TextWiring; error: string | undefined }) {
  const select = wire('category', true);
  const chosen = select.value;
  const [search, setSearch] = useState('');
  // The search box exists only where the island runs: rendered on the server (no JavaScript), it could not search.
  const ready = useSyncExternalStore(noChanges, onClient, onServer);
  const groups = useMemo(() => formCategoryGroups(chosen), [chosen]);
  const searching = search.trim() !== '';
  // The select keeps the chosen option whatever the search; the count is of real matches.
  const shown = filterCategoryGroups(groups, search, chosen);
  const found = searching ? filterCategoryGroups(groups, search).flatMap((g) => g.options) : [];

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // The one match, or else the one category whose own name holds the word ("phone" matches the
    // whole phones-and-electronics group, and by its own name only Phones and Electronics).
    const named = found.filter((option) => foldForCategorySearch(option.labels).includes(foldForCategorySearch(search.trim())));
    const only = found.length === 1 ? found[0] : named.length === 1 ? named[0] : undefined;
    if (only && only.value !== chosen) {
      select.onChange({ target: { value: only.value } } as ChangeEvent<HTMLSelectElement>);
    }
  }

  return (
    <Field name="category" label={m.form_ui_category()} hint={m.categories_form_hint()} error={error}>
      {ready && (
        <div className="mb-2">
          <input
            id="lf-category-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={onKeyDown}
            aria-label={m.categories_form_search_label()}
            aria-controls="lf-category"
            aria-describedby="lf-category-search-status"
            placeholder={m.categories_form_search_placeholder()}
            autoComplete="off"
            enterKeyHint="search"
            className={inputClass}
          />
          <p id="lf-category-search-status" aria-live="polite" className="mt-1 min-h-4 text-xs text-stone-500">
            {!searching
              ? ''
              : found.length === 0
                ? m.categories_form_search_none({ text: search.trim() })
                : m.categories_form_search_count({ count: found.length })}
          </p>
        </div>
      )}
      <select {...select} aria-required="true" className={inputClass}>
        <option value="">{m.form_ui_choose_category()}</option>
        {shown.map((group) => (
          <optgroup key={group.key} label={group.label}>
            {group.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}
