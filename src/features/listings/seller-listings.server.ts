/**
 * A seller's own listings and their verification: every write checks, on the server, that the
 * session's user owns the listing (or is an admin). Any edit of content sends a listing back to
 * verification; an admin verifies or rejects it with a reason the seller is emailed.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingImages, listings, moderationDecisions, removedListings, users, type ListingStatus, type StoredImage } from '#db/schema.ts';
import { likePattern } from '#features/listings/listing-query.ts';
import { reindexListing } from './search-index.server.ts';
import { MAX_REASON_LENGTH, type Review } from '#features/listings/listing-review.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import type { Result } from '#platform/http/result.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { listingReviewNotice } from '#features/accounts/notices/listing-notices.server.ts';
import { deleteMedia, isUploadedMedia, listingMedia } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { m } from '#paraglide/messages.js';
import {
  cardColumns,
  insertListing,
  listingSchedule,
  type ListingCard,
  type ListingDraft,
  type ListingImage,
  withGalleries,
} from '#features/listings/listings.server.ts';
import { type Page, type PageRequest, toPage } from '#platform/http/paging.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { mayDeleteListing, mayEditListing } from '#features/listings/policy.ts';

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
    .select({ ...cardColumns, description: listings.description, status: listings.status, rejectionReason: listings.rejectionReason })
    .from(listings)
    .where(and(...conditions))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const page = toPage(rows, paging);
  return { ...page, items: await withGalleries(db, page.items) };
}

async function ownerOf(db: Database, id: number): Promise<{ ownerId: string } | undefined> {
  const [row] = await db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, id)).limit(1);
  return row;
}

/** The fields an edit may change (spec 7: PATCH with name, company, description, location, discount, photos). */
export interface ListingEdit {
  productName?: string;
  companyName?: string;
  description?: string;
  location?: string;
  discount?: string;
  discountDurationDays?: number | null;
  discountStartDays?: number | null;
  logo?: StoredImage;
  photo?: StoredImage;
}

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

/** An applied edit, with the photos it replaced (their files are the caller's to remove). */
export type EditOutcome = { ok: true; value: OwnListing; replaced: StoredImage[] } | Extract<Result<never>, { ok: false }>;

/** Applies an edit by the owner or an admin; the listing goes back to verification. */
export async function editListing(db: Database, user: SessionUser, id: number, edit: ListingEdit): Promise<EditOutcome> {
  const allowed = await canEditListing(db, user, id);
  if (!allowed.ok) return allowed;
  const changes: Partial<typeof listings.$inferInsert> = {
    ...edit,
    status: 'pending',
    rejectionReason: null,
    reviewedAt: null,
    updatedAt: new Date(),
  };
  if (edit.discount === 'waiting') {
    changes.discountDurationDays = null;
    changes.discountStartDays = null;
  }
  const replaced = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        datePosted: listings.datePosted,
        start: listings.discountStartDays,
        duration: listings.discountDurationDays,
        logo: listings.logo,
        photo: listings.photo,
      })
      .from(listings)
      .where(eq(listings.id, id))
      .for('update');
    if (!current) return null;
    const start = changes.discountStartDays !== undefined ? changes.discountStartDays : current.start;
    const duration = changes.discountDurationDays !== undefined ? changes.discountDurationDays : current.duration;
    await tx
      .update(listings)
      .set({ ...changes, ...listingSchedule(current.datePosted, start ?? null, duration ?? null) })
      .where(eq(listings.id, id));
    await reindexListing(tx, id);
    await enqueue(tx as unknown as Database, 'listing-submitted', { listingId: id, edited: true });
    return [edit.logo && current.logo, edit.photo && current.photo].filter(
      (m): m is StoredImage => Boolean(m) && m!.key !== edit.logo?.key && m!.key !== edit.photo?.key,
    );
  });
  if (!replaced) return NOT_FOUND;
  const updated = await ownListing(db, id);
  return updated ? { ok: true, value: updated, replaced } : NOT_FOUND;
}

