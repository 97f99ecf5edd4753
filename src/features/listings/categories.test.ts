import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import {
  CATEGORIES,
  formCategoryOptions,
  HOME_CATEGORY_KEYS,
  SERVICE_TILES,
  SPEC_FORM_OPTION_VALUES,
  canonicalCategoryKey,
  categoryByKey,
  categoryByRoute,
  categoryKeyVariants,
  homeCategories,
  isNonCanonicalCategoryPath,
} from './categories.ts';

// Spec 2.3, "Route = key", copied verbatim (the men pair is split in two rows).
const SPEC_ROUTES: ReadonlyArray<readonly [route: string, key: string]> = [
  ['/Virtual_Assistant_And_Admin_Supports', 'admin'],
  ['/Architecture_And_Engineering_Services', 'architecture'],
  ['/Art_And_Handicrafts', 'art'],
  ['/Automotive_Services', 'automotive'],
  ['/Babies_And_Kids_Products', 'baby'],
  ['/Books_And_Stationaries', 'books'],
  ['/Car_Wash', 'carwash'],
  ['/Cleaning_And_Sanitation_Services', 'cleaning'],
  ['/legal_And_Consultancy_Services', 'consultancy'],
  ['/Event_planning_And_Decore', 'decor'],
  ['/Furniture_And_Interior_design', 'design'],
  ['/Digital_Marketing_Services', 'digital'],
  ['/Energy_And_Utilities', 'energy'],
  ['/Elearning_And_Online_Cources', 'elearning'],
  ['/Gamming_And_esports', 'gaming'],
  ['/Croud_Funding_And_Investment_Services', 'funding'],
  ['/Courier_And_Freight_Services', 'freight'],
  ['/fitness_And_Sports_servies', 'fitness'],
  ['/Jewelries', 'jewelry'],
  ['/Finance_And_Insurances', 'insurances'],
  ['/Human_Resource_And_Staffing', 'human'],
  ['/Security_Services', 'security'],
  ['/Green_And_Ecofreindly_products', 'green'],
  ['/Music_And_Instruments', 'music'],
  ['/Mental_Health_And_Wellness_Services', 'mental'],
  ['/Medical_And_Pharmaceuticals', 'medical'],
  ['/Maring_And_Boating_Services', 'marin'],
  ['/Logistics_And_Delivery_Services', 'logistic'],
  ['/Landescaping_And_Gardening_sevices', 'land'],
  ['/Pet_Supplies_And_Services', 'pet'],
  ['/Coworking_And_Office_Spaces', 'office'],
  ['/Elderly_And_Nursing_Services', 'nursing'],
  ['/Non_Profit_And_Charity_organizations', 'nonprofit'],
  ['/Repair_and_Maintenance', 'repair'],
  ['/Rental_Services', 'rental'],
  ['/Printing_And_Publishing', 'printing'],
  ['/Podcasting_And_Audio_production', 'podcasting'],
  ['/Video_And_Photography', 'photography'],
  ['/health-and-beauties', 'health'],
  ['/SoftWare_And_IT_Services', 'software'],
  ['/Stationary_And_Office_Supplies', 'stationary'],
  ['/women_fashions', 'women'],
  ['/Telecome_Services', 'telecom'],
  ['/Waste_Management_And_Recycling', 'waste'],
  ['/Virtual_Events_And_Webbinaries', 'virtual'],
  ['/Language_And_Translation_Services', 'translation'],
  ['/Toys_And_Games', 'toys'],
  ['/home-appliances', 'appliances'],
  ['/men_shoes', 'men'],
  ['/men_fashions', 'men'],
  ['/homes', 'homes'],
  ['/car-brands', 'carbrands'],
  ['/food-and-beverages', 'foods'],
  ['/events-and-weddings', 'events'],
  ['/entertainments', 'entertainments'],
  ['/travels', 'travels'],
  ['/Agriculture_And_Livestock', 'agricultural'],
];

