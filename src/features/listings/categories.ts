/**
 * Category registry: the single source of truth for category keys, labels, routes and aliases.
 *
 * Pure and isomorphic (server, islands and plain Node with type stripping): it imports only the
 * compiled message functions, so a label is read in the language of the page that asks for it.
 * Data keys stay exactly as the spec spells them (the database stores canonical keys); visible
 * labels fix the spec's typos; every route the spec names resolves here, case-insensitively.
 */

import { m } from '#paraglide/messages.js';

type Text = (inputs?: Record<string, never>, options?: { locale?: 'en' | 'am' }) => string;

/**
 * The ten groups Addis buyers look for, in the order home and the form show them (issue 29).
 * Their names, icons and pages are in `category-groups.ts`; every category belongs to one.
 */
export const CATEGORY_GROUP_KEYS = [
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
] as const;
export type CategoryGroupKey = (typeof CATEGORY_GROUP_KEYS)[number];

/** One category of listings. */
export interface Category {
  /** Canonical key stored in the database (e.g. `photography`, `security`, `jewelry`, `men`). */
  key: string;
  /** Visible label in the current language (English with the spec's obvious typos fixed, e.g. `Video and Photography`). */
  readonly label: string;
  /** The label in every language, for search (a listing is found by its category's name in either). */
  readonly labels: string;
  /** Canonical path of its listing page, spelled exactly as the spec spells it where it has one. */
  route: string;
  /** Every path that must lead to this category, canonical first. */
  routes: readonly string[];
  /** Other spellings accepted on input (form option values, list filter values). */
  aliases: readonly string[];
  /** A single emoji used on tiles and banners. */
  icon: string;
  /** `list` marks the special list categories (new, holyday, upcomming), which have their own list pages. */
  kind: 'product' | 'service' | 'list';
  /** The group it is shown under on home, on group pages and in the form's choice. */
  group: CategoryGroupKey;
}

function define(
  key: string,
  label: Text,
  kind: Category['kind'],
  group: CategoryGroupKey,
  icon: string,
  routes: readonly [string, ...string[]],
  aliases: readonly string[] = [],
): Category {
  return Object.freeze({
    key,
    get label() {
      return label();
    },
    get labels() {
      return `${label({}, { locale: 'en' })} ${label({}, { locale: 'am' })}`;
    },
    route: routes[0],
    routes: Object.freeze([...routes]),
    aliases: Object.freeze([...aliases]),
    icon,
    kind,
    group,
  });
}

/**
 * Every category, in the order of spec 2.3, followed by the categories that exist only as form
 * options (sallons, homesecurity), the ones issue 29 added (cafes, groceries, electronics) and the
 * list categories (new, holyday, upcomming).
 */
