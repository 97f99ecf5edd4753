/**
 * Edits that keep a deal live (issue 29): an edit of a verified listing is kept as its revision
 * (`listing_revisions`, one a listing, a second edit replaces it) while the verified version stays
 * public; an admin's Verify writes it to the listing, Reject keeps the live version and records the
 * reason. An edit of a listing that was never public (waiting or rejected) changes it in place.
 * Media no version uses any more are returned to the caller, to remove once the transaction is in.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingImages, listingRevisions, listings, type RevisionStatus } from '#db/schema.ts';
import { deleteMedia, isUploadedMedia, listingMedia, type MediaRef } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { queueContactCheck } from './contact-kind.server.ts';
import { listingSchedule } from './listings.server.ts';
import { applyEdit, versionMediaKeys, type ListingEdit, type ListingVersion } from './listing-version.ts';
import { reindexListing } from './search-index.server.ts';
import { changingListings } from './listing-page-changes.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('listings');

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Pick<Database, 'select'>;

const versionColumns = {
  productName: listings.productName,
  companyName: listings.companyName,
  description: listings.description,
  location: listings.location,
  latitude: listings.latitude,
  longitude: listings.longitude,
  category: listings.category,
  discount: listings.discount,
  discountDurationDays: listings.discountDurationDays,
  discountStartDays: listings.discountStartDays,
  contactPhone: listings.contactPhone,
  contactTelegram: listings.contactTelegram,
  contactTick: listings.contactTick,
  webSite: listings.webSite,
  holiday: listings.holiday,
  logo: listings.logo,
  photo: listings.photo,
  video: listings.video,
};

/** The listing's public (live) version, with its state; null when there is no such listing. */
export async function liveVersion(
  db: Reader,
  id: number,
): Promise<{ version: ListingVersion; status: string; datePosted: Date; ownerId: string } | null> {
  const [row] = await db
    .select({ ...versionColumns, status: listings.status, datePosted: listings.datePosted, ownerId: listings.ownerId })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) return null;
  const images = await db
    .select({ image: listingImages.image })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.position));
  const { status, datePosted, ownerId, ...version } = row;
  return { version: { ...version, images: images.map((i) => i.image) }, status, datePosted, ownerId };
}

/** A listing's revision, waiting or rejected, if it has one. */
export async function revisionOf(
  db: Reader,
  id: number,
): Promise<{ proposal: ListingVersion; status: RevisionStatus; rejectionReason: string | null; submittedAt: Date } | null> {
  const [row] = await db
    .select({
      proposal: listingRevisions.proposal,
      status: listingRevisions.status,
      rejectionReason: listingRevisions.rejectionReason,
      submittedAt: listingRevisions.submittedAt,
    })
    .from(listingRevisions)
    .where(eq(listingRevisions.listingId, id))
    .limit(1);
  return row ?? null;
}

/** What an edit starts from: the waiting revision, else the listing as it is. */
export async function editBase(db: Reader, id: number): Promise<ListingVersion | null> {
  const revision = await revisionOf(db, id);
  if (revision?.status === 'pending') return revision.proposal;
  return (await liveVersion(db, id))?.version ?? null;
}

/** The media of `version` that none of `others` uses. */
function mediaOnlyIn(version: ListingVersion, others: ListingVersion[]): MediaRef[] {
  const used = new Set(others.flatMap((o) => [...versionMediaKeys(o)]));
  return listingMedia(version).filter((m) => !used.has(m.key));
}

/** Writes a whole version to the listing row and its images (kept images keep their ids), and re-indexes it. */
async function writeVersion(
  tx: Tx,
  id: number,
  version: ListingVersion,
  datePosted: Date,
  state: Partial<typeof listings.$inferInsert> = {},
): Promise<void> {
  const { images, ...fields } = version;
  await tx
    .update(listings)
    .set({
      ...fields,
      ...listingSchedule(datePosted, fields.discountStartDays, fields.discountDurationDays),
      ...state,
      updatedAt: new Date(),
    })
    .where(eq(listings.id, id));
  const existing = await tx
    .select({ id: listingImages.id, image: listingImages.image, position: listingImages.position })
    .from(listingImages)
    .where(eq(listingImages.listingId, id));
  const wanted = new Set(images.map((i) => i.key));
  for (const row of existing.filter((e) => !wanted.has(e.image.key))) await tx.delete(listingImages).where(eq(listingImages.id, row.id));
  const had = new Set(existing.map((e) => e.image.key));
  const added = images.filter((i) => !had.has(i.key));
  const next = Math.max(-1, ...existing.map((e) => e.position)) + 1;
  if (added.length > 0) {
    await tx.insert(listingImages).values(added.map((image, i) => ({ listingId: id, position: next + i, image })));
  }
  await reindexListing(tx, id);
}

