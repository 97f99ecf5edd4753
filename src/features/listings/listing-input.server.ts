/**
 * Reading a listing from a multipart request (the form island, My Posts, outside clients): the
 * shared zod schema for the text, the upload checks for the files, then the media is stored.
 * Answers the spec's messages per field; files are stored only when everything is valid.
 */
import { formDataToFields, validateListing } from './listing-form.ts';
import type { StoredImage } from '#db/schema.ts';
import { listingPath } from './listing-urls.ts';
import { fail, type Failure, type Result } from '#platform/http/result.ts';
import type { ListingDraft } from './listings.server.ts';
import { imageUrl } from '#features/media/media-urls.server.ts';
import { deleteMedia, saveImage, type MediaRef } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import type { OwnListing } from '#features/listings/seller-listings.server.ts';
import { checkImages } from '#features/media/image-checks.server.ts';
import type { UploadVia } from '#features/media/upload-metrics.server.ts';
import { label, MAX_EXTRA_IMAGES, uploadedFile } from '#features/media/uploads.server.ts';
import { discardStagedUpload, takeStagedUpload } from '#features/media/resumable/staged-uploads.server.ts';
import { stagedField, stagedUploadId, UPLOAD_FIELDS, type UploadField } from '#features/media/resumable/staged-upload.ts';
import { checkVideo } from '#features/media/video-checks.server.ts';
import { makeVideoPoster, saveVideo } from '#features/media/video-store.server.ts';
import { m } from '#paraglide/messages.js';

export function rejected(status: 400 | 413, errors: Record<string, string>, first?: string): Failure {
  const message = first ?? Object.values(errors)[0] ?? m.form_srv_invalid_listing();
  return fail(status, message, Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, [text]])));
}

/** The staged uploads a listing names, by file field (each a file as if it had been sent). */
type StagedListingFiles = Record<Exclude<UploadField, 'uploaded_images'>, File | null> & { uploaded_images: File[] };

/**
 * The staged uploads (resumable, media/resumable) a submission names instead of sending files:
 * `profile_photo_upload`, `product_photo_upload`, `product_video_upload` and repeated
 * `uploaded_images_upload`, each an upload id (or its URL). An id that is unknown, expired,
 * unfinished, another account's or of the wrong kind is a 400 naming its field.
 */
export async function readStagedListingFiles(form: FormData, ownerId?: string): Promise<Result<StagedListingFiles>> {
  const files: StagedListingFiles = { profile_photo: null, product_photo: null, product_video: null, uploaded_images: [] };
  const errors: Record<string, string> = {};
  for (const field of Object.keys(UPLOAD_FIELDS) as UploadField[]) {
    const name = stagedField(field);
    for (const value of form.getAll(name)) {
      if (typeof value === 'string' && value.trim() === '') continue;
      const id = stagedUploadId(value);
      const file = id ? await takeStagedUpload(id, field, { ownerId }) : null;
      if (!file) {
        errors[name] ??= m.form_upload_srv_missing({ name: label(field) });
        continue;
      }
      if (field === 'uploaded_images') files.uploaded_images.push(file);
      else files[field] = file;
    }
  }
  return Object.keys(errors).length > 0 ? rejected(400, errors) : { ok: true, value: files };
}

/** Removes the staged uploads a submission named, once its listing holds them (re-encoded). */
export async function discardListingUploads(form: FormData): Promise<void> {
  const ids = (Object.keys(UPLOAD_FIELDS) as UploadField[]).flatMap((field) => form.getAll(stagedField(field)).map(stagedUploadId));
  await Promise.all(ids.filter((id): id is string => id !== null).map(discardStagedUpload));
}

/**
 * A new listing from `POST /api/products/`; the owner is added by the caller from the session.
 * Its files arrive in the multipart body, or were staged before (resumable uploads) and are named
 * by their upload ids; either way they are checked and stored alike. Staged files stay staged
 * until the caller has saved the listing ({@link discardListingUploads}).
 */
export async function readListingSubmission(form: FormData, ownerId?: string): Promise<Result<Omit<ListingDraft, 'ownerId'>>> {
  const staged = await readStagedListingFiles(form, ownerId);
  if (!staged.ok) return staged;
  const logoFile = staged.value.profile_photo ?? uploadedFile(form.get('profile_photo'));
  const photoFile = staged.value.product_photo ?? uploadedFile(form.get('product_photo'));
  const videoFile = staged.value.product_video ?? uploadedFile(form.get('product_video'));
  const extraFiles = form
    .getAll('uploaded_images')
    .map(uploadedFile)
    .filter((f): f is File => f !== null)
    .concat(staged.value.uploaded_images);
  const stagedFiles = new Set<File | null>([...Object.values(staged.value)].flat());

  const fields = validateListing(formDataToFields(form), {
    logo: Boolean(logoFile),
    photo: Boolean(photoFile),
    extraImages: extraFiles.length,
  });
  if (!fields.ok) return rejected(400, fields.errors, fields.first);

  // The form's own check refuses more than MAX_EXTRA_IMAGES before any file is read.
  const media = await storeListingFiles({
    logo: logoFile!,
    photo: photoFile!,
    extra: extraFiles.slice(0, MAX_EXTRA_IMAGES),
    video: videoFile,
    arrivedVia: (file) => (stagedFiles.has(file) ? undefined : 'form'),
  });
  if (!media.ok) return media;
  return { ok: true, value: { ...fields.data, ...media.value } };
}