export const CATEGORIES: readonly Category[] = Object.freeze([
  define('admin', m.listings_category_admin, 'service', 'services', '🧑‍💻', ['/Virtual_Assistant_And_Admin_Supports']),
  define('architecture', m.listings_category_architecture, 'service', 'services', '📐', ['/Architecture_And_Engineering_Services']),
  define('art', m.listings_category_art, 'product', 'home', '🎨', ['/Art_And_Handicrafts']),
  define('automotive', m.listings_category_automotive, 'service', 'vehicles', '🔧', ['/Automotive_Services']),
  define('baby', m.listings_category_baby, 'product', 'clothing', '🍼', ['/Babies_And_Kids_Products']),
  define('books', m.listings_category_books, 'product', 'home', '📚', ['/Books_And_Stationaries']),
  define('carwash', m.listings_category_carwash, 'service', 'vehicles', '🚿', ['/Car_Wash']),
  define('cleaning', m.listings_category_cleaning, 'service', 'services', '🧹', ['/Cleaning_And_Sanitation_Services']),
  define('consultancy', m.listings_category_consultancy, 'service', 'services', '⚖️', ['/legal_And_Consultancy_Services']),
  define('decor', m.listings_category_decor, 'service', 'events', '🎈', ['/Event_planning_And_Decore']),
  define('design', m.listings_category_design, 'product', 'home', '🛋️', ['/Furniture_And_Interior_design']),
  define('digital', m.listings_category_digital, 'service', 'services', '📣', ['/Digital_Marketing_Services']),
  define('energy', m.listings_category_energy, 'service', 'services', '⚡', ['/Energy_And_Utilities']),
  define('elearning', m.listings_category_elearning, 'service', 'services', '🎓', ['/Elearning_And_Online_Cources']),
  define('gaming', m.listings_category_gaming, 'service', 'electronics', '🎮', ['/Gamming_And_esports']),
  define('funding', m.listings_category_funding, 'service', 'services', '💹', ['/Croud_Funding_And_Investment_Services']),
  define('freight', m.listings_category_freight, 'service', 'services', '📦', ['/Courier_And_Freight_Services']),
  define('fitness', m.listings_category_fitness, 'service', 'beauty', '🏋️', ['/fitness_And_Sports_servies']),
  // The home grid links the lower-case spelling; both must work, the 2.3 spelling is canonical.
  define('jewelry', m.listings_category_jewelry, 'product', 'clothing', '💍', ['/Jewelries', '/jewelries']),
  define('insurances', m.listings_category_insurances, 'service', 'services', '🏦', ['/Finance_And_Insurances']),
  define('human', m.listings_category_human, 'service', 'services', '🤝', ['/Human_Resource_And_Staffing']),
  define('security', m.listings_category_security, 'service', 'services', '🛡️', ['/Security_Services'], ['sercurity']),
  define('green', m.listings_category_green, 'product', 'home', '🌱', ['/Green_And_Ecofreindly_products']),
  define('music', m.listings_category_music, 'product', 'home', '🎸', ['/Music_And_Instruments']),
  define('mental', m.listings_category_mental, 'service', 'beauty', '🧘', ['/Mental_Health_And_Wellness_Services']),
  define('medical', m.listings_category_medical, 'product', 'beauty', '💊', ['/Medical_And_Pharmaceuticals']),
  define('marin', m.listings_category_marin, 'service', 'vehicles', '⛵', ['/Maring_And_Boating_Services']),
  define('logistic', m.listings_category_logistic, 'service', 'services', '🚚', ['/Logistics_And_Delivery_Services']),
  define('land', m.listings_category_land, 'service', 'services', '🌳', ['/Landescaping_And_Gardening_sevices']),
  define('pet', m.listings_category_pet, 'product', 'home', '🐾', ['/Pet_Supplies_And_Services']),
  define('office', m.listings_category_office, 'service', 'services', '🏢', ['/Coworking_And_Office_Spaces']),
  define('nursing', m.listings_category_nursing, 'service', 'services', '🧓', ['/Elderly_And_Nursing_Services']),
  define('nonprofit', m.listings_category_nonprofit, 'service', 'services', '🎗️', ['/Non_Profit_And_Charity_organizations']),
  define('repair', m.listings_category_repair, 'service', 'services', '🛠️', ['/Repair_and_Maintenance']),
  define('rental', m.listings_category_rental, 'service', 'services', '🔑', ['/Rental_Services']),
  define('printing', m.listings_category_printing, 'service', 'services', '🖨️', ['/Printing_And_Publishing']),
  define('podcasting', m.listings_category_podcasting, 'service', 'services', '🎙️', ['/Podcasting_And_Audio_production']),
  define('photography', m.listings_category_photography, 'service', 'services', '📷', ['/Video_And_Photography'], ['photograpy']),
  define('health', m.listings_category_health, 'product', 'beauty', '💄', ['/health-and-beauties']),
  define('software', m.listings_category_software, 'service', 'services', '💻', ['/SoftWare_And_IT_Services']),
  define('stationary', m.listings_category_stationary, 'product', 'home', '✏️', ['/Stationary_And_Office_Supplies']),
  // The form's 'tatue' option is labelled 'Female fashions' in the spec: same category as women.
  define('women', m.listings_category_women, 'product', 'clothing', '👗', ['/women_fashions'], ['tatue']),
  define('telecom', m.listings_category_telecom, 'service', 'electronics', '📡', ['/Telecome_Services']),
  define('waste', m.listings_category_waste, 'service', 'services', '♻️', ['/Waste_Management_And_Recycling']),
  define('virtual', m.listings_category_virtual, 'service', 'events', '🖥️', ['/Virtual_Events_And_Webbinaries']),
  define('translation', m.listings_category_translation, 'service', 'services', '🌐', ['/Language_And_Translation_Services']),
  define('toys', m.listings_category_toys, 'product', 'home', '🧸', ['/Toys_And_Games']),
  define('appliances', m.listings_category_appliances, 'product', 'home', '🔌', ['/home-appliances']),
  // Canonical mirrors /women_fashions; the home grid links /men_shoes, which keeps working.
  define('men', m.listings_category_men, 'product', 'clothing', '👞', ['/men_fashions', '/men_shoes']),
  define('homes', m.listings_category_homes, 'product', 'home', '🏠', ['/homes']),
  define('carbrands', m.listings_category_carbrands, 'product', 'vehicles', '🚗', ['/car-brands']),
  define('foods', m.listings_category_foods, 'product', 'food', '🍔', ['/food-and-beverages']),
  define('events', m.listings_category_events, 'service', 'events', '💒', ['/events-and-weddings']),
  define('entertainments', m.listings_category_entertainments, 'service', 'events', '🎭', ['/entertainments']),
  define('travels', m.listings_category_travels, 'service', 'services', '✈️', ['/travels']),
  define('agricultural', m.listings_category_agricultural, 'product', 'groceries', '🌾', ['/Agriculture_And_Livestock']),
  // Form-only options in the spec (no route there): they get their own listing pages.
  define('sallons', m.listings_category_sallons, 'service', 'beauty', '💈', ['/sallons']),
  define('homesecurity', m.listings_category_homesecurity, 'service', 'home', '🔒', ['/homesecurity']),
  // Issue 29: what Addis buyers look for most and no spec category names (no spec route either).
  define('cafes', m.categories_category_cafes, 'service', 'cafes', '☕', ['/cafes']),
  define('groceries', m.categories_category_groceries, 'product', 'groceries', '🛒', ['/groceries']),
  define('electronics', m.categories_category_electronics, 'product', 'electronics', '📱', ['/electronics']),
  // List categories: their route is their list page; the spec's chip paths (with spaces) lead there too.
  define('new', m.listings_category_new, 'list', 'home', '🆕', ['/new-products']),
  define('holyday', m.listings_category_holyday, 'list', 'events', '🎉', [
    '/holiday-discounts',
    '/holyday discounts',
    '/holiday discounts',
  ]),
  define('upcomming', m.listings_category_upcomming, 'list', 'events', '⏳', ['/upcoming-offers', '/upcomming offers'], ['upcommings']),
]);