/** A saved edit: whether it waits as a revision (the listing is live), and the media no longer used. */
export interface SavedEdit {
  revision: boolean;
  unused: MediaRef[];
}

/**
 * Saves an edit (the caller checked who may): a verified listing gets (or replaces) its waiting
 * revision and stays as it is; any other listing changes in place and waits for verification.
 * The admins hear of it either way. Null when the listing is gone.
 */
export async function saveEdit(db: Database, id: number, edit: ListingEdit, now = new Date()): Promise<SavedEdit | null> {
  return changingListings(
    db,
    [id],
    () =>
      db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, id)).for('update');
        const live = locked ? await liveVersion(tx, id) : null;
        if (!live) return null;
        const revision = await revisionOf(tx, id);
        // News for the features above: Telegram sends the edit to the admins' chats to verify.
        await enqueue(tx as unknown as Database, 'listing-submitted', { listingId: id, edited: true });
        await queueContactCheck(tx as unknown as Database, edit.contactTelegram);
        if (live.status === 'verified') {
          const waiting = revision?.status === 'pending' ? revision.proposal : null;
          const proposal = applyEdit(waiting ?? live.version, edit);
          const values = { proposal, status: 'pending' as const, rejectionReason: null, submittedAt: now, reviewedAt: null };
          await tx
            .insert(listingRevisions)
            .values({ listingId: id, ...values })
            .onConflictDoUpdate({ target: listingRevisions.listingId, set: values });
          return { revision: true, unused: waiting ? mediaOnlyIn(waiting, [proposal, live.version]) : [] };
        }
        const proposal = applyEdit(live.version, edit);
        await writeVersion(tx, id, proposal, live.datePosted, { status: 'pending', rejectionReason: null, reviewedAt: null });
        if (revision) await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id));
        return { revision: false, unused: mediaOnlyIn(live.version, [proposal]) };
      }),
    now,
  );
}

/**
 * An admin's decision on a verified listing's waiting revision, inside the caller's transaction:
 * Verify writes it to the listing (its dates rescheduled, re-indexed) and drops it; Reject keeps
 * the live version and records the reason on the revision. Null when no revision waits.
 */
export async function decideRevision(
  tx: Tx,
  id: number,
  verdict: 'verify' | 'reject',
  reason: string | null,
  now = new Date(),
): Promise<{ productName: string; ownerId: string; unused: MediaRef[] } | null> {
  const [waiting] = await tx
    .select({ proposal: listingRevisions.proposal })
    .from(listingRevisions)
    .where(and(eq(listingRevisions.listingId, id), eq(listingRevisions.status, 'pending')))
    .for('update');
  const live = waiting ? await liveVersion(tx, id) : null;
  if (!waiting || !live || live.status !== 'verified') return null;
  const { proposal } = waiting;
  if (verdict === 'verify') {
    await writeVersion(tx, id, proposal, live.datePosted);
    await tx.delete(listingRevisions).where(eq(listingRevisions.listingId, id));
    return { productName: proposal.productName, ownerId: live.ownerId, unused: mediaOnlyIn(live.version, [proposal]) };
  }
  await tx
    .update(listingRevisions)
    .set({ status: 'rejected', rejectionReason: reason, reviewedAt: now })
    .where(eq(listingRevisions.listingId, id));
  return { productName: live.version.productName, ownerId: live.ownerId, unused: mediaOnlyIn(proposal, [live.version]) };
}

/** Removes media no listing uses any more (after the transaction); demo media is shared and stays. */
export async function removeUnusedMedia(media: readonly MediaRef[]): Promise<void> {
  const uploaded = media.filter((m) => isUploadedMedia(m.key));
  if (uploaded.length === 0) return;
  await deleteMedia(mediaStorage(), uploaded).catch((error: unknown) =>
    log.error({ err: error, dependency: 'media' }, '[listings] could not remove unused media'),
  );
}
