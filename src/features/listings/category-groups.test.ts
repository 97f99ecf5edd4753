import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_GROUP_KEYS, categoryByKey, categoryByRoute, formCategoryOptions } from './categories.ts';
import {
  CATEGORY_GROUPS,
  categoriesOfGroup,
  categoryGroupByKey,
  filterCategoryGroups,
  foldForCategorySearch,
  formCategoryGroups,
} from './category-groups.ts';
import { resolveListScreen } from './list-screens.ts';

const optionValues = (groups: ReturnType<typeof formCategoryGroups>) => groups.flatMap((g) => g.options.map((o) => o.value));

describe('category groups', () => {
  it('are the ten groups Addis buyers look for, in that order', () => {
    expect(CATEGORY_GROUPS.map((g) => g.key)).toEqual([
      'food',
      'cafes',
      'groceries',
      'electronics',
      'clothing',
      'beauty',
      'home',
      'vehicles',
      'services',
      'events',
    ]);
    expect(CATEGORY_GROUPS.map((g) => g.label)).toEqual([
      'Food and drink',
      'Cafés and restaurants',
      'Groceries',
      'Phones and electronics',
      'Clothing and shoes',
      'Beauty and health',
      'Home and household',
      'Vehicles',
      'Services',
      'Events and entertainment',
    ]);
  });

  it('every category belongs to one of them, and every group has categories to show', () => {
    for (const c of CATEGORIES) expect(CATEGORY_GROUP_KEYS, c.key).toContain(c.group);
    for (const g of CATEGORY_GROUPS) expect(categoriesOfGroup(g.key).length, g.key).toBeGreaterThan(0);
    const shown = CATEGORY_GROUPS.flatMap((g) => categoriesOfGroup(g.key).map((c) => c.key));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).toHaveLength(CATEGORIES.filter((c) => c.kind !== 'list').length);
  });

  it('the groups that had no category lead to one of their own, at a route of its own', () => {
    for (const [group, key, route] of [
      ['cafes', 'cafes', '/cafes'],
      ['groceries', 'groceries', '/groceries'],
      ['electronics', 'electronics', '/electronics'],
    ] as const) {
      expect(categoryByKey(key)?.group).toBe(group);
      expect(categoryByRoute(route)?.key).toBe(key);
      expect(resolveListScreen(route)?.screen.category).toBe(key);
    }
    expect(categoryByKey('foods')?.group).toBe('food');
    expect(categoryByKey('men')?.group).toBe('clothing');
    expect(categoryByKey('telecom')?.group).toBe('electronics');
    expect(categoryByKey('carbrands')?.group).toBe('vehicles');
  });

  it('each group has a page of its own that no category route takes', () => {
    for (const g of CATEGORY_GROUPS) {
      expect(g.route).toBe(`/categories/${g.key}`);
      expect(categoryByRoute(g.route)).toBeUndefined();
      expect(categoryGroupByKey(g.key)).toBe(g);
    }
    expect(categoryGroupByKey('nope')).toBeUndefined();
    expect(categoryGroupByKey('Food')).toBeUndefined();
  });

  it('every group has an Amharic name', async () => {
    const { inLocale } = await import('#platform/i18n/locale.server.ts');
    for (const g of CATEGORY_GROUPS) {
      const amharic = inLocale('am', () => g.label);
      expect(amharic, g.key).toMatch(/[\u1200-\u137F]/);
      expect(g.labels).toContain(amharic);
      expect(g.labels).toContain(g.label);
    }
  });
});

describe("the form's category choice", () => {
  it('is grouped in the groups order and offers exactly the form categories, never holyday or upcomming', () => {
    const groups = formCategoryGroups();
    expect(groups.map((g) => g.key)).toEqual([...CATEGORY_GROUP_KEYS]);
    const values = optionValues(groups);
    expect(new Set(values)).toEqual(new Set(formCategoryOptions().map((o) => o.value)));
    expect(values).toHaveLength(formCategoryOptions().length);
    for (const pseudo of ['holyday', 'upcomming', 'new']) expect(values).not.toContain(pseudo);
    for (const g of groups) {
      const labels = g.options.map((o) => o.label);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
      for (const o of g.options) expect(categoryByKey(o.value)?.group).toBe(g.key);
    }
  });

  it("keeps an old listing's list category so editing it does not change it", () => {
    const groups = formCategoryGroups('holyday');
    expect(optionValues(groups).filter((v) => v === 'holyday')).toHaveLength(1);
    expect(groups.find((g) => g.key === 'events')?.options.map((o) => o.value)).toContain('holyday');
    expect(optionValues(formCategoryGroups('men'))).toHaveLength(formCategoryOptions().length);
    expect(optionValues(formCategoryGroups('nope'))).toHaveLength(formCategoryOptions().length);
  });
});

describe('the category search', () => {
  const groups = formCategoryGroups();
  const found = (text: string, keep?: string) => optionValues(filterCategoryGroups(groups, text, keep));

  it('finds categories by their English name, whatever the case and accents', () => {
    expect(found('phone')).toContain('electronics');
    expect(found('PHONE')).toContain('electronics');
    expect(found('cafe')).toEqual(['cafes']);
    expect(found('café')).toEqual(['cafes']);
    expect(found('jewel')).toEqual(['jewelry']);
  });

  it('finds categories by their Amharic name, plural and same-sound spellings included', () => {
    expect(found('ካፌ')).toEqual(['cafes']);
    // ስልክ (phone) meets ስልኮች (phones): the plural changes the last syllable's vowel.
    expect(found('ስልክ')).toContain('electronics');
    // ጌጣጌጥ is jewelry; ሠ and ሰ sound alike: ሠርግ (wedding) is found as ሰርግ.
    expect(found('ጌጣጌጥ')).toEqual(['jewelry']);
    expect(found('ሰርግ')).toContain('events');
  });

  it("a group's name keeps all its categories", () => {
    const clothing = groups.find((g) => g.key === 'clothing')!.options.map((o) => o.value);
    expect(found('clothing')).toEqual(clothing);
    expect(found('አልባሳት')).toEqual(clothing);
  });

  it('blank text keeps everything; no match keeps only the chosen value', () => {
    expect(found('  ')).toEqual(optionValues(groups));
    expect(found('zzzz')).toEqual([]);
    expect(found('zzzz', 'men')).toEqual(['men']);
    expect(filterCategoryGroups(groups, 'zzzz', 'men').map((g) => g.key)).toEqual(['clothing']);
  });

  it('folds accents, case and Ethiopic vowels and same-sound letters', () => {
    expect(foldForCategorySearch('Café')).toBe('cafe');
    expect(foldForCategorySearch('ስልኮች')).toBe(foldForCategorySearch('ስልክቻ'));
    expect(foldForCategorySearch('ሠርግ')).toBe(foldForCategorySearch('ሰርግ'));
    expect(foldForCategorySearch('ሐ')).toBe(foldForCategorySearch('ሀ'));
    expect(foldForCategorySearch('ስ')).not.toBe(foldForCategorySearch('ል'));
  });
});
