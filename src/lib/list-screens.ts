/**
 * The public list screens (spec 2.4) and category screens (spec 2.3) served by one route:
 * their paths, list filters and the spec's texts.
 */
import { categoryByRoute, type Category } from './categories.ts';
import type { ListKind } from './listing-query.ts';

export interface ListScreenConfig {
  path: string;
  list?: ListKind;
  category?: string;
  heading: string;
  subtitle?: string;
  empty: string;
  error: string;
  timing?: 'days-left' | 'state';
  waitingText?: string;
  title: string;
  description: string;
}

const OFFLINE = 'No internet connection!';
const UNABLE = 'Unable to connect. Please check your internet connection and try again.';

export const LIST_SCREENS: readonly ListScreenConfig[] = [
  {
    path: '/daily-discounts',
    list: 'daily',
    heading: 'Daily Discounts',
    subtitle: 'Today and Tomorrow',
    empty: 'No daily discounts found.',
    error: OFFLINE,
    timing: 'days-left',
    title: 'Daily Discounts',
    description: 'Verified local discounts that end today or tomorrow in Addis Ababa. Contact the seller on Telegram for the price.',
  },
  {
    path: '/weekly-discounts',
    list: 'ending-soon',
    heading: 'Discounts Ending Soon — Don’t Miss Out!',
    empty: 'No discounts ending soon.',
    error: OFFLINE,
    timing: 'days-left',
    title: 'Discounts ending this week',
    description: 'Verified local discounts ending within the next six days. Contact the seller on Telegram before they are gone.',
  },
  {
    path: '/holiday-discounts',
    list: 'holiday',
    heading: 'New offers for every holiday!',
    subtitle: 'Holiday offers',
    empty: 'No holiday discounts found.',
    error: OFFLINE,
    title: 'Holiday Discounts',
    description: 'Holiday offers from verified local businesses: gifts, food, clothes and more for every Ethiopian holiday.',
  },
  {
    path: '/upcoming-offers',
    list: 'upcoming',
    heading: 'Upcoming offers this week!',
    empty: 'No upcoming services/products found.',
    error: OFFLINE,
    waitingText: 'Waiting for discount...',
    title: 'Upcoming Offers',
    description: 'Discounts that start soon at verified local businesses. Follow the seller on Telegram so you do not miss them.',
  },
];

/** The category screen's texts for one category. */
export function categoryScreen(category: Category): ListScreenConfig {
  return {
    path: category.route,
    category: category.key,
    heading: category.label,
    empty: 'No products or services found in this category yet. Be the first to showcase your business here!',
    error: UNABLE,
    title: `${category.label} discounts`,
    description: `${category.label}: verified local discounts in Addis Ababa. Contact the seller on Telegram to see the price.`,
  };
}

/**
 * Resolves a request path to a list or category screen. `redirect` is set when the path leads
 * there under another spelling (letter case, the spec's routes with spaces).
 */
export function resolveListScreen(pathname: string): { screen: ListScreenConfig; redirect?: string } | null {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // keep it as typed
  }
  const clean = decoded.replace(/\/+$/, '') || '/';
  const list = LIST_SCREENS.find((s) => s.path.toLowerCase() === clean.toLowerCase());
  if (list) return { screen: list, redirect: list.path === pathname ? undefined : list.path };
  const category = categoryByRoute(pathname);
  if (!category) return null;
  // The list categories have their own screens.
  if (category.kind === 'list') {
    const target = LIST_SCREENS.find((s) => s.path === category.route);
    if (target) return { screen: target, redirect: target.path };
  }
  const screen = categoryScreen(category);
  return { screen, redirect: category.route === pathname ? undefined : category.route };
}