function normalizeKey(keyOrAlias: string): string {
  return keyOrAlias.trim().toLowerCase();
}

/** Lower-cased, percent-decoded path without query, fragment or one trailing slash. */
function normalizePath(pathname: string): string {
  let path = pathname;
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape cannot be a category route decoded; match it as typed.
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.toLowerCase();
}

// Built once; a collision is a programming error in the table above, so fail loudly at load.
const byKey = new Map<string, Category>();
const byRoute = new Map<string, Category>();
for (const category of CATEGORIES) {
  for (const name of [category.key, ...category.aliases]) {
    const k = normalizeKey(name);
    if (byKey.has(k)) throw new Error(`categories: duplicate key or alias '${name}'`);
    byKey.set(k, category);
  }
  for (const route of category.routes) {
    const r = normalizePath(route);
    const existing = byRoute.get(r);
    if (existing && existing !== category) throw new Error(`categories: route '${route}' used twice`);
    byRoute.set(r, category);
  }
}

/** The category for a key or alias (case-insensitive, surrounding spaces ignored), or undefined. */
export function categoryByKey(keyOrAlias: string): Category | undefined {
  return byKey.get(normalizeKey(keyOrAlias));
}

/** The canonical key for a key or alias (e.g. `photograpy` → `photography`), or undefined if unknown. */
export function canonicalCategoryKey(keyOrAlias: string): string | undefined {
  return categoryByKey(keyOrAlias)?.key;
}

/**
 * The category whose listing page is at `pathname`: case-insensitive, one trailing slash ignored,
 * percent-escapes decoded, query and fragment ignored. `/jewelries` and `/Jewelries` both give
 * jewelry; `/men_shoes` and `/men_fashions` both give men.
 */
export function categoryByRoute(pathname: string): Category | undefined {
  return byRoute.get(normalizePath(pathname));
}

/**
 * Whether `pathname` leads to a category but is not spelled as its canonical route (other case,
 * trailing slash, alternative route), i.e. whether to answer with a 301 to `category.route`.
 * Query and fragment are ignored; false for paths that are no category route.
 */
