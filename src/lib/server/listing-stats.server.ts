/** STUB (statistics agent replaces): counting views and taps, and the figures My Posts shows. */
import type { Database } from '#db/client.ts';

export interface ListingStatsSummary {
  views7: number;
}

/** The figures of several of a seller's listings, in one or two queries. */
export async function statsOfListings(_db: Database, _listingIds: number[], _now: Date): Promise<Map<number, ListingStatsSummary>> {
  return new Map();
}
