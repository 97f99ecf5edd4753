/**
 * The admins' verification queue: new listings waiting, and edits of live deals waiting (each with
 * what it changes, field by field), oldest first.
 */
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingRevisions, listings, users } from '#db/schema.ts';
import { type Page, type PageRequest, toPage } from '#platform/http/paging.ts';
import { listingChanges, type ListingChange } from './listing-diff.ts';
import { liveVersion } from './listing-revisions.server.ts';
import { withGalleries } from './listings.server.ts';
import { ownColumns, type OwnListing } from './seller-listings.server.ts';

/** An item of the queue: a new listing (`edit` null), or a live deal with its waiting edit. */
export type QueuedListing = OwnListing & {
  ownerEmail: string;
  edit: { submittedAt: Date; changes: ListingChange[] } | null;
};

/** Listings and edits waiting for verification, oldest first (an edit by when it was sent). */
export async function verificationQueue(db: Database, paging: PageRequest): Promise<Page<QueuedListing>> {
  const waitingSince = sql`coalesce(${listingRevisions.submittedAt}, ${listings.datePosted})`;
  const rows = await db
    .select({ ...ownColumns, ownerEmail: users.email, proposal: listingRevisions.proposal, submittedAt: listingRevisions.submittedAt })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(listingRevisions, and(eq(listingRevisions.listingId, listings.id), eq(listingRevisions.status, 'pending')))
    .where(or(eq(listings.status, 'pending'), and(eq(listings.status, 'verified'), isNotNull(listingRevisions.id))))
    .orderBy(asc(waitingSince), asc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const page = toPage(rows, paging);
  const items = await Promise.all(
    (await withGalleries(db, page.items)).map(async ({ proposal, submittedAt, ...item }) => {
      const live = proposal && submittedAt ? await liveVersion(db, item.id) : null;
      const edit = live && proposal && submittedAt ? { submittedAt, changes: listingChanges(live.version, proposal) } : null;
      return { ...item, edit };
    }),
  );
  return { ...page, items };
}
