/** The shell's links, in one place: top-bar tabs, discount chips, the slide-out menu and the footer. */

export interface NavLink {
  label: string;
  href: string;
}

export const TOP_TABS: readonly NavLink[] = [
  { label: 'Shops', href: '/discounts' },
  { label: 'Services', href: '/services' },
  { label: 'Nearby', href: '/nearby-shops' },
];

/** The secondary bar's chips; the spec's routes with spaces redirect to these clean paths. */
export const DISCOUNT_CHIPS: readonly NavLink[] = [
  { label: 'Daily Discounts', href: '/daily-discounts' },
  { label: 'Weekly Discounts', href: '/weekly-discounts' },
  { label: 'Holiday Discounts', href: '/holiday-discounts' },
  { label: 'Upcoming Offers', href: '/upcoming-offers' },
];

export const MENU_LINKS: readonly NavLink[] = [
  ...DISCOUNT_CHIPS,
  { label: 'My Posts', href: '/myposts' },
  { label: 'Add your business', href: '/form' },
  { label: 'Recents', href: '/recents' },
  { label: 'Shop', href: '/shop' },
  { label: 'About us', href: '/aboutus' },
];

export const FOOTER_LINKS: readonly NavLink[] = [
  { label: 'About us', href: '/aboutus' },
  { label: 'Contact us', href: '/contact-us' },
  { label: 'Help centre', href: '/helpcenter' },
  { label: 'Terms', href: '/terms' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Customer service', href: '/customerservices' },
  { label: 'Language', href: '/language' },
];

export const SOCIAL_LINKS: readonly NavLink[] = [
  { label: 'Telegram', href: 'https://t.me/s/sefer_market' },
  { label: 'Facebook', href: 'https://www.facebook.com/sefer.market' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@sefer.market' },
];
