/**
 * Deal alerts on Telegram: what each chat follows (categories, words, a place), which chats a
 * newly verified listing matches (indexed SQL, never a loop over every subscriber), and the
 * alerts themselves: one per chat and listing, at most DAILY_ALERT_CAP messages a day per chat,
 * the rest gathered into one digest at the end of the day.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  listings,
  telegramAlertCategories,
  telegramAlertKeywords,
  telegramAlertPlaces,
  telegramAlerts,
  telegramChats,
} from '#db/schema.ts';
import { boundingBox } from '#features/listings/listing-query.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { MAX_KEYWORDS, addisDay, endOfAddisDay } from './telegram-texts.ts';
import { keysOfFollowedWord } from '#features/search/search.server.ts';
import { SEARCH_VERSION } from '#features/search/search-document.ts';
import { m } from '#paraglide/messages.js';

/** "Near me" alerts: deals within this distance of the shared place (as the site's nearby list). */
export const ALERT_RADIUS_KM = 2;
/** Alert messages a chat gets a day; more that day become one digest. */
export const DAILY_ALERT_CAP = 10;

export interface AlertSubscriptions {
  categories: string[];
  keywords: { id: number; keyword: string }[];
  place: { latitude: number; longitude: number } | null;
}

export async function subscriptionsOf(db: Database, chatId: number): Promise<AlertSubscriptions> {
  const [categories, keywords, places] = await Promise.all([
    db
      .select({ category: telegramAlertCategories.category })
      .from(telegramAlertCategories)
      .where(eq(telegramAlertCategories.chatId, chatId))
      .orderBy(asc(telegramAlertCategories.category)),
    db
      .select({ id: telegramAlertKeywords.id, keyword: telegramAlertKeywords.keyword })
      .from(telegramAlertKeywords)
      .where(eq(telegramAlertKeywords.chatId, chatId))
      .orderBy(asc(telegramAlertKeywords.keyword)),
    db
      .select({ latitude: telegramAlertPlaces.latitude, longitude: telegramAlertPlaces.longitude })
      .from(telegramAlertPlaces)
      .where(eq(telegramAlertPlaces.chatId, chatId)),
  ]);
  return { categories: categories.map((c) => c.category), keywords, place: places[0] ?? null };
}

/** Follows a category, or stops following it; true when it is followed now. */
export async function toggleCategory(db: Database, chatId: number, category: string): Promise<boolean> {
  const removed = await db
    .delete(telegramAlertCategories)
    .where(and(eq(telegramAlertCategories.chatId, chatId), eq(telegramAlertCategories.category, category)))
    .returning({ category: telegramAlertCategories.category });
  if (removed.length > 0) return false;
  await db.insert(telegramAlertCategories).values({ chatId, category }).onConflictDoNothing();
  return true;
}

export async function unfollowCategory(db: Database, chatId: number, category: string): Promise<void> {
  await db
    .delete(telegramAlertCategories)
    .where(and(eq(telegramAlertCategories.chatId, chatId), eq(telegramAlertCategories.category, category)));
}

/** Follows words (already parsed), up to MAX_KEYWORDS per chat; the words followed now. */
export async function followKeywords(db: Database, chatId: number, words: string[]): Promise<Result<string[]>> {
  const existing = await db
    .select({ keyword: telegramAlertKeywords.keyword })
    .from(telegramAlertKeywords)
    .where(eq(telegramAlertKeywords.chatId, chatId));
  const known = new Set(existing.map((k) => k.keyword));
  const fresh = words.filter((word) => !known.has(word));
  if (known.size + fresh.length > MAX_KEYWORDS) return fail(409, m.tg_keyword_limit({ max: MAX_KEYWORDS }));
  if (fresh.length > 0) {
    // Each word keeps the keys a search for it matches: an alert is a search run on each new deal.
    const values = await Promise.all(
      fresh.map(async (keyword) => ({ chatId, keyword, keys: await keysOfFollowedWord(db, keyword), searchVersion: SEARCH_VERSION })),
    );
    await db.insert(telegramAlertKeywords).values(values).onConflictDoNothing();
  }
  return ok(words);
}

