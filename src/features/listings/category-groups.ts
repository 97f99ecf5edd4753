/**
 * The ten groups Addis buyers look for (issue 29): food and drink, cafés and restaurants, groceries,
 * phones and electronics, clothing and shoes, beauty, home, vehicles, services and events. Their
 * names, icons and pages (`/categories/<group>`), the categories under each, and the listing form's
 * grouped, searchable category choice. Pure and isomorphic, like `categories.ts`.
 */
import { SAME_SOUND_ROWS } from '#features/search/ethiopic-rows.ts';
import { m } from '#paraglide/messages.js';
import { CATEGORIES, CATEGORY_GROUP_KEYS, FORM_CATEGORY_KEYS, categoryByKey, type Category, type CategoryGroupKey } from './categories.ts';

type Text = (inputs?: Record<string, never>, options?: { locale?: 'en' | 'am' }) => string;

/** One group of categories. */
export interface CategoryGroup {
  key: CategoryGroupKey;
  /** Its name in the current language. */
  readonly label: string;
  /** Its name in every language, for the form's search. */
  readonly labels: string;
  icon: string;
  /** Its page: the group's categories and their latest deals. */
  route: string;
}

const GROUP_TEXTS: Record<CategoryGroupKey, readonly [Text, string]> = {
  food: [m.categories_group_food, '🍲'],
  cafes: [m.categories_group_cafes, '☕'],
  groceries: [m.categories_group_groceries, '🛒'],
  electronics: [m.categories_group_electronics, '📱'],
  clothing: [m.categories_group_clothing, '👕'],
  beauty: [m.categories_group_beauty, '💄'],
  home: [m.categories_group_home, '🏠'],
  vehicles: [m.categories_group_vehicles, '🚗'],
  services: [m.categories_group_services, '🛠️'],
  events: [m.categories_group_events, '🎉'],
};

/** The path of a group's page. */
export function groupRoute(key: CategoryGroupKey): string {
  return `/categories/${key}`;
}

/** The ten groups, in the order home and the form show them. */
export const CATEGORY_GROUPS: readonly CategoryGroup[] = Object.freeze(
  CATEGORY_GROUP_KEYS.map((key) => {
    const [label, icon] = GROUP_TEXTS[key];
    return Object.freeze({
      key,
      get label() {
        return label();
      },
      get labels() {
        return `${label({}, { locale: 'en' })} ${label({}, { locale: 'am' })}`;
      },
      icon,
      route: groupRoute(key),
    });
  }),
);

/** The group with this key (exact, lower-case, as in its path), or undefined. */
export function categoryGroupByKey(key: string): CategoryGroup | undefined {
  return CATEGORY_GROUPS.find((group) => group.key === key);
}

/**
 * The categories shown under a group, sorted by label in the current language. The list
 * categories (new, holyday, upcomming) have their own list pages and are never shown under one.
 */
export function categoriesOfGroup(key: CategoryGroupKey): Category[] {
  const locale = m.locale_html_lang();
  return CATEGORIES.filter((c) => c.group === key && c.kind !== 'list').sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** One option of the form's category choice; `labels` is what the search box matches. */
export interface FormCategoryOption {
  value: string;
  label: string;
  labels: string;
}

/** One `<optgroup>` of the form's category choice. */
export interface FormCategoryGroup {
  key: CategoryGroupKey;
  label: string;
  labels: string;
  options: FormCategoryOption[];
}

/**
 * The form's category choice: one group per CATEGORY_GROUPS entry in that order, each with its
 * form categories sorted by label. `current` (the listing's category) is kept as an option under
 * its group when the form no longer offers it (an old listing of the holiday or upcoming category
 * keeps its category when edited).
 */
export function formCategoryGroups(current = ''): FormCategoryGroup[] {
  const locale = m.locale_html_lang();
  const offered = new Set(FORM_CATEGORY_KEYS);
  const kept = categoryByKey(current);
  if (kept) offered.add(kept.key);
  return CATEGORY_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    labels: group.labels,
    options: CATEGORIES.filter((c) => c.group === group.key && offered.has(c.key))
      .map((c) => ({ value: c.key, label: c.label, labels: c.labels }))
      .sort((a, b) => a.label.localeCompare(b.label, locale)),
  })).filter((group) => group.options.length > 0);
}

/**
 * Text folded for the category search: lower case, no Latin accents (café → cafe), and each
 * Ethiopic syllable reduced to its consonant, its same-sounding letters made one. Dropping the
 * vowel lets a word meet its plural and its article (ስልክ finds ስልኮች, ጫማ finds ጫማዎች); over
 * some sixty category names a few more matches do no harm.
 */
export function foldForCategorySearch(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .normalize('NFC')
    .toLowerCase();
  let out = '';
  for (const char of plain) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x1200 || cp > 0x135a) {
      out += char;
      continue;
    }
    const row = cp & ~7;
    out += String.fromCodePoint(SAME_SOUND_ROWS.get(row) ?? row);
  }
  return out.replace(/\s+/gu, ' ');
}

/**
 * The groups and options that match a search, in English or Amharic: an option matches when its
 * name holds the text; a group whose name holds it keeps all its options. `keep` (the chosen value)
 * always stays, so the select never loses its choice. Blank text keeps everything.
 */
export function filterCategoryGroups(groups: readonly FormCategoryGroup[], text: string, keep = ''): FormCategoryGroup[] {
  const wanted = foldForCategorySearch(text.trim());
  if (wanted === '') return [...groups];
  const holds = (labels: string) => foldForCategorySearch(labels).includes(wanted);
  return groups
    .map((group) => (holds(group.labels) ? group : { ...group, options: group.options.filter((o) => o.value === keep || holds(o.labels)) }))
    .filter((group) => group.options.length > 0);
}