export function isNonCanonicalCategoryPath(pathname: string): boolean {
  const category = categoryByRoute(pathname);
  if (!category) return false;
  let path = pathname;
  const end = path.search(/[?#]/);
  if (end >= 0) path = path.slice(0, end);
  try {
    path = decodeURIComponent(path);
  } catch {
    // Undecodable: certainly not the canonical spelling.
  }
  return path !== category.route;
}

/**
 * Every stored spelling of a category (canonical key first, then aliases), for SQL filters that
 * must also find rows written before keys were canonicalised. Empty for unknown input.
 */
export function categoryKeyVariants(keyOrAlias: string): string[] {
  const category = categoryByKey(keyOrAlias);
  return category ? [category.key, ...category.aliases] : [];
}

/** Keys of the 17 built-in categories of the home grid, in the order spec 2.3 lists their routes. */
export const HOME_CATEGORY_KEYS: readonly string[] = Object.freeze([
  'men',
  'women',
  'homes',
  'carbrands',
  'travels',
  'security',
  'telecom',
  'photography',
  'health',
  'appliances',
  'design',
  'jewelry',
  'baby',
  'fitness',
  'agricultural',
  'art',
  'printing',
]);

function mustGet(key: string): Category {
  const category = categoryByKey(key);
  if (!category) throw new Error(`categories: unknown key '${key}'`);
  return category;
}

/** The 17 home-grid categories, in HOME_CATEGORY_KEYS order. */
export function homeCategories(): Category[] {
  return HOME_CATEGORY_KEYS.map(mustGet);
}

/** A tile of the services directory (/services). */
export interface ServiceTile {
  /** Visible tile name in the current language. */
  readonly name: string;
  /** Canonical route of the category the tile links to. */
  route: string;
  /** Canonical key of that category. */
  categoryKey: string;
  /** The category's emoji. */
  icon: string;
}

function tile(name: Text, categoryKey: string): ServiceTile {
  const category = mustGet(categoryKey);
  return Object.freeze({
    get name() {
      return name();
    },
    route: category.route,
    categoryKey: category.key,
    icon: category.icon,
  });
}

/** The 14 tiles of the services directory, in the spec's order. */
export const SERVICE_TILES: readonly ServiceTile[] = Object.freeze([
  tile(m.listings_tile_foods, 'foods'),
  tile(m.listings_tile_events, 'events'),
  tile(m.listings_tile_entertainments, 'entertainments'),
  tile(m.listings_tile_repair, 'repair'),
  tile(m.listings_tile_gaming, 'gaming'),
  tile(m.listings_tile_insurances, 'insurances'),
  tile(m.listings_tile_pet, 'pet'),
  tile(m.listings_tile_medical, 'medical'),
  tile(m.listings_tile_logistic, 'logistic'),
  tile(m.listings_tile_consultancy, 'consultancy'),
  tile(m.listings_tile_cleaning, 'cleaning'),
  tile(m.listings_tile_software, 'software'),
  tile(m.listings_tile_automotive, 'automotive'),
  tile(m.listings_tile_nursing, 'nursing'),
]);

/** The option values of the spec's listing form (section 3), exactly as the spec spells them. */
export const SPEC_FORM_OPTION_VALUES: readonly string[] = Object.freeze([
  'men',
  'women',
  'homes',
  'carbrands',
  'foods',
  'appliances',
  'health',
  'events',
  'entertainments',
  'travels',
  'holyday',
  'upcomming',
  'repair',
  'agricultural',
  'books',
  'toys',
  'jewelry',
  'insurances',
  'baby',
  'pet',
  'green',
  'medical',
  'logistic',
  'consultancy',
  'cleaning',
  'telecom',
  'art',
  'photograpy',
  'design',
  'fitness',
  'software',
  'sercurity',
  'printing',
  'automotive',
  'waste',
  'human',
  'energy',
  'gaming',
  'tatue',
  'nursing',
  'rental',
  'decor',
  'translation',
  'nonprofit',
  'freight',
  'sallons',
  'music',
  'office',
  'digital',
  'architecture',
  'mental',
  'homesecurity',
  'land',
  'podcasting',
  'stationary',
  'marin',
  'virtual',
  'funding',
  'elearning',
  'carwash',
  'admin',
]);

/**
 * The categories a seller chooses from: every spec form option under its canonical key, once each
 * (`photograpy` is `photography`, `tatue` folds into `women`), and the categories issue 29 added,
 * but not the list categories: a holiday deal says so in its `holiday` field and an upcoming one is
 * a waiting or later-starting discount (issue 29). Old listings keep theirs; the server accepts them.
 */
export const FORM_CATEGORY_KEYS: readonly string[] = Object.freeze(CATEGORIES.filter((c) => c.kind !== 'list').map((c) => c.key));

/** Options of the listing form's category choice (and the Telegram bot's), sorted by label in the current language. */
export function formCategoryOptions(): { value: string; label: string }[] {
  const locale = m.locale_html_lang();
  return FORM_CATEGORY_KEYS.map((key) => ({ value: key, label: mustGet(key).label })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}
