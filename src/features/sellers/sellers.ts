/** Seller pages: when a business shows the "Verified business" badge. */

/** Listings an admin verified before a business earns the badge without being marked verified. */
export const VERIFIED_LISTINGS_FOR_BADGE = 3;

/** Verified when an admin marked the business so, or verified at least 3 of its listings. */
export function isVerifiedBusiness(seller: { verifiedAt: Date | null; verifiedListings: number }): boolean {
  return seller.verifiedAt !== null || seller.verifiedListings >= VERIFIED_LISTINGS_FOR_BADGE;
}

/** Other current deals shown under an ended or removed deal. */
export const OTHER_DEALS_LIMIT = 6;
