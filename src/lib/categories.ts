/**
 * Category registry: the single source of truth for category keys, labels, routes and aliases.
 *
 * Pure and isomorphic (server, islands and plain Node with type stripping), so it imports nothing.
 * Data keys stay exactly as the spec spells them (the database stores canonical keys); visible
 * labels fix the spec's typos; every route the spec names resolves here, case-insensitively.
 */

/** One category of listings. */
export interface Category {
  /** Canonical key stored in the database (e.g. `photography`, `security`, `jewelry`, `men`). */
  key: string;
  /** Visible label, with the spec's obvious typos fixed (e.g. `Video and Photography`). */
  label: string;
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
}

function define(
  key: string,
  label: string,
  kind: Category['kind'],
  icon: string,
  routes: readonly [string, ...string[]],
  aliases: readonly string[] = [],
): Category {
  return Object.freeze({
    key,
    label,
    route: routes[0],
    routes: Object.freeze([...routes]),
    aliases: Object.freeze([...aliases]),
    icon,
    kind,
  });
}

/**
 * Every category, in the order of spec 2.3, followed by the categories that exist only as form
 * options (sallons, homesecurity) and the list categories (new, holyday, upcomming).
 */
export const CATEGORIES: readonly Category[] = Object.freeze([
  define('admin', 'Virtual Assistant and Admin Support', 'service', '🧑‍💻', ['/Virtual_Assistant_And_Admin_Supports']),
  define('architecture', 'Architecture and Engineering Services', 'service', '📐', ['/Architecture_And_Engineering_Services']),
  define('art', 'Art and Handicrafts', 'product', '🎨', ['/Art_And_Handicrafts']),
  define('automotive', 'Automotive Services', 'service', '🔧', ['/Automotive_Services']),
  define('baby', 'Babies and Kids Products', 'product', '🍼', ['/Babies_And_Kids_Products']),
  define('books', 'Books and Stationery', 'product', '📚', ['/Books_And_Stationaries']),
  define('carwash', 'Car Wash', 'service', '🚿', ['/Car_Wash']),
  define('cleaning', 'Cleaning and Sanitation Services', 'service', '🧹', ['/Cleaning_And_Sanitation_Services']),
  define('consultancy', 'Legal and Consultancy Services', 'service', '⚖️', ['/legal_And_Consultancy_Services']),
  define('decor', 'Event Planning and Decor', 'service', '🎈', ['/Event_planning_And_Decore']),
  define('design', 'Furniture and Interior Design', 'product', '🛋️', ['/Furniture_And_Interior_design']),
  define('digital', 'Digital Marketing Services', 'service', '📣', ['/Digital_Marketing_Services']),
  define('energy', 'Energy and Utilities', 'service', '⚡', ['/Energy_And_Utilities']),
  define('elearning', 'E-learning and Online Courses', 'service', '🎓', ['/Elearning_And_Online_Cources']),
  define('gaming', 'Gaming and Esports', 'service', '🎮', ['/Gamming_And_esports']),
  define('funding', 'Crowdfunding and Investment Services', 'service', '💹', ['/Croud_Funding_And_Investment_Services']),
  define('freight', 'Courier and Freight Services', 'service', '📦', ['/Courier_And_Freight_Services']),
  define('fitness', 'Fitness and Sports Services', 'service', '🏋️', ['/fitness_And_Sports_servies']),
  // The home grid links the lower-case spelling; both must work, the 2.3 spelling is canonical.
  define('jewelry', 'Jewelry', 'product', '💍', ['/Jewelries', '/jewelries']),
  define('insurances', 'Finance and Insurance', 'service', '🏦', ['/Finance_And_Insurances']),
  define('human', 'Human Resources and Staffing', 'service', '🤝', ['/Human_Resource_And_Staffing']),
  define('security', 'Security Services', 'service', '🛡️', ['/Security_Services'], ['sercurity']),
  define('green', 'Green and Eco-friendly Products', 'product', '🌱', ['/Green_And_Ecofreindly_products']),
  define('music', 'Music and Instruments', 'product', '🎸', ['/Music_And_Instruments']),
  define('mental', 'Mental Health and Wellness Services', 'service', '🧘', ['/Mental_Health_And_Wellness_Services']),
  define('medical', 'Medical and Pharmaceuticals', 'product', '💊', ['/Medical_And_Pharmaceuticals']),
  define('marin', 'Marine and Boating Services', 'service', '⛵', ['/Maring_And_Boating_Services']),
  define('logistic', 'Logistics and Delivery Services', 'service', '🚚', ['/Logistics_And_Delivery_Services']),
  define('land', 'Landscaping and Gardening Services', 'service', '🌳', ['/Landescaping_And_Gardening_sevices']),
  define('pet', 'Pet Supplies and Services', 'product', '🐾', ['/Pet_Supplies_And_Services']),
  define('office', 'Coworking and Office Spaces', 'service', '🏢', ['/Coworking_And_Office_Spaces']),
  define('nursing', 'Elderly and Nursing Services', 'service', '🧓', ['/Elderly_And_Nursing_Services']),
  define('nonprofit', 'Non-profit and Charity Organizations', 'service', '🎗️', ['/Non_Profit_And_Charity_organizations']),
  define('repair', 'Repair and Maintenance', 'service', '🛠️', ['/Repair_and_Maintenance']),
  define('rental', 'Rental Services', 'service', '🔑', ['/Rental_Services']),
  define('printing', 'Printing and Publishing', 'service', '🖨️', ['/Printing_And_Publishing']),
  define('podcasting', 'Podcasting and Audio Production', 'service', '🎙️', ['/Podcasting_And_Audio_production']),
  define('photography', 'Video and Photography', 'service', '📷', ['/Video_And_Photography'], ['photograpy']),
  define('health', 'Health and Beauty', 'product', '💄', ['/health-and-beauties']),
  define('software', 'Software and IT Services', 'service', '💻', ['/SoftWare_And_IT_Services']),
  define('stationary', 'Stationery and Office Supplies', 'product', '✏️', ['/Stationary_And_Office_Supplies']),
  // The form's 'tatue' option is labelled 'Female fashions' in the spec: same category as women.
  define('women', "Women's Fashion", 'product', '👗', ['/women_fashions'], ['tatue']),
  define('telecom', 'Telecom Services', 'service', '📡', ['/Telecome_Services']),
  define('waste', 'Waste Management and Recycling', 'service', '♻️', ['/Waste_Management_And_Recycling']),
  define('virtual', 'Virtual Events and Webinars', 'service', '🖥️', ['/Virtual_Events_And_Webbinaries']),
  define('translation', 'Language and Translation Services', 'service', '🌐', ['/Language_And_Translation_Services']),
  define('toys', 'Toys and Games', 'product', '🧸', ['/Toys_And_Games']),
  define('appliances', 'Home Appliances', 'product', '🔌', ['/home-appliances']),
  // Canonical mirrors /women_fashions; the home grid links /men_shoes, which keeps working.
  define('men', "Men's Fashion and Shoes", 'product', '👞', ['/men_fashions', '/men_shoes']),
  define('homes', 'Homes', 'product', '🏠', ['/homes']),
  define('carbrands', 'Car Brands', 'product', '🚗', ['/car-brands']),
  define('foods', 'Food and Beverages', 'product', '🍔', ['/food-and-beverages']),
  define('events', 'Events and Weddings', 'service', '💒', ['/events-and-weddings']),
  define('entertainments', 'Entertainment', 'service', '🎭', ['/entertainments']),
  define('travels', 'Travel', 'service', '✈️', ['/travels']),
  define('agricultural', 'Agriculture and Livestock', 'product', '🌾', ['/Agriculture_And_Livestock']),
  // Form-only options in the spec (no route there): they get their own listing pages.
  define('sallons', 'Salons and Barbers', 'service', '💈', ['/sallons']),
  define('homesecurity', 'Home Security', 'service', '🔒', ['/homesecurity']),
  // List categories: their route is their list page; the spec's chip paths (with spaces) lead there too.
  define('new', 'Recently delivered', 'list', '🆕', ['/new-products']),
  define('holyday', 'Holiday offers', 'list', '🎉', ['/holiday-discounts', '/holyday discounts', '/holiday discounts']),
  define('upcomming', 'Upcoming offers', 'list', '⏳', ['/upcoming-offers', '/upcomming offers'], ['upcommings']),
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
  /** Visible tile name. */
  name: string;
  /** Canonical route of the category the tile links to. */
  route: string;
  /** Canonical key of that category. */
  categoryKey: string;
  /** The category's emoji. */
  icon: string;
}

function tile(name: string, categoryKey: string): ServiceTile {
  const category = mustGet(categoryKey);
  return Object.freeze({ name, route: category.route, categoryKey: category.key, icon: category.icon });
}

/** The 14 tiles of the services directory, in the spec's order. */
export const SERVICE_TILES: readonly ServiceTile[] = Object.freeze([
  tile('Food and Beverages', 'foods'),
  tile('Events and Weddings', 'events'),
  tile('Entertainment', 'entertainments'),
  tile('Repair and Maintenance', 'repair'),
  tile('Videos and Games', 'gaming'),
  tile('Finance and Insurance', 'insurances'),
  tile('Pet Supplies', 'pet'),
  tile('Medical and Pharmaceutical', 'medical'),
  tile('Logistics and Delivery', 'logistic'),
  tile('Consultancy', 'consultancy'),
  tile('Cleaning and Sanitation', 'cleaning'),
  tile('Software and IT', 'software'),
  tile('Automotive', 'automotive'),
  tile('Elderly and Nursing', 'nursing'),
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
 * Options of the listing form's category select: every spec form option under its canonical key,
 * once each (so `photograpy` appears as `photography`, `tatue` folds into `women`), sorted by label.
 */
export const FORM_CATEGORY_OPTIONS: readonly { value: string; label: string }[] = Object.freeze(
  [...new Set(SPEC_FORM_OPTION_VALUES.map((value) => mustGet(value).key))]
    .map((key) => Object.freeze({ value: key, label: mustGet(key).label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en')),
);
