/**
 * Saved deals and saved searches of signed-in buyers, and the unsubscribe links of the digest.
 * Saving a deal toggles one row (its primary key makes two taps at once one row); a saved search is
 * refused when the account already follows the same one or follows MAX_SAVED_SEARCHES.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, savedListings, savedSearches, users, type StoredImage } from '#db/schema.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { isSameSearch, MAX_SAVED_SEARCHES, savedSearchSpec, type SavedSearchInput, type SavedSearchSpec } from './saved.ts';
import { m } from '#paraglide/messages.js';
import { isPublic } from '#features/listings/listings.server.ts';

/** Whether the account saved this listing (the detail page's one small query). */
export async function isSaved(db: Database, userId: string, listingId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(savedListings)
    .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)))
    .limit(1);
  return Boolean(row);
}

/** Saves a public listing, or unsaves it when it was saved: whether it is saved now. */
export async function toggleSavedListing(db: Database, userId: string, listingId: number): Promise<Result<{ saved: boolean }>> {
  const removed = await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)))
    .returning({ listingId: savedListings.listingId });
  if (removed.length > 0) return ok({ saved: false });
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, listingId), isPublic))
    .limit(1);
  if (!listing) return fail(404, m.saved_listing_missing());
  await db.insert(savedListings).values({ userId, listingId }).onConflictDoNothing();
  return ok({ saved: true });
}

/** Takes a listing out of the account's saved deals (whatever became of the listing). */
export async function unsaveListing(db: Database, userId: string, listingId: number): Promise<Result<null>> {
  const removed = await db
    .delete(savedListings)
    .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)))
    .returning({ listingId: savedListings.listingId });
  return removed.length > 0 ? ok(null) : fail(404, m.saved_listing_missing());
}

export interface SavedDeal {
  id: number;
  productName: string;
  companyName: string;
  discount: string;
  photo: StoredImage;
  endsAt: Date | null;
  /** Verified, not hidden, seller not banned: its page can be opened. */
  available: boolean;
  savedAt: Date;
}

/** What names a deal in a list of saved deals or in a digest: its id, product, company and discount. */
export const dealNameColumns = {
  id: listings.id,
  productName: listings.productName,
  companyName: listings.companyName,
  discount: listings.discount,
};

/** One page of the account's saved deals, newest saved first (saved_listings_user_idx). */
export async function listSavedListings(db: Database, userId: string, paging: PageRequest): Promise<Page<SavedDeal>> {
  const rows = await db
    .select({
      ...dealNameColumns,
      photo: listings.photo,
      endsAt: listings.endsAt,
      available: sql<boolean>`${isPublic}`.mapWith(Boolean),
      savedAt: savedListings.createdAt,
    })
    .from(savedListings)
    .innerJoin(listings, eq(listings.id, savedListings.listingId))
    .where(eq(savedListings.userId, userId))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.listingId))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  return toPage(rows, paging);
}

export type SavedSearch = SavedSearchSpec & { id: number; unsubscribeToken: string; checkedUntil: Date; createdAt: Date };

const searchColumns = {
  id: savedSearches.id,
  kind: savedSearches.kind,
  query: savedSearches.query,
  category: savedSearches.category,
  latitude: savedSearches.latitude,
  longitude: savedSearches.longitude,
  radiusKm: savedSearches.radiusKm,
  label: savedSearches.label,
  unsubscribeToken: savedSearches.unsubscribeToken,
  checkedUntil: savedSearches.checkedUntil,
  createdAt: savedSearches.createdAt,
};

/** The account's saved searches, oldest first (at most MAX_SAVED_SEARCHES). */
export function listSavedSearches(db: Pick<Database, 'select'>, userId: string): Promise<SavedSearch[]> {
  return db
    .select(searchColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(savedSearches.createdAt, savedSearches.id);
}

/** A new secret for a one-click unsubscribe link: 32 random bytes, base64url. */
export const newUnsubscribeToken = (): string => randomBytes(32).toString('base64url');

/**
 * Follows a search, category or place: new matching deals from `now` on go into the daily digest.
 * 409 when the account already follows the same one, 422 when it already follows MAX_SAVED_SEARCHES.
 */
export async function saveSearch(db: Database, userId: string, input: SavedSearchInput, now: Date): Promise<Result<{ id: number }>> {
  const spec = savedSearchSpec(input);
  return db.transaction(async (tx) => {
    // One account's saves one after the other, so two at once cannot pass the checks together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const existing = await listSavedSearches(tx, userId);
    if (existing.some((s) => isSameSearch(s, spec))) return fail(409, m.saved_search_duplicate());
    if (existing.length >= MAX_SAVED_SEARCHES) return fail(422, m.saved_search_too_many({ max: String(MAX_SAVED_SEARCHES) }));
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, ...spec, unsubscribeToken: newUnsubscribeToken(), checkedUntil: now, createdAt: now })
      .returning({ id: savedSearches.id });
    return ok({ id: row!.id });
  });
}

/** Removes one of the account's saved searches. */
export async function removeSavedSearch(db: Database, userId: string, id: number): Promise<Result<null>> {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return removed.length > 0 ? ok(null) : fail(404, m.saved_search_missing());
}

/** What an unsubscribe link stops: its search, or with `all` every search of its account. Null: already gone. */
export async function unsubscribeTarget(db: Database, token: string, all: boolean): Promise<SavedSearch[] | null> {
  const [search] = await db
    .select({ ...searchColumns, userId: savedSearches.userId })
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token))
    .limit(1);
  if (!search) return null;
  if (!all) return [search];
  return listSavedSearches(db, search.userId);
}

/** Follows an unsubscribe link: deletes its search (or all its account's with `all`); what it stopped, or null. */
export async function unsubscribe(db: Database, token: string, all: boolean): Promise<SavedSearch[] | null> {
  const [owner] = await db
    .select({ userId: savedSearches.userId })
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token))
    .limit(1);
  if (!owner) return null;
  const removed = await db
    .delete(savedSearches)
    .where(all ? eq(savedSearches.userId, owner.userId) : eq(savedSearches.unsubscribeToken, token))
    .returning(searchColumns);
  return removed.length > 0 ? removed : null;
}
