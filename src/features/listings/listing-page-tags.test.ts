import { describe, expect, it } from 'vitest';
import {
  listingChangeTags,
  listsOf,
  listTags,
  nextChange,
  nextMarketMidnight,
  shownCards,
  type ListingState,
} from './listing-page-tags.ts';

const NOW = new Date('2026-03-10T09:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const state = (overrides: Partial<ListingState> = {}): ListingState => ({
  id: 5,
  sellerId: 2,
  category: 'homes',
  discount: '20',
  datePosted: new Date(NOW.getTime() - 10 * DAY),
  startsAt: new Date(NOW.getTime() - 10 * DAY),
  endsAt: new Date(NOW.getTime() + 20 * DAY),
  holiday: null,
  hasVideo: false,
  promoted: false,
  ...overrides,
});

describe('page tags of listings', () => {
  it('tags a list by what it filters, or as the list of every deal', () => {
    expect(listTags({ category: 'homes' })).toEqual(['category:homes']);
    expect(listTags({ list: 'daily' })).toEqual(['list:daily']);
    expect(listTags({ query: 'bole', category: 'foods' })).toEqual(['category:foods', 'search']);
    expect(listTags({ categories: ['cafes', 'foods'] })).toEqual(['category:cafes', 'category:foods']);
    expect(listTags({})).toEqual(['list:all']);
  });

  it('puts a deal in the lists whose conditions it meets now', () => {
    expect(listsOf(state(), NOW)).toEqual([]);
    expect(listsOf(state({ endsAt: new Date(NOW.getTime() + 12 * HOUR) }), NOW)).toEqual(['daily', 'ending-soon']);
    expect(listsOf(state({ endsAt: new Date(NOW.getTime() + 5 * DAY) }), NOW)).toEqual(['ending-soon']);
    expect(listsOf(state({ datePosted: new Date(NOW.getTime() - HOUR) }), NOW)).toEqual(['recent']);
    expect(listsOf(state({ discount: 'waiting' }), NOW)).toEqual(['upcoming']);
    expect(listsOf(state({ startsAt: new Date(NOW.getTime() + DAY) }), NOW)).toEqual(['upcoming']);
    expect(listsOf(state({ holiday: 'timket' }), NOW)).toEqual(['holiday']);
    expect(listsOf(state({ category: 'new', hasVideo: true }), NOW)).toEqual(['new', 'videos']);
  });

  it('names the pages of a changed deal before and after: its own, its category, seller, lists and search', () => {
    const before = state({ category: 'homes' });
    const after = state({ category: 'foods', endsAt: new Date(NOW.getTime() + 6 * HOUR), promoted: true });
    expect(listingChangeTags([before, after], NOW).sort()).toEqual(
      [
        'search',
        'list:all',
        'table:listings',
        'listing:5',
        'category:homes',
        'category:foods',
        'seller:2',
        'list:daily',
        'list:ending-soon',
        'promoted:all',
        'promoted:foods',
      ].sort(),
    );
    expect(listingChangeTags([null, null], NOW).sort()).toEqual(['list:all', 'search', 'table:listings']);
  });

  it('gives a page of cards their tags and the first moment one of them starts or ends', () => {
    const cards = [
      { id: 1, startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + 3 * HOUR) },
      { id: 2, startsAt: new Date(NOW.getTime() + HOUR), endsAt: null },
    ];
    expect(shownCards(['category:homes'], cards, NOW)).toEqual({
      tags: ['category:homes', 'listing:1', 'listing:2'],
      changesIn: HOUR,
    });
    expect(nextChange([{ id: 3, startsAt: new Date(0), endsAt: new Date(0) }], NOW)).toBeUndefined();
  });

  it("changes a card's page when its days left go down by one, and at the market's midnight", () => {
    // Ends in 20 days and 5 hours: "21 days left" until 5 hours from now, then "20 days left".
    const far = { id: 4, startsAt: new Date(NOW.getTime() - DAY), endsAt: new Date(NOW.getTime() + 20 * DAY + 5 * HOUR) };
    expect(nextChange([far], NOW)).toBe(5 * HOUR);
    // Exactly 3 days before its start: "3 days" now, "2 days" a whole day later.
    const starting = { id: 6, startsAt: new Date(NOW.getTime() + 3 * DAY), endsAt: null };
    // NOW is noon in Addis Ababa (09:00 UTC): its midnight is 12 hours away, sooner than a day.
    expect(nextMarketMidnight(NOW.getTime())).toBe(NOW.getTime() + 12 * HOUR);
    expect(nextChange([starting], NOW)).toBe(12 * HOUR);
    expect(nextChange([starting], new Date(NOW.getTime() + 13 * HOUR))).toBe(11 * HOUR);
  });
});
