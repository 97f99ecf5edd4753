/**
 * A seller's own listings and their verification: every write checks, on the server, that the
 * session's user owns the listing (or is an admin). An edit of a verified listing waits as its
 * revision while the verified version stays public (listing-revisions.server.ts); an edit of any
 * other listing sends it back to verification. An admin verifies or rejects a listing or a revision
 * with a reason the seller is told.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingImages, listingRevisions, listings, moderationDecisions, removedListings, type ListingStatus } from '#db/schema.ts';
import { likePattern } from '#features/listings/listing-query.ts';
import { decideRevision, removeUnusedMedia, saveEdit } from './listing-revisions.server.ts';
import type { ListingEdit } from './listing-version.ts';
import { rejectionRecord, rejectionWords, rejectionWordsOf, type Review } from '#features/listings/listing-review.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import type { Result } from '#platform/http/result.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { listingReviewNotice } from '#features/accounts/notices/listing-notices.server.ts';
import { deleteMedia, isUploadedMedia, listingMedia, type MediaRef } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { m } from '#paraglide/messages.js';
import {
  cardColumns,
  insertListing,
  type ListingCard,
  type ListingDraft,
  type ListingImage,
  withGalleries,
} from '#features/listings/listings.server.ts';
import { type Page, type PageRequest, toPage } from '#platform/http/paging.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { queueContactCheck } from './contact-kind.server.ts';
import { mayDeleteListing, mayEditListing } from '#features/listings/policy.ts';
import { changingListings } from './listing-page-changes.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('listings');

const NOT_FOUND = {
  ok: false,
  status: 404,
  get error() {
    return m.form_srv_not_found();
  },
} as const;
const NOT_YOURS = {
  ok: false,
  status: 403,
  get error() {
    return m.form_srv_not_yours();
  },
} as const;

export type OwnListing = ListingCard & {
  description: string;
  status: ListingStatus;
  rejectionReason: string | null;
  images: ListingImage[];
  /** An edit of this (verified, still public) listing waits for an admin. */
  pendingEdit: boolean;
  /** Why an admin rejected the last edit (the live version stayed), until the next edit. */
  editRejection: string | null;
};

/** The columns of a seller's or admin's view of a listing; joined with its revision, if any. */
export const ownColumns = {
  ...cardColumns,
  description: listings.description,
  status: listings.status,
  rejectionReason: listings.rejectionReason,
  pendingEdit: sql<boolean>`coalesce(${listingRevisions.status} = 'pending', false)`,
  editRejection: sql<string | null>`case when ${listingRevisions.status} = 'rejected' then ${listingRevisions.rejectionReason} end`,
};

/** Submits a new listing for the signed-in user: it waits for verification. */
export async function submitListing(
  db: Database,
  user: SessionUser,
  draft: Omit<ListingDraft, 'ownerId'>,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await insertListing(tx, { ...draft, ownerId: user.id }, { status: 'pending', datePosted: now });
    // News for the features above: Telegram sends it to the admins' chats to verify.
    await enqueue(tx as unknown as Database, 'listing-submitted', { listingId: id });
    // And asks what its Telegram contact is (a person, a channel): the words of its contact button.
    await queueContactCheck(tx as unknown as Database, draft.contactTelegram);
    return id;
  });
}

/** The user's own listings in every state, newest first, searchable by product or company name. */
export async function listOwnListings(
  db: Database,
  userId: string,
  filter: { search?: string },
  paging: PageRequest,
): Promise<Page<OwnListing>> {
  const conditions: SQL[] = [eq(listings.ownerId, userId)];
  if (filter.search) {
    conditions.push(sql`lower(${listings.productName} || ' ' || ${listings.companyName}) like ${likePattern(filter.search)}`);
  }
  const rows = await db
    .select(ownColumns)
    .from(listings)
    .leftJoin(listingRevisions, eq(listingRevisions.listingId, listings.id))
    .where(and(...conditions))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const page = toPage(rows, paging);
  return { ...page, items: await withGalleries(db, page.items.map(withReasonWords)) };
}

/** A seller's view of a listing says a rejection's code in words, in the request's language. */
function withReasonWords<T extends { rejectionReason: string | null; editRejection: string | null }>(row: T): T {
  return { ...row, rejectionReason: rejectionWordsOf(row.rejectionReason), editRejection: rejectionWordsOf(row.editRejection) };
}

async function ownerOf(db: Database, id: number): Promise<{ ownerId: string } | undefined> {
  const [row] = await db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, id)).limit(1);
  return row;
}

export type { ListingEdit } from './listing-version.ts';

/**
 * Whether `user` may edit listing `id` (it exists, and is theirs or they are an admin): checked
 * before an edit's body is read, so a refused edit costs no decoding and stores nothing.
 */
export async function canEditListing(db: Database, user: SessionUser, id: number): Promise<Result<null>> {
  const row = await ownerOf(db, id);
  if (!row) return NOT_FOUND;
  if (!mayEditListing(user, row)) return NOT_YOURS;
  return { ok: true, value: null };
}

/** A saved edit: the seller's view of the listing, and whether the edit waits as a revision of a live deal. */
export type EditOutcome = { ok: true; value: OwnListing; revision: boolean } | Extract<Result<never>, { ok: false }>;

/**
 * Applies an edit by the owner or an admin. A verified listing stays public as it is and the edit
 * waits for an admin (replacing one that waited); any other listing changes and waits again. The
 * media no version uses any more are removed once the edit is saved.
 */
