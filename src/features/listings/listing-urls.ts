/** URLs of listings: one shareable address per listing that survives reloads and Telegram shares. */

export function listingSlug(productName: string): string {
  return productName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** `/listings/{id}-{slug}`; the slug is decoration, the id decides. */
export function listingPath(listing: { id: number; productName: string }): string {
  const slug = listingSlug(listing.productName);
  return slug ? `/listings/${listing.id}-${slug}` : `/listings/${listing.id}`;
}

/** The id at the start of a `/listings/{id}-{slug}` segment, or null. */
export function parseListingId(segment: string): number | null {
  const match = /^(\d{1,9})(?:-|$)/.exec(segment);
  return match ? Number(match[1]) : null;
}

/** What a counted contact link leads to: the seller's Telegram, their phone, or a Telegram share. */
export type ContactTap = 'telegram' | 'phone' | 'share';

/** `/go/{id}/{kind}`: counts the tap for the seller's statistics, then redirects to the listing's own contact. */
export function contactTapPath(listingId: number, kind: ContactTap): string {
  return `/go/${listingId}/${kind}`;
}

/** `/sellers/{id}-{slug}`: a seller's page; the slug (the company's name) is decoration, the id decides. */
export function sellerPath(seller: { sellerId: number; companyName: string }): string {
  const slug = listingSlug(seller.companyName);
  return slug ? `/sellers/${seller.sellerId}-${slug}` : `/sellers/${seller.sellerId}`;
}
