/** The shell's links, in one place: top-bar tabs, discount chips, the slide-out menu and the footer. */

import { m } from '#paraglide/messages.js';

export interface NavLink {
  /** The link's text in the request's language. */
  label: () => string;
  href: string;
}

/** Every page the shell links to, once; the lists below name them in their order. */
const PAGES = {
  shops: { label: m.nav_shops, href: '/discounts' },
  services: { label: m.nav_services, href: '/services' },
  nearby: { label: m.nav_nearby, href: '/nearby-shops' },
  // The spec's routes with spaces redirect to these clean paths.
  daily: { label: m.nav_daily, href: '/daily-discounts' },
  weekly: { label: m.nav_weekly, href: '/weekly-discounts' },
  holiday: { label: m.nav_holiday, href: '/holiday-discounts' },
  upcoming: { label: m.nav_upcoming, href: '/upcoming-offers' },
  // Like My Posts, Saved asks a signed-out visitor to sign in first.
  myPosts: { label: m.nav_my_posts, href: '/myposts' },
  saved: { label: m.saved_nav, href: '/saved' },
  addBusiness: { label: m.nav_add_business, href: '/form' },
  recents: { label: m.nav_recents, href: '/recents' },
  shop: { label: m.nav_shop, href: '/shop' },
  about: { label: m.nav_about, href: '/aboutus' },
  contact: { label: m.nav_contact, href: '/contact-us' },
  help: { label: m.nav_help, href: '/helpcenter' },
  terms: { label: m.nav_terms, href: '/terms' },
  privacy: { label: m.nav_privacy, href: '/privacy' },
  customerService: { label: m.nav_customer_service, href: '/customerservices' },
  language: { label: m.nav_language, href: '/language' },
} satisfies Record<string, NavLink>;

const pick = (...names: (keyof typeof PAGES)[]): readonly NavLink[] => names.map((name) => PAGES[name]);

export const TOP_TABS = pick('shops', 'services', 'nearby');
/** The secondary bar's chips. */
export const DISCOUNT_CHIPS = pick('daily', 'weekly', 'holiday', 'upcoming');
export const MENU_LINKS = [...DISCOUNT_CHIPS, ...pick('myPosts', 'saved', 'addBusiness', 'recents', 'shop', 'about')];
export const FOOTER_LINKS = pick('about', 'contact', 'help', 'terms', 'privacy', 'customerService', 'language');

export const SOCIAL_LINKS: readonly NavLink[] = [
  { label: m.nav_telegram, href: 'https://t.me/s/sefer_market' },
  { label: m.nav_facebook, href: 'https://www.facebook.com/sefer.market' },
  { label: m.nav_tiktok, href: 'https://www.tiktok.com/@sefer.market' },
];