export async function editListing(db: Database, user: SessionUser, id: number, edit: ListingEdit): Promise<EditOutcome> {
  const allowed = await canEditListing(db, user, id);
  if (!allowed.ok) return allowed;
  const saved = await saveEdit(db, id, edit);
  if (!saved) return NOT_FOUND;
  await removeUnusedMedia(saved.unused);
  const updated = await ownListing(db, id);
  return updated ? { ok: true, value: updated, revision: saved.revision } : NOT_FOUND;
}

/** Deletes a listing of the owner (or any, for an admin); its uploaded images and video go with it. */
export async function removeListing(db: Database, user: SessionUser, id: number): Promise<Result<{ id: number }>> {
  const row = await ownerOf(db, id);
  if (!row) return NOT_FOUND;
  if (!mayDeleteListing(user, row)) return NOT_YOURS;
  // The cached pages of the deal go with it (decision 30).
  const media = await changingListings(db, [id], () =>
    db.transaction(async (tx) => {
      const images = await tx.select({ image: listingImages.image }).from(listingImages).where(eq(listingImages.listingId, id));
      const [revision] = await tx
        .select({ proposal: listingRevisions.proposal })
        .from(listingRevisions)
        .where(and(eq(listingRevisions.listingId, id), eq(listingRevisions.status, 'pending')));
      const [gone] = await tx.delete(listings).where(eq(listings.id, id)).returning({
        sellerId: listings.sellerId,
        productName: listings.productName,
        companyName: listings.companyName,
        status: listings.status,
        logo: listings.logo,
        photo: listings.photo,
        video: listings.video,
      });
      if (!gone) return [];
      // Only a deal that had a public page answers 410 afterwards: a never-verified draft stays a 404.
      if (gone.status === 'verified') {
        const { sellerId, productName, companyName } = gone;
        await tx.insert(removedListings).values({ listingId: id, sellerId, productName, companyName }).onConflictDoNothing();
      }
      const proposed = revision ? listingMedia(revision.proposal) : [];
      return [...listingMedia({ ...gone, images: images.map((i) => i.image) }), ...proposed];
    }),
  );
  // The files go once the rows have; demo media (shared keys) stays. A leftover file is harmless.
  await deleteMedia(
    mediaStorage(),
    media.filter((m) => isUploadedMedia(m.key)),
  ).catch((error: unknown) => log.error({ err: error, dependency: 'media' }, `[listings] could not remove the media of listing ${id}`));
  return { ok: true, value: { id } };
}

/** One listing in any state, with its images (owner's and admin's view). */
export async function ownListing(db: Database, id: number): Promise<OwnListing | null> {
  const [row] = await db
    .select(ownColumns)
    .from(listings)
    .leftJoin(listingRevisions, eq(listingRevisions.listingId, listings.id))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) return null;
  const [withImages] = await withGalleries(db, [withReasonWords(row)]);
  return withImages ?? null;
}

/**
 * An admin's decision on a pending listing, or on the waiting edit of a verified one (its revision:
 * Verify makes it public, Reject keeps the live version); the seller is told the result.
 */
export async function reviewListing(
  db: Database,
  admin: SessionUser,
  id: number,
  decision: Review,
): Promise<Result<{ id: number; status: ListingStatus }>> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: m.form_srv_admins_only() };
  const status: ListingStatus = decision.verdict === 'verify' ? 'verified' : 'rejected';
  // A rejection keeps its code and note together (listing-review.ts); the seller reads it in their language.
  const reason = decision.verdict === 'reject' ? rejectionRecord(decision) : null;
  // The decision, who took it, and the news it makes are saved together or not at all.
  let unused: MediaRef[] = [];
  // The cached pages of the listing before and after the decision are dropped, and no others (decision 30).
  const row = await changingListings(db, [id], () =>
    db.transaction(async (tx) => {
      const [listing] = await tx
        .update(listings)
        .set({ status, rejectionReason: reason, reviewedAt: new Date() })
        .where(and(eq(listings.id, id), eq(listings.status, 'pending')))
        .returning({ id: listings.id, productName: listings.productName, ownerId: listings.ownerId });
      const edit = listing ? null : await decideRevision(tx, id, decision.verdict, reason);
      const decided = listing ?? (edit && { id, productName: edit.productName, ownerId: edit.ownerId });
      if (!decided) return null;
      unused = edit?.unused ?? [];
      const queue = tx as unknown as Database;
      // Who decided and when, with the other moderation decisions (the admins' Telegram copies say it).
      await tx
        .insert(moderationDecisions)
        .values({ itemKind: 'listing', itemId: String(id), action: decision.verdict, adminId: admin.id, note: reason });
      // News for the features above (Telegram's alerts and channel post), run by the job queue, not this request.
      // An edit of a live deal is no new deal: no alerts or channel post again.
      if (status === 'verified' && !edit) await enqueue(queue, 'listing-verified', { listingId: id });
      // Every admin's copy of the listing in Telegram shows the decision (and loses its buttons).
      await enqueue(queue, 'listing-reviewed', { listingId: id });
      // The seller hears it where they are (Telegram, email or both: decision 27), with the reason and My Posts.
      const review = { productName: decided.productName, listingPath: listingPath(decided) };
      await notify(
        queue,
        listingReviewNotice(
          decided.ownerId,
          status === 'verified' ? { ...review, status } : { ...review, status, reason: (locale) => rejectionWords(reason ?? '', locale) },
        ),
      );
      return decided;
    }),
  );
  await removeUnusedMedia(unused);
  if (!row) {
    const exists = await ownerOf(db, id);
    return exists ? { ok: false, status: 409, error: m.form_srv_not_waiting() } : NOT_FOUND;
  }
  return { ok: true, value: { id, status } };
}
