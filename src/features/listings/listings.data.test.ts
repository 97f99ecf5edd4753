import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { insertListing } from './listings.server.ts';
import { listPublicListings } from './public-listings.server.ts';
import { createSeller, DAY, draft, FIXED_NOW, listingEndingIn } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe.each(drivers())('listings on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });

  const page = { page: 1, pageSize: 24 };

  it('applies the migrations with the trigram extension', async () => {
    const count = await t.db.$count(sql`pg_extension`, sql`extname = 'pg_trgm'`);
    expect(count).toBe(1);
  });

  it('derives starts_at and ends_at from the posting date, start and duration', async () => {
    const posted = new Date('2026-03-01T00:00:00Z');
    const id = await insertListing(t.db, draft({ discountDurationDays: 5 }), { status: 'verified', datePosted: posted });
    const id2 = await insertListing(t.db, draft({ discountDurationDays: null, discountStartDays: 3 }), { datePosted: posted });
    const rows = await t.db.select().from(listings).orderBy(listings.id);
    expect(rows.map((r) => r.id)).toEqual([id, id2]);
    expect(rows[0]!.startsAt.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(rows[0]!.endsAt!.toISOString()).toBe('2026-03-06T00:00:00.000Z');
    expect(rows[1]!.startsAt.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(rows[1]!.endsAt).toBeNull();
    expect(rows[1]!.status).toBe('pending');
  });

  it('rejects discount days outside 1 to 30', async () => {
    await expect(insertListing(t.db, draft({ discountDurationDays: 31 }))).rejects.toThrow();
    await expect(insertListing(t.db, draft({ discountDurationDays: 0 }))).rejects.toThrow();
  });

  it('daily window: 1 to 2 days left, boundaries included and excluded', async () => {
    const inside = [1, DAY, DAY + 1, 2 * DAY];
    const outside = [0, -1, 2 * DAY + 1, 3 * DAY];
    for (const ms of [...inside, ...outside]) await listingEndingIn(t.db, ms, { productName: `ends ${ms}` });
    const result = await listPublicListings(t.db, { list: 'daily', now: FIXED_NOW }, page);
    expect(result.items.map((i) => i.productName)).toEqual(inside.map((ms) => `ends ${ms}`));
  });

  it('ending-soon window: 1 to 6 days left, soonest first', async () => {
    const inside = [1, 3 * DAY, 6 * DAY];
    const outside = [0, 6 * DAY + 1, 20 * DAY];
    for (const ms of [...outside, ...inside.slice().reverse()]) await listingEndingIn(t.db, ms, { productName: `ends ${ms}` });
    const result = await listPublicListings(t.db, { list: 'ending-soon', now: FIXED_NOW }, page);
    expect(result.items.map((i) => i.productName)).toEqual(inside.map((ms) => `ends ${ms}`));
  });

  it('recent window: posted within the last 48 hours, newest first', async () => {
    const hours = [0, 1, 47, 48, 48.01, 100];
    for (const h of hours) {
      await insertListing(t.db, draft({ productName: `${h}h` }), {
        status: 'verified',
        datePosted: new Date(FIXED_NOW.getTime() - h * 3_600_000),
      });
    }
    await insertListing(t.db, draft({ productName: 'future' }), { status: 'verified', datePosted: new Date(FIXED_NOW.getTime() + 60_000) });
    const result = await listPublicListings(t.db, { list: 'recent', now: FIXED_NOW }, page);
    expect(result.items.map((i) => i.productName)).toEqual(['0h', '1h', '47h', '48h']);
  });

  it('shows only verified listings, filtered by category', async () => {
    await insertListing(t.db, draft({ productName: 'pending' }), { status: 'pending' });
    await insertListing(t.db, draft({ productName: 'rejected' }), { status: 'rejected', rejectionReason: 'no' });
    await insertListing(t.db, draft({ productName: 'other category', category: 'foods' }), { status: 'verified' });
    await insertListing(t.db, draft({ productName: 'visible' }), { status: 'verified' });
    const all = await listPublicListings(t.db, { now: FIXED_NOW }, page);
    expect(all.items.map((i) => i.productName).sort()).toEqual(['other category', 'visible']);
    const appliances = await listPublicListings(t.db, { category: 'appliances', now: FIXED_NOW }, page);
    expect(appliances.items.map((i) => i.productName)).toEqual(['visible']);
  });

  it('pages with one query per page and knows when there is more', async () => {
    for (let i = 0; i < 5; i++) {
      await insertListing(t.db, draft({ productName: `p${i}` }), {
        status: 'verified',
        datePosted: new Date(FIXED_NOW.getTime() - i * DAY),
      });
    }
    t.resetQueryCount();
    const first = await listPublicListings(t.db, { now: FIXED_NOW }, { page: 1, pageSize: 2 });
    expect(t.queryCount()).toBe(1);
    const third = await listPublicListings(t.db, { now: FIXED_NOW }, { page: 3, pageSize: 2 });
    expect(first.items.map((i) => i.productName)).toEqual(['p0', 'p1']);
    expect(first.hasMore).toBe(true);
    expect(third.items.map((i) => i.productName)).toEqual(['p4']);
    expect(third.hasMore).toBe(false);
  });

  it('never exposes the owner in card rows', async () => {
    await insertListing(t.db, draft(), { status: 'verified' });
    const result = await listPublicListings(t.db, { now: FIXED_NOW }, page);
    expect(Object.keys(result.items[0]!)).not.toContain('ownerId');
  });
});