export async function unfollowKeyword(db: Database, chatId: number, id: number): Promise<void> {
  await db.delete(telegramAlertKeywords).where(and(eq(telegramAlertKeywords.chatId, chatId), eq(telegramAlertKeywords.id, id)));
}

/** Alerts for deals near a place (one place per chat: a new one replaces the old). */
export async function followPlace(db: Database, chatId: number, latitude: number, longitude: number): Promise<void> {
  await db
    .insert(telegramAlertPlaces)
    .values({ chatId, latitude, longitude })
    .onConflictDoUpdate({ target: telegramAlertPlaces.chatId, set: { latitude, longitude, createdAt: new Date() } });
}

export async function unfollowPlace(db: Database, chatId: number): Promise<void> {
  await db.delete(telegramAlertPlaces).where(eq(telegramAlertPlaces.chatId, chatId));
}

/** /stop: every alert of the chat ends. */
export async function stopAlerts(db: Database, chatId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(telegramAlertCategories).where(eq(telegramAlertCategories.chatId, chatId));
    await tx.delete(telegramAlertKeywords).where(eq(telegramAlertKeywords.chatId, chatId));
    await tx.delete(telegramAlertPlaces).where(eq(telegramAlertPlaces.chatId, chatId));
    await tx.update(telegramChats).set({ awaiting: null }).where(eq(telegramChats.chatId, chatId));
  });
}

/** The person blocked the bot: their alerts end and nothing more is sent to them. */
export async function chatBlockedBot(db: Database, chatId: number, now: Date): Promise<void> {
  await stopAlerts(db, chatId);
  await db.update(telegramChats).set({ blockedAt: now }).where(eq(telegramChats.chatId, chatId));
  await db
    .update(telegramAlerts)
    .set({ state: 'dropped' })
    .where(and(eq(telegramAlerts.chatId, chatId), inArray(telegramAlerts.state, ['queued', 'digest'])));
}

/**
 * Queues one alert of a newly verified listing for every chat whose category, words or place
 * match it (and not blocked), in one statement: each branch is an index lookup. A chat already
 * alerted to this listing (an edit verified again) is not alerted twice. Returns how many were queued.
 */
export async function queueAlerts(db: Database, listingId: number, now: Date): Promise<number> {
  const [listing] = await db
    .select({
      category: listings.category,
      productName: listings.productName,
      companyName: listings.companyName,
      description: listings.description,
      latitude: listings.latitude,
      longitude: listings.longitude,
      searchTerms: listings.searchTerms,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.status, 'verified')));
  if (!listing) return 0;
  const terms = listing.searchTerms;
  const box = boundingBox(listing.latitude, listing.longitude, ALERT_RADIUS_KM);
  const place = telegramAlertPlaces;
  const distance = sql`(6371 * 2 * asin(sqrt(
    power(sin(radians(${place.latitude} - ${listing.latitude}) / 2), 2)
    + cos(radians(${listing.latitude})) * cos(radians(${place.latitude}))
    * power(sin(radians(${place.longitude} - ${listing.longitude}) / 2), 2))))`;
  const keywordBranch =
    terms.length > 0
      ? sql`union select ${telegramAlertKeywords.chatId} from ${telegramAlertKeywords}
          where ${telegramAlertKeywords.keys} && array[${sql.join(
            terms.map((term) => sql`${term}`),
            sql`, `,
          )}]::text[]`
      : sql``;
  const result = await db.execute(sql`
    insert into ${telegramAlerts} (chat_id, listing_id, day, state)
    select matched.chat_id, ${listingId}, ${addisDay(now)}, 'queued'
    from (
      select ${telegramAlertCategories.chatId} as chat_id from ${telegramAlertCategories}
        where ${telegramAlertCategories.category} = ${listing.category}
      ${keywordBranch}
      union select ${place.chatId} from ${place}
        where ${place.latitude} between ${box.minLat} and ${box.maxLat}
          and ${place.longitude} between ${box.minLng} and ${box.maxLng}
          and ${distance} <= ${ALERT_RADIUS_KM}
    ) matched
    join ${telegramChats} on ${telegramChats.chatId} = matched.chat_id and ${telegramChats.blockedAt} is null
    on conflict do nothing
    returning chat_id`);
  return rowCount(result);
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}

