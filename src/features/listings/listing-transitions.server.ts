/**
 * The clock changes lists as a write does (decision 30): a deal that starts, ends, enters the
 * daily or ending-soon window or stops being a recent post moves in and out of lists without any
 * request. Every few seconds the listings whose moment passed are found, and the pages of the lists
 * they were and are in are dropped, in every process (through the page cache's NOTIFY), as if the
 * listing had been written. So a cached page is right until a write or the clock changes what it
 * shows, and the page cache's lifetime is only a bound.
 */
import { and, gt, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import { pagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { DAILY_WINDOW_DAYS, DAY_MS, ENDING_SOON_WINDOW_DAYS, RECENT_WINDOW_MS } from './discount.ts';
import { listingStateColumns, toListingState } from './listing-page-changes.server.ts';
import { listingChangeTags, type ListingState } from './listing-page-tags.ts';
import { isPublic } from './listings.server.ts';

/** How often the clock's changes are looked for (each turn of the scheduler): a list is at most about this late. */
export const TRANSITIONS_EVERY_MS = 10_000;

/** How far back a sweep looks when this process has not swept before (another may have). */
const FIRST_LOOK_BACK_MS = 4 * TRANSITIONS_EVERY_MS;

/** The longest stretch one sweep covers: pages older than the cache's lifetime are gone anyway. */
const MAX_LOOK_BACK_MS = 60 * 60_000;

/**
 * The moment `column` − `days` fell in (`from`, `to`], after the deal was posted: a deal posted at
 * its start, or already inside a window, was put in its lists by the write that made it public.
 */
const within = (column: AnyPgColumn, from: Date, to: Date, days = 0) =>
  and(
    gt(column, new Date(from.getTime() + days * DAY_MS)),
    lte(column, new Date(to.getTime() + days * DAY_MS)),
    sql`${column} > ${listings.datePosted} + ${sql.raw(`interval '${days} days'`)}`,
  )!;

/**
 * The public listings whose lists changed by the clock alone in (`from`, `to`]: started, ended,
 * came within the daily or ending-soon window of their end, or were posted 48 hours before.
 * One query, each condition a range on an indexed column. A moment no later than the deal's posting
 * is not a change: the write that made the deal public put it in its lists.
 */
export async function listingsTurnedBetween(db: Database, from: Date, to: Date): Promise<ListingState[]> {
  if (to <= from) return [];
  const rows = await db
    .select(listingStateColumns)
    .from(listings)
    .where(
      and(
        isPublic,
        or(
          within(listings.startsAt, from, to),
          within(listings.endsAt, from, to),
          within(listings.endsAt, from, to, DAILY_WINDOW_DAYS),
          within(listings.endsAt, from, to, ENDING_SOON_WINDOW_DAYS),
          and(
            gt(listings.datePosted, new Date(from.getTime() - RECENT_WINDOW_MS)),
            lte(listings.datePosted, new Date(to.getTime() - RECENT_WINDOW_MS)),
          ),
        ),
      ),
    );
  return rows.map(toListingState);
}

/** The pages the clock changed in (`from`, `to`]: each turned listing's, in the lists of both moments. */
export async function turnedListingTags(db: Database, from: Date, to: Date): Promise<string[]> {
  const turned = await listingsTurnedBetween(db, from, to);
  if (turned.length === 0) return [];
  return [...new Set([...listingChangeTags(turned, from), ...listingChangeTags(turned, to)])];
}

let sweptUntil: Date | undefined;

/** The scheduled sweep: drops the pages the clock changed since the last one this process ran. */
export async function dropPagesTheClockChanged(db: Database, now: Date): Promise<number> {
  const earliest = now.getTime() - MAX_LOOK_BACK_MS;
  const from = new Date(Math.max(earliest, sweptUntil?.getTime() ?? now.getTime() - FIRST_LOOK_BACK_MS));
  const tags = await turnedListingTags(db, from, now);
  sweptUntil = now;
  pagesChanged(...tags);
  return tags.length;
}
