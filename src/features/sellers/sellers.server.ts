/**
 * Seller pages: a business's profile (from its newest public listing), its current deals paged in
 * SQL, the other deals shown under an ended or removed one, and an admin marking it verified.
 */
import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, moderationDecisions, removedListings, sellers, users, type StoredImage } from '#db/schema.ts';
import { isVerifiedBusiness, OTHER_DEALS_LIMIT } from './sellers.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { m } from '#paraglide/messages.js';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { cardColumns, isPublic, type ListingCard } from '#features/listings/listings.server.ts';
import { LISTING_READ_TABLES } from '#features/listings/public-listings.server.ts';
import { sellerTag, shownCards } from '#features/listings/listing-page-tags.ts';
import { coveredRead } from '#platform/cache/page-dependencies.server.ts';

/** A deal that has not ended (one without an end runs until its seller removes it). */
export const notEnded = (now: Date): SQL => or(isNull(listings.endsAt), gt(listings.endsAt, now))!;

export interface SellerProfile {
  sellerId: number;
  companyName: string;
  logo: StoredImage | null;
  location: string;
  memberSince: Date;
  verifiedAt: Date | null;
  verifiedListings: number;
  verified: boolean;
}

/**
 * A seller's public profile, one query: the name, logo and place of its newest public listing
 * (ended or not), its account's age and how many of its listings an admin verified. Null for an
 * unknown seller, one with no public listing ever, or a banned account: all three are a 404.
 */
export async function sellerProfile(db: Database, sellerId: number): Promise<SellerProfile | null> {
  const [row] = await db
    .select({
      sellerId: sellers.id,
      companyName: listings.companyName,
      logo: listings.logo,
      location: listings.location,
      memberSince: users.createdAt,
      verifiedAt: sellers.verifiedAt,
      // The literal status lets the count use the seller index's partial predicate.
      verifiedListings:
        sql<number>`(select count(*) from ${listings} as v where v.seller_id = ${sellerId} and v.status = 'verified')`.mapWith(Number),
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(and(eq(listings.sellerId, sellerId), isPublic, isNull(users.bannedAt)))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(1);
  return row ? { ...row, verified: isVerifiedBusiness(row) } : null;
}

/** The query of one page of a seller's current public deals, newest first (listings_public_seller_idx). */
export function sellerDealsQuery(db: Database, sellerId: number, now: Date, paging: PageRequest) {
  return db
    .select(cardColumns)
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), isPublic, notEnded(now)))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
}

/** One page of a seller's current public deals: `pageSize + 1` rows read, one query. */
export async function sellerDeals(db: Database, sellerId: number, now: Date, paging: PageRequest): Promise<Page<ListingCard>> {
  return toPage(await sellerDealsQuery(db, sellerId, now, paging), paging);
}

/** Up to 6 current public deals of a seller other than `exceptId`: one query. */
export async function otherDeals(db: Database, sellerId: number, exceptId: number, now: Date): Promise<ListingCard[]> {
  return coveredRead(
    LISTING_READ_TABLES,
    () => readOtherDeals(db, sellerId, exceptId, now),
    (cards) => shownCards([sellerTag(sellerId)], cards, now),
  );
}

function readOtherDeals(db: Database, sellerId: number, exceptId: number, now: Date): Promise<ListingCard[]> {
  return db
    .select(cardColumns)
    .from(listings)
    .where(and(eq(listings.sellerId, sellerId), isPublic, notEnded(now), ne(listings.id, exceptId)))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(OTHER_DEALS_LIMIT);
}

export interface RemovedListing {
  listingId: number;
  sellerId: number;
  productName: string;
  companyName: string;
}

/** A listing its seller deleted (its address answers 410), or null (also while the seller is banned). */
export async function removedListing(db: Database, id: number): Promise<RemovedListing | null> {
  const [row] = await db
    .select({
      listingId: removedListings.listingId,
      sellerId: removedListings.sellerId,
      productName: removedListings.productName,
      companyName: removedListings.companyName,
    })
    .from(removedListings)
    .innerJoin(sellers, eq(sellers.id, removedListings.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    // A banned seller's words leave every public page, this one too (it is a 404 then).
    .where(and(eq(removedListings.listingId, id), isNull(users.bannedAt)))
    .limit(1);
  return row ?? null;
}

/** Marks (or unmarks) a business verified, recording who and when; admins only. */
export async function setSellerVerified(
  db: Database,
  admin: SessionUser,
  sellerId: number,
  verified: boolean,
  now: Date,
): Promise<Result<{ verified: boolean }>> {
  if (!admin.isAdmin) return fail(403, m.sellers_admin_only());
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sellers)
      .set(verified ? { verifiedAt: now, verifiedBy: admin.id } : { verifiedAt: null, verifiedBy: null })
      .where(eq(sellers.id, sellerId))
      .returning({ id: sellers.id });
    if (!row) return fail(404, m.sellers_not_found_error());
    await tx.insert(moderationDecisions).values({
      itemKind: 'seller',
      itemId: String(sellerId),
      action: verified ? 'verify-seller' : 'unverify-seller',
      adminId: admin.id,
      createdAt: now,
    });
    return ok({ verified });
  });
}