/** The queued alerts of a listing with the language of each chat. */
export function queuedAlerts(db: Database, listingId: number, limit: number) {
  return db
    .select({ chatId: telegramAlerts.chatId, day: telegramAlerts.day, locale: telegramChats.locale })
    .from(telegramAlerts)
    .innerJoin(telegramChats, eq(telegramChats.chatId, telegramAlerts.chatId))
    .where(and(eq(telegramAlerts.listingId, listingId), eq(telegramAlerts.state, 'queued')))
    .orderBy(asc(telegramAlerts.chatId))
    .limit(limit);
}

/**
 * Whether this alert may go out as its own message today: under the cap it is counted as sent
 * (the caller sends it); over it, it waits for the day's digest, whose job is queued once.
 */
export async function claimAlertMessage(db: Database, chatId: number, listingId: number, now: Date): Promise<'send' | 'digest'> {
  const day = addisDay(now);
  const [counted] = await db
    .select({ sent: sql<number>`count(*)`.mapWith(Number) })
    .from(telegramAlerts)
    .where(and(eq(telegramAlerts.chatId, chatId), eq(telegramAlerts.day, day), eq(telegramAlerts.state, 'sent')));
  const where = and(eq(telegramAlerts.chatId, chatId), eq(telegramAlerts.listingId, listingId), eq(telegramAlerts.state, 'queued'));
  if ((counted?.sent ?? 0) < DAILY_ALERT_CAP) {
    await db.update(telegramAlerts).set({ state: 'sent', day, sentAt: now }).where(where);
    return 'send';
  }
  await db.update(telegramAlerts).set({ state: 'digest', day }).where(where);
  // The day's digest job (telegram/jobs.server.ts), queued once per chat and day.
  await enqueue(db, 'alert-digest', { chatId, day }, { runAfter: endOfAddisDay(now), key: `${chatId}:${day}` });
  return 'digest';
}

/** A send that failed: the alert goes back to the queue for the job's next attempt. */
export async function requeueAlert(db: Database, chatId: number, listingId: number): Promise<void> {
  await db
    .update(telegramAlerts)
    .set({ state: 'queued', sentAt: null })
    .where(and(eq(telegramAlerts.chatId, chatId), eq(telegramAlerts.listingId, listingId), eq(telegramAlerts.state, 'sent')));
}

/** The listings waiting in a chat's digest for a day; marking them digested once the digest is sent. */
export async function digestListingIds(db: Database, chatId: number, day: string): Promise<number[]> {
  const rows = await db
    .select({ listingId: telegramAlerts.listingId })
    .from(telegramAlerts)
    .where(and(eq(telegramAlerts.chatId, chatId), eq(telegramAlerts.day, day), eq(telegramAlerts.state, 'digest')))
    .orderBy(asc(telegramAlerts.createdAt));
  return rows.map((r) => r.listingId);
}

export async function markDigested(db: Database, chatId: number, listingIds: number[]): Promise<void> {
  if (listingIds.length === 0) return;
  await db
    .update(telegramAlerts)
    .set({ state: 'digested' })
    .where(and(eq(telegramAlerts.chatId, chatId), inArray(telegramAlerts.listingId, listingIds), eq(telegramAlerts.state, 'digest')));
}

/** Followed words whose keys were made by an older search version get new ones (at boot, then every minute). */
export async function rekeyFollowedWords(db: Database): Promise<number> {
  const stale = await db
    .select({ id: telegramAlertKeywords.id, keyword: telegramAlertKeywords.keyword })
    .from(telegramAlertKeywords)
    .where(lt(telegramAlertKeywords.searchVersion, SEARCH_VERSION))
    .limit(500);
  for (const { id, keyword } of stale) {
    const keys = await keysOfFollowedWord(db, keyword);
    await db.update(telegramAlertKeywords).set({ keys, searchVersion: SEARCH_VERSION }).where(eq(telegramAlertKeywords.id, id));
  }
  return stale.length;
}
