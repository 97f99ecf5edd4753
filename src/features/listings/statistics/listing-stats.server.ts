/**
 * Seller statistics: counting a listing's page views, Telegram and phone taps and shares (once per
 * visitor, listing and Addis Ababa day, and at most {@link MAX_COUNTS_PER_ADDRESS} per client
 * address whatever its user agents; never the owner, an admin or a crawler; no cookie), and the
 * figures My Posts shows.
 *
 * Privacy: a visitor is a SHA-256 of that day's random salt, the address and the user agent, and a
 * client address a SHA-256 of the salt and the address. The salt lives in app_meta under its day;
 * when a day's salt is first made (or by the chores, whichever comes first), the salts, visitor rows
 * and address counts of earlier days are deleted, so no stored hash can be recomputed or linked to
 * anyone.
 */
import { randomBytes } from 'node:crypto';
import { and, between, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { appMeta, listingAddressCounts, listingDailyStats, listings, listingVisitors, type ListingEvent } from '#db/schema.ts';
import { addressHash, figuresOf, isCrawler, lastDays, statsDay, visitorHash, type ListingFigures } from './listing-stats.ts';
import { isPublic } from '#features/listings/listings.server.ts';

/** A listing's 7- and 30-day figures and its last 30 days' views (oldest first). */
export type ListingStatsSummary = ListingFigures;

/** Who did what to which listing, and when. */
export interface ListingVisit {
  listingId: number;
  event: ListingEvent;
  /** The signed-in viewer, if any: the listing's owner and admins are not counted. */
  viewer: { id: string; isAdmin: boolean } | null | undefined;
  /** The client's address (clientAddressOf: honours TRUST_PROXY). */
  address: string | null;
  userAgent: string | null;
  now: Date;
}

/**
 * Most counts of one kind (views, Telegram taps, …) a listing gets from one client address in one
 * day, whatever its user agents. A family, an office or a café behind one address, or people on a
 * mobile network's shared address, still count as a few visitors; more than that from one address
 * in a day is one person reloading with another browser, or a script changing its User-Agent to
 * inflate the figures (issue 25: 25 views and 25 taps in seconds).
 */
export const MAX_COUNTS_PER_ADDRESS = 3;

const SALT_PREFIX = 'stats_salt:';
const COLUMN: Record<ListingEvent, string> = { view: 'views', telegram: 'telegram_taps', phone: 'phone_taps', share: 'shares' };

/** Each database's salt of the day this process last counted on (one statement less per count). */
const salts = new WeakMap<Database, { day: string; salt: string }>();

/**
 * The salt of `day`. Whichever process makes it first also deletes the earlier days' salts and
 * visitor rows (their hashes were only needed for that day).
 */
export async function saltOfDay(db: Database, day: string): Promise<string> {
  const known = salts.get(db);
  if (known?.day === day) return known.salt;
  const key = `${SALT_PREFIX}${day}`;
  const made = await db
    .insert(appMeta)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
    .returning({ value: appMeta.value });
  let salt = made[0]?.value;
  if (salt) {
    await forgetDaysBefore(db, day);
  } else {
    const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
    salt = row!.value;
  }
  salts.set(db, { day, salt });
  return salt;
}

/** Deletes the salts, visitor rows and address counts of the days before `day` (YYYY-MM-DD). */
async function forgetDaysBefore(db: Database, day: string): Promise<void> {
  await db.delete(appMeta).where(and(like(appMeta.key, `${SALT_PREFIX}%`), lt(appMeta.key, `${SALT_PREFIX}${day}`)));
  await db.delete(listingVisitors).where(lt(listingVisitors.day, day));
  await db.delete(listingAddressCounts).where(lt(listingAddressCounts.day, day));
}

/**
 * The chore that forgets earlier days' visitors even when nobody counts anything today (a new
 * day's first count does it too): their hashes were only needed for their day.
 */
export function forgetEarlierVisitors(db: Database, now: Date): Promise<void> {
  return forgetDaysBefore(db, statsDay(now));
}

/** Whether this visit may be counted at all, before any database work. */
export function countable(visit: Pick<ListingVisit, 'viewer' | 'userAgent'>): boolean {
  return !visit.viewer?.isAdmin && !isCrawler(visit.userAgent);
}

/**
 * Counts the visit: true when it was counted. One statement (after the day's salt is known): the
 * visitor row is inserted only for a public listing the viewer does not own; when that row is new,
 * the client address's count of the day goes up unless it has reached
 * {@link MAX_COUNTS_PER_ADDRESS} (the upsert locks the row, so concurrent visits cannot pass the
 * cap); and only then the day's figure goes up.
 */
export async function countListingEvent(db: Database, visit: ListingVisit): Promise<boolean> {
  if (!countable(visit)) return false;
  const day = statsDay(visit.now);
  const salt = await saltOfDay(db, day);
  const hash = visitorHash(salt, visit.address, visit.userAgent!);
  const address = addressHash(salt, visit.address);
  const column = sql.identifier(COLUMN[visit.event]);
  const result = await db.execute(sql`
    with listing as (
      select ${listings.id} as id from ${listings}
      where ${listings.id} = ${visit.listingId} and ${isPublic}
        and ${listings.ownerId} is distinct from ${visit.viewer?.id ?? null}
    ), visitor as (
      insert into ${listingVisitors} (listing_id, day, event, visitor_hash)
      select id, ${day}, ${visit.event}, ${hash} from listing
      on conflict do nothing
      returning listing_id
    ), address as (
      insert into ${listingAddressCounts} (listing_id, day, event, address_hash, count)
      select listing_id, ${day}, ${visit.event}, ${address}, 1 from visitor
      on conflict (listing_id, day, event, address_hash) do update set count = ${listingAddressCounts}.count + 1
      where ${listingAddressCounts}.count < ${MAX_COUNTS_PER_ADDRESS}
      returning listing_id
    )
    insert into ${listingDailyStats} (listing_id, day, ${column})
    select listing_id, ${day}, 1 from address
    on conflict (listing_id, day) do update set ${column} = ${listingDailyStats}.${column} + 1
    returning listing_id`);
  const rows = (result as { rows?: unknown[] }).rows;
  return (rows?.length ?? (result as { rowCount?: number }).rowCount ?? 0) > 0;
}

/** The figures of several of a seller's listings (every id gets one, zeros included), in one query. */
export async function statsOfListings(db: Database, listingIds: number[], now: Date): Promise<Map<number, ListingStatsSummary>> {
  if (listingIds.length === 0) return new Map();
  const today = statsDay(now);
  const days = lastDays(today, 30);
  const rows = await db
    .select({
      listingId: listingDailyStats.listingId,
      day: listingDailyStats.day,
      views: listingDailyStats.views,
      telegramTaps: listingDailyStats.telegramTaps,
      phoneTaps: listingDailyStats.phoneTaps,
      shares: listingDailyStats.shares,
    })
    .from(listingDailyStats)
    .where(and(inArray(listingDailyStats.listingId, listingIds), between(listingDailyStats.day, days[0]!, today)));
  const byListing = new Map<number, typeof rows>(listingIds.map((id) => [id, []]));
  for (const row of rows) byListing.get(row.listingId)?.push(row);
  return new Map([...byListing].map(([id, days]) => [id, figuresOf(days, today)]));
}

/** What a counted contact link of a public listing needs: its own contacts and what a share names. */
export async function tapTargetListing(db: Database, listingId: number) {
  const [row] = await db
    .select({
      id: listings.id,
      productName: listings.productName,
      companyName: listings.companyName,
      discount: listings.discount,
      datePosted: listings.datePosted,
      discountStartDays: listings.discountStartDays,
      discountDurationDays: listings.discountDurationDays,
      contactTelegram: listings.contactTelegram,
      contactPhone: listings.contactPhone,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), isPublic))
    .limit(1);
  return row ?? null;
}
