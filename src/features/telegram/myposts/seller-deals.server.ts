/**
 * What /myposts reads: a page of the seller's own deals in every state, newest first (as My Posts
 * on the web), with their 7-day figures from the seller statistics, and one deal for a press.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import { statsOfListings } from '#features/listings/statistics/listing-stats.server.ts';
import { toPage, type Page } from '#platform/http/paging.ts';
import { DEALS_PER_PAGE, type DealFigures, type SellerDeal } from './seller-deals.ts';

const dealColumns = {
  id: listings.id,
  ownerId: listings.ownerId,
  productName: listings.productName,
  companyName: listings.companyName,
  status: listings.status,
  rejectionReason: listings.rejectionReason,
  hiddenAt: listings.hiddenAt,
  hiddenReason: listings.hiddenReason,
  sellerBanned: listings.sellerBanned,
  discount: listings.discount,
  datePosted: listings.datePosted,
  discountStartDays: listings.discountStartDays,
  discountDurationDays: listings.discountDurationDays,
  endsAt: listings.endsAt,
};

export type DealWithFigures = SellerDeal & DealFigures;

/** Page `page` (from 1) of the deals of `ownerId`, {@link DEALS_PER_PAGE} a page, with their figures. */
export async function sellerDealsPage(db: Database, ownerId: string, page: number, now: Date): Promise<Page<DealWithFigures>> {
  const paging = { page, pageSize: DEALS_PER_PAGE };
  const rows = await db
    .select(dealColumns)
    .from(listings)
    .where(eq(listings.ownerId, ownerId))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const found = toPage(rows, paging);
  const stats = await statsOfListings(
    db,
    found.items.map((deal) => deal.id),
    now,
  );
  return {
    ...found,
    items: found.items.map((deal) => {
      const figures = stats.get(deal.id);
      return { ...deal, views7: figures?.views7 ?? 0, telegram7: figures?.telegram7 ?? 0 };
    }),
  };
}

/** One deal, whoever owns it (the caller asks the listings policy), or null. */
export async function sellerDeal(db: Database, listingId: number): Promise<SellerDeal | null> {
  const [deal] = await db.select(dealColumns).from(listings).where(eq(listings.id, listingId)).limit(1);
  return deal ?? null;
}