/** Deletes a listing of the owner (or any, for an admin); its uploaded images and video go with it. */
export async function removeListing(db: Database, user: SessionUser, id: number): Promise<Result<{ id: number }>> {
  const row = await ownerOf(db, id);
  if (!row) return NOT_FOUND;
  if (!mayDeleteListing(user, row)) return NOT_YOURS;
  const media = await db.transaction(async (tx) => {
    const images = await tx.select({ image: listingImages.image }).from(listingImages).where(eq(listingImages.listingId, id));
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
    return listingMedia({ ...gone, images: images.map((i) => i.image) });
  });
  // The files go once the rows have; demo media (shared keys) stays. A leftover file is harmless.
  await deleteMedia(
    mediaStorage(),
    media.filter((m) => isUploadedMedia(m.key)),
  ).catch((error: unknown) => console.error(`[listings] could not remove the media of listing ${id}:`, error));
  return { ok: true, value: { id } };
}

/** One listing in any state, with its images (owner's and admin's view). */
export async function ownListing(db: Database, id: number): Promise<OwnListing | null> {
  const [row] = await db
    .select({ ...cardColumns, description: listings.description, status: listings.status, rejectionReason: listings.rejectionReason })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) return null;
  const [withImages] = await withGalleries(db, [row]);
  return withImages ?? null;
}

/** Listings waiting for verification, oldest first. */
export async function verificationQueue(db: Database, paging: PageRequest): Promise<Page<OwnListing & { ownerEmail: string }>> {
  const rows = await db
    .select({
      ...cardColumns,
      description: listings.description,
      status: listings.status,
      rejectionReason: listings.rejectionReason,
      ownerEmail: users.email,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(eq(listings.status, 'pending'))
    .orderBy(asc(listings.datePosted), asc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const page = toPage(rows, paging);
  return { ...page, items: await withGalleries(db, page.items) };
}

// The admin page still imports it from here.

/** An admin's decision on a pending listing; the seller is emailed the result. */
export async function reviewListing(
  db: Database,
  admin: SessionUser,
  id: number,
  decision: Review,
): Promise<Result<{ id: number; status: ListingStatus }>> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: m.form_srv_admins_only() };
  const status: ListingStatus = decision.verdict === 'verify' ? 'verified' : 'rejected';
  const reason = decision.verdict === 'reject' ? decision.reason.trim().slice(0, MAX_REASON_LENGTH) : null;
  // The decision, who took it, and the news it makes are saved together or not at all.
  const row = await db.transaction(async (tx) => {
    const [decided] = await tx
      .update(listings)
      .set({ status, rejectionReason: reason, reviewedAt: new Date() })
      .where(and(eq(listings.id, id), eq(listings.status, 'pending')))
      .returning({ id: listings.id, productName: listings.productName, ownerId: listings.ownerId });
    if (!decided) return null;
    const queue = tx as unknown as Database;
    // Who decided and when, with the other moderation decisions (the admins' Telegram copies say it).
    await tx
      .insert(moderationDecisions)
      .values({ itemKind: 'listing', itemId: String(id), action: decision.verdict, adminId: admin.id, note: reason });
    // News for the features above (Telegram's alerts and channel post), run by the job queue, not this request.
    if (status === 'verified') await enqueue(queue, 'listing-verified', { listingId: id });
    // Every admin's copy of the listing in Telegram shows the decision (and loses its buttons).
    await enqueue(queue, 'listing-reviewed', { listingId: id });
    // The seller hears it where they are (Telegram, email or both: decision 27), with the reason and My Posts.
    const review = { productName: decided.productName, listingPath: listingPath(decided) };
    await notify(
      queue,
      listingReviewNotice(decided.ownerId, status === 'verified' ? { ...review, status } : { ...review, status, reason: reason ?? '' }),
    );
    return decided;
  });
  if (!row) {
    const exists = await ownerOf(db, id);
    return exists ? { ok: false, status: 409, error: m.form_srv_not_waiting() } : NOT_FOUND;
  }
  return { ok: true, value: { id, status } };
}
