/**
 * An edit from My Posts or `PATCH /api/delete/products/{id}/` (multipart): any text field of the
 * new-listing form (only those sent change, with the form's rules), a place of the list, a new
 * logo, product photo or video (`remove_video` removes it), more additional images
 * (`uploaded_images`, up to the submit limit) and images removed (`remove_image`, by key). Files
 * are checked like every upload and stored only when everything is valid; an edit that is not
 * saved leaves none behind.
 */
import type { Database } from '#db/client.ts';
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { checkImages } from '#features/media/image-checks.server.ts';
import { deleteMedia, saveImage, type MediaRef } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { uploadedFile } from '#features/media/uploads.server.ts';
import { checkVideo } from '#features/media/video-checks.server.ts';
import { makeVideoPoster, saveVideo } from '#features/media/video-store.server.ts';
import type { Result } from '#platform/http/result.ts';
import { readEditFields } from './listing-edit-fields.ts';
import { formDataToFields } from './listing-form.ts';
import { rejected } from './listing-input.server.ts';
import { LISTING_MESSAGES } from './listing-messages.ts';
import { editBase } from './listing-revisions.server.ts';
import { MAX_SUBMIT_IMAGES } from './listing-schema.ts';
import type { ListingEdit, ListingVersion } from './listing-version.ts';
import { editListing, type OwnListing } from './seller-listings.server.ts';

/** Reads an edit of `base` (the version the edit starts from); its new files are stored. */
export async function readListingEdit(form: FormData, base: ListingVersion): Promise<Result<ListingEdit>> {
  const sent: Partial<Record<string, string>> = { ...formDataToFields(form) };
  const place = form.get('place');
  if (typeof place === 'string') sent.place = place;
  const fields = readEditFields(sent, base);
  const errors: Record<string, string> = fields.ok ? {} : { ...fields.errors };

  const logo = uploadedFile(form.get('profile_photo'));
  const photo = uploadedFile(form.get('product_photo'));
  const video = uploadedFile(form.get('product_video'));
  const extra = form
    .getAll('uploaded_images')
    .map(uploadedFile)
    .filter((f): f is File => f !== null);
  const baseKeys = new Set(base.images.map((i) => i.key));
  const removeImages = [...new Set(form.getAll('remove_image').filter((k): k is string => typeof k === 'string' && baseKeys.has(k)))];
  if (base.images.length - removeImages.length + extra.length > MAX_SUBMIT_IMAGES) errors.uploaded_images = LISTING_MESSAGES.tooManyImages;
  // Nothing is decoded while the texts or the count are wrong.
  if (Object.keys(errors).length > 0) return rejected(400, errors);

  const imageFiles = [
    ...(logo ? [{ field: 'profile_photo', file: logo }] : []),
    ...(photo ? [{ field: 'product_photo', file: photo }] : []),
    ...extra.map((file) => ({ field: 'uploaded_images', file })),
  ].map((entry) => ({ ...entry, via: 'form' as const }));
  const [images, checkedVideo] = await Promise.all([checkImages(imageFiles), video ? checkVideo('product_video', video, 'form') : null]);
  const problem = !images.ok ? images.problem : checkedVideo && !checkedVideo.ok ? checkedVideo.problem : null;
  if (problem) return rejected(problem.status, { [problem.field]: problem.message });
  if (!images.ok) return rejected(400, {});

  const store = mediaStorage();
  const written: MediaRef[] = [];
  const edit: ListingEdit = { ...(fields.ok ? fields.changes : {}), removeImages };
  if (form.get('remove_video') && !video) edit.video = null;
  try {
    const saved: StoredImage[] = [];
    for (const image of images.images) {
      const stored = await saveImage(image.decoded, { store });
      written.push({ key: stored.key });
      saved.push(stored);
    }
    if (logo) edit.logo = saved.shift();
    if (photo) edit.photo = saved.shift();
    edit.addImages = saved;
    if (checkedVideo?.ok) {
      const poster = await makeVideoPoster(checkedVideo.bytes, checkedVideo.ext, store);
      if (poster) written.push({ key: poster.key });
      const ext = checkedVideo.ext === 'mov' ? 'mp4' : checkedVideo.ext;
      const stored: StoredVideo = await saveVideo(checkedVideo.bytes, checkedVideo.ext, {
        store,
        durationSeconds: checkedVideo.durationSeconds,
        poster,
      });
      written.push({ key: stored.key, ext });
      edit.video = stored;
    }
  } catch (error) {
    await deleteMedia(store, written);
    throw error;
  }
  return { ok: true, value: edit };
}

/** The media an edit brought (to remove when it is not saved). */
function addedMedia(edit: ListingEdit): MediaRef[] {
  const images = [edit.logo, edit.photo, ...(edit.addImages ?? []), edit.video?.poster].filter((m): m is StoredImage => Boolean(m));
  return [...images.map((m) => ({ key: m.key })), ...(edit.video ? [{ key: edit.video.key, ext: edit.video.ext }] : [])];
}

/** The seller's view of a listing whose edit waits: what they proposed, still marked verified. */
function withProposal(listing: OwnListing, proposal: ListingVersion): OwnListing {
  const { images, video: _video, latitude: _lat, longitude: _lng, contactTick: _tick, webSite: _web, ...texts } = proposal;
  return { ...listing, ...texts, images: [{ id: 'photo', image: proposal.photo }, ...images.map((image) => ({ id: image.key, image }))] };
}

/**
 * Applies an edit from a multipart form, after the caller checked with `canEditListing` (before
 * reading the body) that the listing exists and is the user's. Answers the seller's view: for a
 * live deal, the version that now waits for review (the public page keeps the verified one).
 */
export async function applyListingEdit(db: Database, user: SessionUser, id: number, form: FormData): Promise<Result<OwnListing>> {
  const base = await editBase(db, id);
  if (!base) return editListing(db, user, id, {});
  const input = await readListingEdit(form, base);
  if (!input.ok) return input;
  const added = addedMedia(input.value);
  let result: Awaited<ReturnType<typeof editListing>>;
  try {
    result = await editListing(db, user, id, input.value);
  } catch (error) {
    await deleteMedia(mediaStorage(), added);
    throw error;
  }
  if (!result.ok) {
    await deleteMedia(mediaStorage(), added);
    return result;
  }
  if (!result.revision) return { ok: true, value: result.value };
  const waiting = await editBase(db, id);
  return { ok: true, value: waiting ? withProposal(result.value, waiting) : result.value };
}