// Issue 29: categories Addis buyers look for that the spec has no key for, each at its own route.
const NEW_KEYS = ['cafes', 'groceries', 'electronics'] as const;

// Spec 2.3, the 17 category pages linked from the category home, in the spec's order.
const SPEC_HOME_ROUTES: ReadonlyArray<readonly [route: string, key: string]> = [
  ['/men_shoes', 'men'],
  ['/women_fashions', 'women'],
  ['/homes', 'homes'],
  ['/car-brands', 'carbrands'],
  ['/travels', 'travels'],
  ['/Security_Services', 'security'],
  ['/Telecome_Services', 'telecom'],
  ['/Video_And_Photography', 'photography'],
  ['/health-and-beauties', 'health'],
  ['/home-appliances', 'appliances'],
  ['/Furniture_And_Interior_design', 'design'],
  ['/jewelries', 'jewelry'],
  ['/Babies_And_Kids_Products', 'baby'],
  ['/fitness_And_Sports_servies', 'fitness'],
  ['/Agriculture_And_Livestock', 'agricultural'],
  ['/Art_And_Handicrafts', 'art'],
  ['/Printing_And_Publishing', 'printing'],
];

// Spec 2.3, the 14 service tiles in the spec's order, with the category each one links to.
const SPEC_SERVICE_TILES: ReadonlyArray<readonly [tile: string, key: string]> = [
  ['food and beverages', 'foods'],
  ['events and weddings', 'events'],
  ['entertainments', 'entertainments'],
  ['repair and maintenance', 'repair'],
  ['videos and games', 'gaming'],
  ['finance and insurances', 'insurances'],
  ['pet supplies', 'pet'],
  ['medical and pharmaceutical', 'medical'],
  ['logistics and delivery', 'logistic'],
  ['consultancy', 'consultancy'],
  ['cleaning and sanitation', 'cleaning'],
  ['software and IT', 'software'],
  ['automotive', 'automotive'],
  ['elderly and nursing', 'nursing'],
];

// Spec 3, "Category options": the exported list is pinned to the spec by its fingerprint below (not
// copied here a second time), plus the values seen in list filters.
const SPEC_FORM_VALUES = SPEC_FORM_OPTION_VALUES;
/** SHA-256 of spec 3's 61 option values, in the spec's order and spelling, joined by commas. */
const SPEC_FORM_VALUES_SHA256 = 'f62d4b9b4421712357222c756b9e470f15ca83cc97e85e814bdfa078a60aeb26';
const SPEC_LIST_FILTER_VALUES = ['new', 'upcommings'] as const;

const ALIASES = { photograpy: 'photography', sercurity: 'security', upcommings: 'upcomming', tatue: 'women' } as const;

function resolvedKey(path: string): string | undefined {
  return categoryByRoute(path)?.key;
}

