/** The shell's links, in one place: top-bar tabs, discount chips, the slide-out menu and the footer. */

import { m } from '#paraglide/messages.js';

export interface NavLink {
  /** The link's text in the request's language. */
  label: () => string;
  href: string;
}

export const TOP_TABS: readonly NavLink[] = [
  { label: m.nav_shops, href: '/discounts' },
  { label: m.nav_services, href: '/services' },
  { label: m.nav_nearby, href: '/nearby-shops' },
];

/** The secondary bar's chips; the spec's routes with spaces redirect to these clean paths. */
export const DISCOUNT_CHIPS: readonly NavLink[] = [
  { label: m.nav_daily, href: '/daily-discounts' },
  { label: m.nav_weekly, href: '/weekly-discounts' },
  { label: m.nav_holiday, href: '/holiday-discounts' },
  { label: m.nav_upcoming, href: '/upcoming-offers' },
];

export const MENU_LINKS: readonly NavLink[] = [
  ...DISCOUNT_CHIPS,
  { label: m.nav_my_posts, href: '/myposts' },
  // Like My Posts: a signed-out tap signs in first.
  { label: m.saved_nav, href: '/saved' },
  { label: m.nav_add_business, href: '/form' },
  { label: m.nav_recents, href: '/recents' },
  { label: m.nav_shop, href: '/shop' },
  { label: m.nav_about, href: '/aboutus' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { label: m.nav_about, href: '/aboutus' },
  { label: m.nav_contact, href: '/contact-us' },
  { label: m.nav_help, href: '/helpcenter' },
  { label: m.nav_terms, href: '/terms' },
  { label: m.nav_privacy, href: '/privacy' },
  { label: m.nav_customer_service, href: '/customerservices' },
  { label: m.nav_language, href: '/language' },
];

export const SOCIAL_LINKS: readonly NavLink[] = [
  { label: m.nav_telegram, href: 'https://t.me/s/sefer_market' },
  { label: m.nav_facebook, href: 'https://www.facebook.com/sefer.market' },
  { label: m.nav_tiktok, href: 'https://www.tiktok.com/@sefer.market' },
];
