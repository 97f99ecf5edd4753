/**
 * A seller ends a live deal now (the Telegram bot's "End now"): only its dates change
 * (end-listing.ts), so it stays verified; it leaves the lists of running deals (daily, ending soon,
 * the bot's /deals, promoted slots) and reads "Discount expired" everywhere, and it may be renewed
 * afterwards. The caller empties the page cache (the bot's writes do not pass the page steps).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import type { Viewer } from '#features/accounts/policy.ts';
import { endedSchedule, isLive } from './end-listing.ts';
import { isPublic } from './listings.server.ts';
import { mayEditListing } from './policy.ts';
import { changingListings } from './listing-page-changes.server.ts';

/** Why a deal was not ended: the caller words each. */
export type EndRefusal = 'missing' | 'not-yours' | 'not-live';

export interface EndedDeal {
  id: number;
  productName: string;
  endsAt: Date;
}
export type EndOutcome = { ok: true; value: EndedDeal } | { ok: false; reason: EndRefusal };

/** Ends the deal `listingId` of `user` (its owner, or an admin) at `now`, once: an ended deal is not live. */
export async function endListingNow(db: Database, user: Viewer, listingId: number, now: Date): Promise<EndOutcome> {
  return changingListings(
    db,
    [listingId],
    () =>
      db.transaction(async (tx) => {
        const [deal] = await tx
          .select({
            ownerId: listings.ownerId,
            productName: listings.productName,
            discount: listings.discount,
            datePosted: listings.datePosted,
            endsAt: listings.endsAt,
            public: sql<boolean>`${isPublic}`,
          })
          .from(listings)
          .where(eq(listings.id, listingId))
          .for('update');
        if (!deal) return { ok: false, reason: 'missing' } as const;
        if (!mayEditListing(user, deal)) return { ok: false, reason: 'not-yours' } as const;
        if (!isLive(deal, now)) return { ok: false, reason: 'not-live' } as const;
        const schedule = endedSchedule(deal.datePosted, now);
        await tx
          .update(listings)
          .set({ ...schedule, updatedAt: now })
          .where(eq(listings.id, listingId));
        return { ok: true, value: { id: listingId, productName: deal.productName, endsAt: schedule.endsAt! } } as const;
      }),
    now,
  );
}