describe('spec 2.3 category routes', () => {
  it('the table holds the 56 keys of the spec', () => {
    expect(SPEC_ROUTES).toHaveLength(57);
    expect(new Set(SPEC_ROUTES.map(([, key]) => key)).size).toBe(56);
  });

  it.each(SPEC_ROUTES)('%s resolves to %s', (route, key) => {
    expect(resolvedKey(route)).toBe(key);
    expect(resolvedKey(route.toLowerCase())).toBe(key);
    expect(resolvedKey(route.toUpperCase())).toBe(key);
    expect(resolvedKey(`${route}/`)).toBe(key);
    expect(resolvedKey(`${route.toLowerCase()}/`)).toBe(key);
    expect(resolvedKey(`${route}?page=2`)).toBe(key);
  });

  it.each(SPEC_ROUTES)('%s is listed among its category routes', (route, key) => {
    expect(categoryByKey(key)?.routes).toContain(route);
  });

  it('canonical route is the spec route, exactly as spelled', () => {
    for (const [route, key] of SPEC_ROUTES) {
      if (key === 'men') continue;
      expect(categoryByKey(key)?.route).toBe(route);
    }
    expect(['/men_fashions', '/men_shoes']).toContain(categoryByKey('men')?.route);
  });

  it('/jewelries and /Jewelries both lead to jewelry; /men_shoes and /men_fashions both to men', () => {
    expect(resolvedKey('/jewelries')).toBe('jewelry');
    expect(resolvedKey('/Jewelries')).toBe('jewelry');
    expect(resolvedKey('/men_shoes')).toBe('men');
    expect(resolvedKey('/men_fashions')).toBe('men');
  });

  it('decodes percent escapes and ignores only one trailing slash', () => {
    expect(resolvedKey('/holyday%20discounts')).toBe('holyday');
    expect(resolvedKey('/upcomming%20offers/')).toBe('upcomming');
    expect(resolvedKey('/%48omes')).toBe('homes');
    expect(resolvedKey('/homes//')).toBeUndefined();
    expect(resolvedKey('/%E0%A4%A')).toBeUndefined();
  });

  it('form-only and list categories have their own routes', () => {
    expect(categoryByKey('sallons')?.route).toBe('/sallons');
    expect(categoryByKey('homesecurity')?.route).toBe('/homesecurity');
    expect(categoryByKey('new')?.route).toBe('/new-products');
    expect(categoryByKey('holyday')?.route).toBe('/holiday-discounts');
    expect(categoryByKey('upcomming')?.route).toBe('/upcoming-offers');
    expect(resolvedKey('/Sallons/')).toBe('sallons');
    expect(resolvedKey('/HOMESECURITY')).toBe('homesecurity');
  });

  it('unknown routes give undefined', () => {
    for (const path of ['', '/', '/nope', '/Jewelry', '/men', '/discounts', '/services', '/homes/extra', 'homes', '/ homes']) {
      expect(resolvedKey(path), path).toBeUndefined();
    }
  });

  it('tells canonical from non-canonical spellings', () => {
    expect(isNonCanonicalCategoryPath('/Jewelries')).toBe(false);
    expect(isNonCanonicalCategoryPath('/jewelries')).toBe(true);
    expect(isNonCanonicalCategoryPath('/Jewelries/')).toBe(true);
    expect(isNonCanonicalCategoryPath('/men_shoes')).toBe(true);
    expect(isNonCanonicalCategoryPath('/holyday%20discounts')).toBe(true);
    expect(isNonCanonicalCategoryPath('/Video_And_Photography?x=1')).toBe(false);
    expect(isNonCanonicalCategoryPath('/nope')).toBe(false);
  });
});

describe('home grid', () => {
  it('has the 17 categories in the spec order', () => {
    expect(HOME_CATEGORY_KEYS).toEqual(SPEC_HOME_ROUTES.map(([, key]) => key));
    expect(homeCategories().map((c) => c.key)).toEqual([...HOME_CATEGORY_KEYS]);
  });

  it.each(SPEC_HOME_ROUTES)('home link %s resolves to %s', (route, key) => {
    expect(resolvedKey(route)).toBe(key);
    expect(resolvedKey(`${route}/`)).toBe(key);
  });

  it('home categories are products or services', () => {
    for (const c of homeCategories()) expect(c.kind).not.toBe('list');
  });
});

describe('service tiles', () => {
  it('has the 14 tiles in the spec order', () => {
    expect(SERVICE_TILES).toHaveLength(14);
    expect(SERVICE_TILES.map((t) => t.categoryKey)).toEqual(SPEC_SERVICE_TILES.map(([, key]) => key));
  });

  it.each(SERVICE_TILES.map((t) => [t.name, t] as const))('tile %s links to its category', (_name, t) => {
    const category = categoryByKey(t.categoryKey);
    expect(category).toBeDefined();
    expect(t.route).toBe(category?.route);
    expect(resolvedKey(t.route)).toBe(t.categoryKey);
    expect(t.icon).toBe(category?.icon);
    expect(t.name.trim()).not.toBe('');
  });
});

