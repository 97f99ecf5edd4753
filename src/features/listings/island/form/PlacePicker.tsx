import { m } from '#paraglide/messages.js';
import { useState, type KeyboardEvent, type Ref } from 'react';
import type { Place } from '#features/listings/places.ts';
import { placesMatching } from './place-choice.ts';
import { inputClass } from './ui.tsx';

const LIST_ID = 'lf-place-list';
const optionId = (i: number) => `lf-place-option-${i}`;

/**
 * "Pick the neighbourhood": a combobox (ARIA 1.2 pattern) over the places list, filtered as the
 * seller types, in English or Amharic, in Ge'ez or Latin letters. Arrow keys move through the
 * list, Enter or a tap chooses, Escape closes it. The input has no name: the coordinates it fills
 * are what the form sends.
 */
export function PlacePicker({
  onChoose,
  describedBy,
  inputRef,
}: {
  onChoose: (place: Place) => void;
  /** Ids of the texts that also describe the input (the coordinates' error). */
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = placesMatching(typed);
  const shown = open && matches.length > 0;

  function choose(place: Place) {
    setTyped(place.label);
    setOpen(false);
    setActive(-1);
    onChoose(place);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length === 0 ? -1 : (i + step + matches.length) % matches.length));
    } else if (e.key === 'Enter') {
      // Enter chooses; it never sends the form from here.
      e.preventDefault();
      const place = matches[active] ?? (matches.length === 1 ? matches[0] : undefined);
      if (open && place) choose(place);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div>
      <label htmlFor="lf-place" className="mb-1 block text-sm font-medium text-stone-800">
        {m.form_place_pick_label()}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id="lf-place"
          name="place"
          type="text"
          role="combobox"
          aria-expanded={shown}
          aria-controls={LIST_ID}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-describedby={['lf-place-hint', describedBy].filter(Boolean).join(' ')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          placeholder={m.form_place_pick_placeholder()}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={inputClass}
        />
        <ul
          id={LIST_ID}
          role="listbox"
          aria-label={m.form_place_pick_label()}
          hidden={!shown}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          {matches.map((place, i) => (
            <li
              key={place.name}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(place);
              }}
              className={`cursor-pointer px-3 py-2.5 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-50'}`}
            >
              {place.label}
              {place.label !== place.name && <span className="ml-2 text-xs text-stone-500">{place.name}</span>}
            </li>
          ))}
        </ul>
      </div>
      <p id="lf-place-hint" className="mt-1 text-xs text-stone-500">
        {m.form_place_pick_hint()}
      </p>
      <p className="sr-only" aria-live="polite">
        {open && typed.trim() !== ''
          ? matches.length > 0
            ? m.form_place_count({ count: matches.length })
            : m.form_place_none({ text: typed })
          : ''}
      </p>
      {open && typed.trim() !== '' && matches.length === 0 && (
        <p aria-hidden="true" className="mt-1 text-sm text-stone-700">
          {m.form_place_none({ text: typed })}
        </p>
      )}
    </div>
  );
}