/**
 * A listing's files as they arrived: logo, product photo, additional photos and the video, and how
 * each new one came (`arrivedVia`, counted in `sefer_uploads_total`; undefined for a file counted
 * before: a staged upload, a bot's photo checked when it was sent).
 */
export interface ListingFileSet {
  logo: File;
  photo: File;
  extra: File[];
  video: File | null;
  arrivedVia?: (file: File) => UploadVia | undefined;
}

/** Where a listing's stored media goes in its draft. */
export type StoredListingMedia = Pick<ListingDraft, 'logo' | 'photo' | 'images' | 'video'>;

/**
 * Checks a listing's files as every upload is checked (size, real type, pixels, one decode; the
 * video's container and length), then stores them re-encoded (images as WebP in every width, the
 * video with a poster). Nothing is stored unless every file passes; a half-stored set is removed.
 * The web form and the bot's "post a deal" both store through here.
 */
export async function storeListingFiles(files: ListingFileSet): Promise<Result<StoredListingMedia>> {
  const via = (file: File) => files.arrivedVia?.(file);
  const [images, video] = await Promise.all([
    checkImages([
      { field: 'profile_photo', file: files.logo, via: via(files.logo) },
      { field: 'product_photo', file: files.photo, via: via(files.photo) },
      ...files.extra.map((file) => ({ field: 'uploaded_images', file, via: via(file) })),
    ]),
    files.video ? checkVideo('product_video', files.video, via(files.video)) : Promise.resolve(null),
  ]);
  const problems = [images, video].flatMap((r) => (r && !r.ok ? [r.problem] : []));
  if (problems.length > 0 || !images.ok) {
    const status = problems.some((p) => p.status === 413) ? 413 : 400;
    return rejected(status, Object.fromEntries(problems.map((p) => [p.field, p.message])), problems[0]!.message);
  }
  const [logo, photo, ...extra] = images.images;

  const store = mediaStorage();
  const written: MediaRef[] = [];
  const keep = <T extends { key: string }>(media: T, ext?: string): T => {
    written.push({ key: media.key, ext });
    return media;
  };
  let saved: StoredImage[];
  let storedVideo: ListingDraft['video'] = null;
  try {
    saved = await Promise.all([
      saveImage(logo!.decoded, { store }).then((m) => keep(m)),
      saveImage(photo!.decoded, { store }).then((m) => keep(m)),
      ...extra.map((image) => saveImage(image.decoded, { store }).then((m) => keep(m))),
    ]);
    if (video?.ok) {
      const poster = await makeVideoPoster(video.bytes, video.ext, store);
      if (poster) keep(poster);
      storedVideo = keep(
        await saveVideo(video.bytes, video.ext, { store, durationSeconds: video.durationSeconds, poster }),
        video.ext === 'mov' ? 'mp4' : video.ext,
      );
    }
  } catch (error) {
    await deleteMedia(store, written);
    throw error;
  }
  const [storedLogo, storedPhoto, ...storedExtra] = saved as [StoredImage, StoredImage, ...StoredImage[]];
  return { ok: true, value: { logo: storedLogo, photo: storedPhoto, images: storedExtra, video: storedVideo } };
}

/** A seller's own listing as JSON (spec field names, with its verification state). */
export function ownListingJson(l: OwnListing) {
  return {
    id: l.id,
    url: listingPath(l),
    product_name: l.productName,
    company_name: l.companyName,
    description: l.description,
    location: l.location,
    category: l.category,
    discount: l.discount,
    discount_duration: l.discountDurationDays,
    discount_start_date: l.discountStartDays,
    date_posted: l.datePosted.toISOString(),
    verified: l.status === 'verified',
    status: l.status,
    rejection_reason: l.rejectionReason,
    pending_edit: l.pendingEdit,
    edit_rejection_reason: l.editRejection,
    profile_photo: l.logo ? imageUrl(l.logo) : null,
    product_photo: imageUrl(l.photo),
    images: l.images.slice(1).map((i) => ({ id: i.id, image: imageUrl(i.image) })),
    contact_phone: l.contactPhone,
    contact_telegram: l.contactTelegram,
    holiday: l.holiday,
  };
}
