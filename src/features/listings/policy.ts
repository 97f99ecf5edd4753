/**
 * Who may do what with a listing: its owner may edit, renew, promote or delete it; an admin may
 * edit or delete any (moderation). Pure functions of the user and the listing's owner.
 */
import { admin, type Viewer } from '#features/accounts/policy.ts';

/** A listing as far as these rules go: whose it is (seeded listings have no owner). */
export interface OwnedListing {
  ownerId: string | null;
}

export const ownsListing = (user: Viewer, listing: OwnedListing): boolean => user !== null && listing.ownerId === user.id;

/** Edit or delete: the owner, or an admin. */
export const mayEditListing = (user: Viewer, listing: OwnedListing): boolean => ownsListing(user, listing) || admin(user);
export function mayDeleteListing(user: Viewer, listing: OwnedListing): boolean {
  return mayEditListing(user, listing);
}

/** Promote (the seller's own business, and paid): the owner only. Renewing goes by the owner's id or the emailed link (renewals.server.ts). */
export function mayPromoteListing(user: Viewer, listing: OwnedListing): boolean {
  return ownsListing(user, listing);
}
