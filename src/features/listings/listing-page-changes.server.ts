/**
 * Listing writes that name the pages they change (decision 30): the listing is read before and
 * after, and the page cache drops the pages of both states (listing-page-tags.ts). A listing write
 * that does not go through here empties every cached page, as every write did before.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, promotions } from '#db/schema.ts';
import { coveredWrite } from '#platform/cache/page-dependencies.server.ts';
import { listingChangeTags, type ListingState } from './listing-page-tags.ts';

/** The tables a listing write changes whose pages its tags describe. */
export const LISTING_TABLES = ['listings', 'listing_images', 'listing_revisions'] as const;

/** The columns of a listing as the lists see it ({@link toListingState}). */
export const listingStateColumns = {
  id: listings.id,
  sellerId: listings.sellerId,
  category: listings.category,
  discount: listings.discount,
  datePosted: listings.datePosted,
  startsAt: listings.startsAt,
  endsAt: listings.endsAt,
  holiday: listings.holiday,
  video: listings.video,
  promoted: sql<boolean>`exists (select 1 from ${promotions} where ${promotions.listingId} = ${listings.id} and ${promotions.endedAt} is null)`,
};

type ListingStateRow = Omit<ListingState, 'hasVideo' | 'promoted'> & { video: unknown; promoted: boolean };

export function toListingState({ video, promoted, ...row }: ListingStateRow): ListingState {
  return { ...row, hasVideo: video !== null, promoted: Boolean(promoted) };
}

/** The listings as the lists see them. */
async function listingStates(db: Database, ids: readonly number[]): Promise<Map<number, ListingState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(listingStateColumns)
    .from(listings)
    .where(inArray(listings.id, [...ids]));
  return new Map(rows.map((row) => [row.id, toListingState(row)]));
}

/**
 * Runs `write`, which changes the listings `ids` (and their images or waiting edit), and tells the
 * page cache which pages it changed: those of each listing before and after.
 */
export async function changingListings<T>(db: Database, ids: readonly number[], write: () => Promise<T>, now = new Date()): Promise<T> {
  const before = await listingStates(db, ids);
  return coveredWrite(LISTING_TABLES, write, async () => {
    const after = await listingStates(db, ids);
    return listingChangeTags(
      ids.flatMap((id) => [before.get(id) ?? null, after.get(id) ?? null]),
      now,
    );
  });
}