describe('keys and aliases', () => {
  it.each([...SPEC_FORM_VALUES, ...SPEC_LIST_FILTER_VALUES])('form/filter value %s is accepted', (value) => {
    const key = canonicalCategoryKey(value);
    expect(key).toBeDefined();
    expect(canonicalCategoryKey(value.toUpperCase())).toBe(key);
    expect(canonicalCategoryKey(` ${value} `)).toBe(key);
  });

  it.each(Object.entries(ALIASES))('alias %s maps to %s', (alias, key) => {
    expect(canonicalCategoryKey(alias)).toBe(key);
    expect(categoryByKey(alias)?.aliases).toContain(alias);
    expect(categoryKeyVariants(alias)).toEqual([key, ...(categoryByKey(key)?.aliases ?? [])]);
  });

  it('every canonical key maps to itself', () => {
    for (const c of CATEGORIES) {
      expect(canonicalCategoryKey(c.key)).toBe(c.key);
      expect(categoryByKey(c.key)).toBe(c);
    }
  });

  it('unknown keys give undefined', () => {
    for (const value of ['', ' ', 'nope', 'photo', 'jewelries', 'Female fashions', '/homes', 'toString', '__proto__']) {
      expect(canonicalCategoryKey(value), value).toBeUndefined();
      expect(categoryByKey(value), value).toBeUndefined();
    }
    expect(categoryKeyVariants('nope')).toEqual([]);
  });

  it('labels fix the visible typos', () => {
    const label = (key: string): string | undefined => categoryByKey(key)?.label;
    expect(label('photography')).toBe('Video and Photography');
    expect(label('holyday')).toBe('Holiday offers');
    expect(label('upcomming')).toBe('Upcoming offers');
    expect(label('new')).toBe('Recently delivered');
    expect(label('sallons')).toBe('Salons and Barbers');
    expect(label('homesecurity')).toBe('Home Security');
    expect(label('elearning')).toContain('Courses');
    expect(label('marin')).toContain('Marine and Boating');
    expect(label('land')).toContain('Landscaping');
    expect(label('funding')).toContain('Crowdfunding');
    expect(label('gaming')).toContain('Gaming');
    expect(label('telecom')).toContain('Telecom');
    expect(label('green')).toContain('Eco-friendly');
    expect(label('virtual')).toContain('Webinars');
    expect(label('decor')).toBe('Event Planning and Decor');
    expect(label('fitness')).toBe('Fitness and Sports Services');
    const typos = /Cources|Maring|Landescaping|Croud|Gamming|Telecome|Ecofreindly|Webbinaries|Decore|servies|sevices|Holyday|Upcomming/i;
    for (const c of CATEGORIES) expect(c.label, c.key).not.toMatch(typos);
  });
});

