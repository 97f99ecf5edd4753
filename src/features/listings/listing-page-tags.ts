/**
 * The page-cache tags of listings (platform/cache/page-dependencies.server.ts, decision 30): what a
 * list or a listing's page shows, and which pages a change of a listing touches. A page showing a
 * card carries `listing:<id>`; a list carries the tag of the list itself (`category:homes`,
 * `list:daily`, `search`, `list:all`), because a new deal in it or one leaving it moves every page
 * of it. A change of a listing names its own tag and the tags of every list it was or is in.
 */
import { DAY_MS, MARKET_UTC_OFFSET_MS, recentSince, WAITING, windowBounds } from './discount.ts';
import type { ListKind } from './listing-query.ts';

export const listingTag = (id: number) => `listing:${id}`;
export const categoryTag = (key: string) => `category:${key}`;
export const listTag = (kind: ListKind | 'all') => `list:${kind}`;
export const sellerTag = (sellerId: number) => `seller:${sellerId}`;
/** The paid promotions shown on a category's pages, or on home (`promoted:all`). */
export const promotedTag = (category: string | null) => `promoted:${category ?? 'all'}`;
/** Every search result page: a search can match any deal. */
export const SEARCH_TAG = 'search';
/** Pages that read listings without describing what they show (sitemaps, nearby, a seller's page). */
export const ANY_LISTING_TAG = 'table:listings';

/** Which deals a list shows (public-listings.server.ts `PublicListingFilter`, without the clock). */
export interface ListTags {
  category?: string;
  categories?: readonly string[];
  list?: ListKind;
  query?: string;
}

/** The tags of a list: each condition it filters by, or every deal. */
export function listTags(filter: ListTags): string[] {
  const tags: string[] = [];
  if (filter.category) tags.push(categoryTag(filter.category));
  for (const key of filter.categories ?? []) tags.push(categoryTag(key));
  if (filter.list) tags.push(listTag(filter.list));
  if (filter.query) tags.push(SEARCH_TAG);
  return tags.length ? tags : [listTag('all')];
}

/** What a card needs for its tags and for when its text changes by itself. */
export interface TaggedCard {
  id: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
}

/** The tags and the next change of a page showing `cards` of a list tagged `tags`. */
export function shownCards(tags: readonly string[], cards: readonly TaggedCard[], now: Date): { tags: string[]; changesIn?: number } {
  return { tags: [...tags, ...cards.map((card) => listingTag(card.id))], changesIn: nextChange(cards, now) };
}

/**
 * The first moment after `now` a card's words change by themselves: a deal starts or ends, its "N
 * days left" (whole days, rounded up) becomes N − 1, which happens each whole day before the start
 * or end, or the market's day turns ("ends today"). Pages are kept until then (decision 30): the
 * cache's own lifetime is only a bound, not what keeps these words right.
 */
export function nextChange(cards: readonly TaggedCard[], now: Date): number | undefined {
  const nowMs = now.getTime();
  let next = Infinity;
  for (const card of cards)
    for (const at of [card.startsAt, card.endsAt]) {
      const time = at?.getTime();
      if (time === undefined || time <= nowMs) continue;
      const partOfDay = (time - nowMs) % DAY_MS;
      next = Math.min(next, nowMs + (partOfDay === 0 ? DAY_MS : partOfDay));
    }
  if (next === Infinity) return undefined;
  next = Math.min(next, nextMarketMidnight(nowMs));
  // As a delay from the page's clock: the cache keeps time by the process's own (SEFER_NOW may differ).
  return next - nowMs;
}

/** The next midnight of the marketplace's calendar (Addis Ababa), in ms since the epoch. */
export function nextMarketMidnight(nowMs: number): number {
  return (Math.floor((nowMs + MARKET_UTC_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - MARKET_UTC_OFFSET_MS;
}

/** A listing as the lists see it, for {@link listingChangeTags}. */
export interface ListingState {
  id: number;
  sellerId: number;
  category: string;
  discount: string;
  datePosted: Date;
  startsAt: Date;
  endsAt: Date | null;
  holiday: string | null;
  hasVideo: boolean;
  /** A promotion of it runs (or waits): it may be in the promoted places. */
  promoted: boolean;
}

/** The lists of the spec a listing is in at `now` (the same conditions as public-listings.server.ts). */
export function listsOf(state: ListingState, now: Date): ListKind[] {
  const lists: ListKind[] = [];
  for (const window of ['daily', 'ending-soon'] as const) {
    const bounds = windowBounds(window, now);
    if (state.endsAt && state.endsAt > bounds.endAfter && state.endsAt <= bounds.endAtOrBefore) lists.push(window);
  }
  if (state.datePosted >= recentSince(now) && state.datePosted <= now) lists.push('recent');
  if (state.category === 'upcomming' || state.discount === WAITING || state.startsAt > now) lists.push('upcoming');
  if (state.category === 'holyday' || state.holiday) lists.push('holiday');
  if (state.category === 'new') lists.push('new');
  if (state.hasVideo) lists.push('videos');
  return lists;
}

/**
 * The pages a change of a listing touches, from its states before and after (null: it did not
 * exist, or is gone): its own page and cards, its category's and seller's pages, the lists it was
 * or is in, every search, the list of every deal, and the pages that read listings without saying which.
 */
export function listingChangeTags(states: readonly (ListingState | null)[], now: Date): string[] {
  const tags = new Set<string>([SEARCH_TAG, listTag('all'), ANY_LISTING_TAG]);
  for (const state of states) {
    if (!state) continue;
    tags.add(listingTag(state.id));
    tags.add(categoryTag(state.category));
    tags.add(sellerTag(state.sellerId));
    for (const list of listsOf(state, now)) tags.add(listTag(list));
    if (state.promoted) for (const tag of [promotedTag(null), promotedTag(state.category)]) tags.add(tag);
  }
  return [...tags];
}
