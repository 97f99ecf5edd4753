/**
 * The public list screens (spec 2.4) and category screens (spec 2.3) served by one route:
 * their paths, list filters and the spec's texts.
 */
import { categoryByRoute, type Category } from './categories.ts';
import type { ListKind } from './listing-query.ts';
import { m } from '#paraglide/messages.js';

export interface ListScreenConfig {
  readonly path: string;
  readonly list?: ListKind;
  readonly category?: string;
  readonly heading: string;
  readonly subtitle?: string;
  readonly empty: string;
  readonly error: string;
  readonly timing?: 'days-left' | 'state';
  readonly waitingText?: string;
  readonly title: string;
  readonly description: string;
}

type Text = () => string;
type Texts = { [K in 'heading' | 'subtitle' | 'empty' | 'error' | 'waitingText' | 'title' | 'description']?: Text } & {
  heading: Text;
  empty: Text;
  error: Text;
  title: Text;
  description: Text;
};

/** A screen whose texts are read when asked for, so each request gets its own language. */
function screen(fixed: Pick<ListScreenConfig, 'path' | 'list' | 'category' | 'timing'>, texts: Texts): ListScreenConfig {
  const config = { ...fixed } as Record<string, unknown>;
  for (const [name, text] of Object.entries(texts)) Object.defineProperty(config, name, { get: text, enumerable: true });
  return Object.freeze(config) as unknown as ListScreenConfig;
}

export const LIST_SCREENS: readonly ListScreenConfig[] = [
  screen(
    { path: '/daily-discounts', list: 'daily', timing: 'days-left' },
    {
      heading: m.listings_daily_heading,
      subtitle: m.listings_daily_subtitle,
      empty: m.listings_daily_empty,
      error: m.pages_unavailable,
      title: m.listings_daily_heading,
      description: m.listings_daily_description,
    },
  ),
  screen(
    { path: '/weekly-discounts', list: 'ending-soon', timing: 'days-left' },
    {
      heading: m.listings_weekly_heading,
      empty: m.listings_weekly_empty,
      error: m.pages_unavailable,
      title: m.listings_weekly_title,
      description: m.listings_weekly_description,
    },
  ),
  screen(
    { path: '/holiday-discounts', list: 'holiday' },
    {
      heading: m.listings_holiday_heading,
      subtitle: m.listings_holiday_subtitle,
      empty: m.listings_holiday_empty,
      error: m.pages_unavailable,
      title: m.listings_holiday_title,
      description: m.listings_holiday_description,
    },
  ),
  screen(
    { path: '/upcoming-offers', list: 'upcoming' },
    {
      heading: m.listings_upcoming_heading,
      empty: m.listings_upcoming_empty,
      error: m.pages_unavailable,
      waitingText: m.listings_upcoming_waiting,
      title: m.listings_upcoming_title,
      description: m.listings_upcoming_description,
    },
  ),
];

/** The category screen's texts for one category. */
export function categoryScreen(category: Category): ListScreenConfig {
  return screen(
    { path: category.route, category: category.key },
    {
      heading: () => category.label,
      empty: m.listings_category_empty,
      error: m.pages_unavailable,
      title: () => m.listings_category_title({ category: category.label }),
      description: () => m.listings_category_description({ category: category.label }),
    },
  );
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
