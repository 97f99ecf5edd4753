/** STUB (reports agent replaces): reports, the admin queue and its decisions. */
import type { Database } from '#db/client.ts';

/** Why one of a seller's listings is hidden, for My Posts. */
export interface HiddenNotice {
  reason: 'reports' | 'admin';
}

/** The hidden listings among `listingIds` (the seller's own), with why. */
export async function hiddenNotices(_db: Database, _listingIds: number[]): Promise<Map<number, HiddenNotice>> {
  return new Map();
}
