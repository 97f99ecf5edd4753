/**
 * The clock changes lists as a write does: the deals whose start, end, window or 48 hours as a
 * recent post passed are found in one query, and the pages of the lists they were and are in are
 * dropped from the page cache (decision 30), leaving every other page kept.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { listings } from '#db/schema.ts';
import { PageCache, type CachedPage } from '#platform/cache/page-cache.server.ts';
import { onPagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { insertListing } from './listings.server.ts';
import { dropPagesTheClockChanged, listingsTurnedBetween, turnedListingTags } from './listing-transitions.server.ts';

const HOUR = 3_600_000;
const SECOND = 1_000;
const now = FIXED_NOW;
const later = new Date(now.getTime() + 15 * SECOND);

describe.each(drivers())('the clock changing lists on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });

  /** A verified deal of `category` with these moments. */
  async function deal(
    name: string,
    times: { startsAt?: Date; endsAt?: Date | null; datePosted?: Date },
    status: 'verified' | 'pending' = 'verified',
  ) {
    const datePosted = times.datePosted ?? new Date(now.getTime() - 3 * DAY);
    const id = await insertListing(t.db, draft({ productName: name, category: `cat-${name}` as never }), { status, datePosted });
    await t.db
      .update(listings)
      .set({
        startsAt: times.startsAt ?? datePosted,
        endsAt: times.endsAt === undefined ? new Date(now.getTime() + 20 * DAY) : times.endsAt,
      })
      .where(eq(listings.id, id));
    return id;
  }

  it('finds the deals that started, ended, entered the daily or ending-soon window or stopped being recent, and no other', async () => {
    const starts = await deal('starts', { startsAt: new Date(now.getTime() + 10 * SECOND) });
    const ends = await deal('ends', { endsAt: new Date(now.getTime() + 5 * SECOND) });
    const daily = await deal('daily', { endsAt: new Date(now.getTime() + 2 * DAY + 10 * SECOND) });
    const endingSoon = await deal('soon', { endsAt: new Date(now.getTime() + 6 * DAY + 15 * SECOND) });
    const recent = await deal('recent', { datePosted: new Date(now.getTime() - 48 * HOUR + 1 * SECOND) });
    // Nothing happens to these within the 15 seconds, or they are not public.
    await deal('quiet', {});
    await deal('ended-before', { endsAt: new Date(now.getTime()) });
    await deal('starts-after', { startsAt: new Date(now.getTime() + 16 * SECOND) });
    await deal('pending', { startsAt: new Date(now.getTime() + 10 * SECOND) }, 'pending');
    // Posted at its start, or already two days from its end: the write that made it public placed it.
    await deal('posted-at-start', { datePosted: new Date(now.getTime() + 5 * SECOND), startsAt: new Date(now.getTime() + 5 * SECOND) });
    await deal('posted-in-window', {
      datePosted: new Date(now.getTime() + 5 * SECOND),
      endsAt: new Date(now.getTime() + 5 * SECOND + 2 * DAY),
    });

    const turned = await listingsTurnedBetween(t.db, now, later);
    expect(turned.map((listing) => listing.id).sort((a, b) => a - b)).toEqual(
      [starts, ends, daily, endingSoon, recent].sort((a, b) => a - b),
    );
    expect(await listingsTurnedBetween(t.db, later, later)).toEqual([]);

    const tags = await turnedListingTags(t.db, now, later);
    // The lists each was in before and is in after, with its own page, category and seller.
    for (const tag of [
      'list:upcoming',
      'list:daily',
      'list:ending-soon',
      'list:recent',
      `listing:${starts}`,
      'category:cat-daily',
      'search',
      'list:all',
    ])
      expect(tags, tag).toContain(tag);
    expect(tags).not.toContain('category:cat-quiet');
  });

  it('drops the cached pages of the lists the clock changed and keeps the others, once per moment', async () => {
    await deal('daily', { endsAt: new Date(now.getTime() + 2 * DAY + 10 * SECOND) });
    const quiet = await deal('quiet', {});
    const pages = new PageCache(600_000);
    onPagesChanged((tags) => pages.changed(tags));
    const page = (tags: string[]): CachedPage => ({
      status: 200,
      headers: [],
      body: Buffer.from('<p>page</p>'),
      encoded: {},
      etag: 'W/"x"',
      viewOf: null,
      tags: new Set(tags),
      changesIn: Infinity,
    });
    const keep = () => {
      pages.set('/daily-discounts', page(['list:daily']), pages.generation);
      pages.set(`/listings/${quiet}`, page([`listing:${quiet}`, 'category:cat-quiet']), pages.generation);
    };
    keep();
    // The first sweep of a process looks a minute back: the daily deal's moment is 10 s ahead.
    await dropPagesTheClockChanged(t.db, now);
    expect(pages.get('/daily-discounts')).toBeDefined();
    await dropPagesTheClockChanged(t.db, later);
    expect(pages.get('/daily-discounts')).toBeUndefined();
    expect(pages.get(`/listings/${quiet}`)).toBeDefined();
    // The next sweep starts where this one ended: the same moment does not drop the page again.
    keep();
    await dropPagesTheClockChanged(t.db, new Date(later.getTime() + 15 * SECOND));
    expect(pages.get('/daily-discounts')).toBeDefined();
  });
});
