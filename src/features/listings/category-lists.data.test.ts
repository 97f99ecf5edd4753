/**
 * Issue 29: holiday and upcoming are properties of a deal, not only categories. A deal of any
 * category marked for a holiday is on the holiday page, a waiting or later-starting one on the
 * upcoming list; the old holiday and upcoming categories keep showing there. Group pages list the
 * deals of their categories.
 */
import { describe, expect, it } from 'vitest';
import { listHolidayDeals } from './holiday-listings.server.ts';
import { insertListing } from './listings.server.ts';
import { listPublicListings } from './public-listings.server.ts';
import { categoriesOfGroup } from './category-groups.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const page = { page: 1, pageSize: 24 };
const now = FIXED_NOW;
const datePosted = new Date(now.getTime() - DAY);

describe.each(drivers())('holiday and upcoming deals by property on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });
  const names = (items: { productName: string }[]) => items.map((i) => i.productName).sort();
  const verified = { status: 'verified' as const, datePosted };

  it('a deal of another category marked for a holiday is on the holiday page and list, with the old holiday category', async () => {
    await insertListing(t.db, draft({ productName: 'doro for genna', category: 'foods', holiday: 'genna' }), verified);
    await insertListing(t.db, draft({ productName: 'old holiday', category: 'holyday' }), verified);
    await insertListing(t.db, draft({ productName: 'plain', category: 'foods' }), verified);
    await insertListing(t.db, draft({ productName: 'pending genna', category: 'foods', holiday: 'genna' }), {
      status: 'pending',
      datePosted,
    });
    expect(names((await listHolidayDeals(t.db, ['genna'], page)).items)).toEqual(['doro for genna', 'old holiday']);
    expect(names((await listPublicListings(t.db, { list: 'holiday', now }, page)).items)).toEqual(['doro for genna', 'old holiday']);
  });

  it('a waiting or later-starting deal of any category is upcoming, with the old upcoming category', async () => {
    await insertListing(
      t.db,
      draft({ productName: 'waiting phones', category: 'electronics', discount: 'waiting', discountDurationDays: null }),
      verified,
    );
    await insertListing(t.db, draft({ productName: 'starts in 3 days', category: 'men', discountStartDays: 3 }), verified);
    await insertListing(
      t.db,
      draft({ productName: 'old upcoming', category: 'upcomming', discount: '10', discountDurationDays: 5 }),
      verified,
    );
    await insertListing(t.db, draft({ productName: 'running now', category: 'men' }), verified);
    // Started yesterday (posted two days ago, starting a day later): no longer upcoming.
    await insertListing(t.db, draft({ productName: 'started', category: 'men', discountStartDays: 1 }), {
      status: 'verified',
      datePosted: new Date(now.getTime() - 2 * DAY),
    });
    await insertListing(t.db, draft({ productName: 'pending waiting', discount: 'waiting', discountDurationDays: null }), {
      status: 'pending',
      datePosted,
    });
    expect(names((await listPublicListings(t.db, { list: 'upcoming', now }, page)).items)).toEqual([
      'old upcoming',
      'starts in 3 days',
      'waiting phones',
    ]);
  });

  it("a group page lists the deals of its categories, newest first, and no others'", async () => {
    await insertListing(t.db, draft({ productName: 'shirt', category: 'men' }), {
      status: 'verified',
      datePosted: new Date(now.getTime() - 3 * DAY),
    });
    await insertListing(t.db, draft({ productName: 'dress', category: 'women' }), verified);
    await insertListing(t.db, draft({ productName: 'phone', category: 'electronics' }), verified);
    const clothing = categoriesOfGroup('clothing').map((c) => c.key);
    const result = await listPublicListings(t.db, { categories: clothing, now }, page);
    expect(result.items.map((i) => i.productName)).toEqual(['dress', 'shirt']);
  });
});