describe('listing form options', () => {
  it('the exported spec list matches the spec', () => {
    expect(SPEC_FORM_OPTION_VALUES).toHaveLength(61);
    expect(new Set(SPEC_FORM_OPTION_VALUES).size).toBe(61);
    // The spec's own spellings stay (they are the values old links and forms send).
    for (const value of ['holyday', 'upcomming', 'photograpy', 'sercurity', 'tatue', 'sallons', 'marin']) {
      expect(SPEC_FORM_OPTION_VALUES).toContain(value);
    }
    const fingerprint = createHash('sha256').update(SPEC_FORM_OPTION_VALUES.join(',')).digest('hex');
    expect(fingerprint).toBe(SPEC_FORM_VALUES_SHA256);
  });

  it('covers every spec option by canonical key but the list categories, plus the new ones, once each, sorted by label', () => {
    const values = formCategoryOptions().map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    const expected = new Set(SPEC_FORM_VALUES.map((v) => canonicalCategoryKey(v)).filter((key) => categoryByKey(key!)?.kind !== 'list'));
    for (const key of NEW_KEYS) expected.add(key);
    expect(new Set(values)).toEqual(expected);
    expect(values).toHaveLength(61);
    // Issue 29: holiday and upcoming are properties of a deal now, not categories to choose.
    expect(values).not.toContain('holyday');
    expect(values).not.toContain('upcomming');
    for (const alias of Object.keys(ALIASES)) expect(values).not.toContain(alias);
    expect(values).toContain('photography');
    expect(values).toContain('security');
    expect(values).not.toContain('new');
    for (const o of formCategoryOptions()) expect(o.label).toBe(categoryByKey(o.value)?.label);
    const labels = formCategoryOptions().map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('registry invariants', () => {
  it('keys are unique and lower-case', () => {
    const keys = CATEGORIES.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toBe(key.toLowerCase());
  });

  it('contains the 56 spec keys plus sallons, homesecurity, new, holyday, upcomming and the 3 of issue 29', () => {
    const keys = new Set(CATEGORIES.map((c) => c.key));
    for (const [, key] of SPEC_ROUTES) expect(keys.has(key), key).toBe(true);
    for (const key of ['sallons', 'homesecurity', 'new', 'holyday', 'upcomming', ...NEW_KEYS]) expect(keys.has(key), key).toBe(true);
    expect(CATEGORIES).toHaveLength(64);
  });

  it('aliases never collide with keys or each other', () => {
    const keys = new Set(CATEGORIES.map((c) => c.key.toLowerCase()));
    const aliases = CATEGORIES.flatMap((c) => c.aliases.map((a) => a.toLowerCase()));
    expect(new Set(aliases).size).toBe(aliases.length);
    for (const alias of aliases) expect(keys.has(alias), alias).toBe(false);
  });

  it('routes are unique across categories, case-insensitively, and the canonical route comes first', () => {
    const owner = new Map<string, string>();
    for (const c of CATEGORIES) {
      expect(c.routes[0]).toBe(c.route);
      for (const route of c.routes) {
        expect(route.startsWith('/'), route).toBe(true);
        const lower = route.toLowerCase();
        const previous = owner.get(lower);
        if (previous !== undefined) expect(previous, route).toBe(c.key);
        owner.set(lower, c.key);
        expect(resolvedKey(route)).toBe(c.key);
      }
    }
  });

  it('every category has a label, an icon and a kind; list kinds are exactly new, holyday, upcomming', () => {
    for (const c of CATEGORIES) {
      expect(c.label.trim(), c.key).not.toBe('');
      expect(c.icon.trim(), c.key).not.toBe('');
      expect(['product', 'service', 'list']).toContain(c.kind);
    }
    expect(
      CATEGORIES.filter((c) => c.kind === 'list')
        .map((c) => c.key)
        .sort(),
    ).toEqual(['holyday', 'new', 'upcomming']);
  });
});

describe('names in the page language', () => {
  it('every category and service tile has an Amharic name, and the English ones are unchanged', async () => {
    const { inLocale } = await import('#platform/i18n/locale.server.ts');
    expect(categoryByKey('homes')?.label).toBe('Homes');
    expect(inLocale('am', () => categoryByKey('homes')?.label)).toBe('ቤቶች');
    for (const category of CATEGORIES) {
      const amharic = inLocale('am', () => category.label);
      expect(amharic, category.key).toMatch(/[\u1200-\u137F]/);
      expect(amharic).not.toBe(category.label);
    }
    expect(inLocale('am', () => SERVICE_TILES.map((t) => t.name))).toHaveLength(14);
    for (const name of inLocale('am', () => SERVICE_TILES.map((t) => t.name))) expect(name).toMatch(/[\u1200-\u137F]/);
    const options = inLocale('am', () => formCategoryOptions());
    expect(options.map((o) => o.label)).toEqual([...options.map((o) => o.label)].sort((a, b) => a.localeCompare(b, 'am')));
  });
});
