/**
 * Reading a listing from a multipart request (the form island, My Posts, outside clients): the
 * shared zod schema for the text, the upload checks for the files, then the media is stored.
 * Answers the spec's messages per field; files are stored only when everything is valid.
 */
import { formDataToFields, validateListing } from './listing-form.ts';
import { listingEditSchema } from './listing-schema.ts';
import type { StoredImage } from '#db/schema.ts';
import { listingPath } from './listing-urls.ts';
import { fail, type Failure, type Result } from '#platform/http/result.ts';
import type { ListingDraft } from './listings.server.ts';
import type { Database } from '#db/client.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { imageUrl } from '#features/media/media-urls.server.ts';
import { deleteMedia, isUploadedMedia, saveImage, type MediaRef } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { editListing, type ListingEdit, type OwnListing } from '#features/listings/seller-listings.server.ts';
import { checkImages } from '#features/media/image-checks.server.ts';
import { MAX_EXTRA_IMAGES, uploadedFile } from '#features/media/uploads.server.ts';
import { checkVideo } from '#features/media/video-checks.server.ts';
import { makeVideoPoster, saveVideo } from '#features/media/video-store.server.ts';
import { m } from '#paraglide/messages.js';

function rejected(status: 400 | 413, errors: Record<string, string>, first?: string): Failure {
  const message = first ?? Object.values(errors)[0] ?? m.form_srv_invalid_listing();
  return fail(status, message, Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, [text]])));
}

/** A new listing from `POST /api/products/`; the owner is added by the caller from the session. */
export async function readListingSubmission(form: FormData): Promise<Result<Omit<ListingDraft, 'ownerId'>>> {
  const logoFile = uploadedFile(form.get('profile_photo'));
  const photoFile = uploadedFile(form.get('product_photo'));
  const videoFile = uploadedFile(form.get('product_video'));
  const extraFiles = form
    .getAll('uploaded_images')
    .map(uploadedFile)
    .filter((f): f is File => f !== null);

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
  });
  if (!media.ok) return media;
  return { ok: true, value: { ...fields.data, ...media.value } };
}

/** A listing's files as they arrived: logo, product photo, additional photos and the video. */
export interface ListingFileSet {
  logo: File;
  photo: File;
  extra: File[];
  video: File | null;
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
  const [images, video] = await Promise.all([
    checkImages([
      { field: 'profile_photo', file: files.logo },
      { field: 'product_photo', file: files.photo },
      ...files.extra.map((file) => ({ field: 'uploaded_images', file })),
    ]),
    files.video ? checkVideo('product_video', files.video) : Promise.resolve(null),
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

/**
 * An edit from My Posts or `PATCH /api/delete/products/{id}/`: text fields, optional new photos.
 * New photos are stored only when everything is valid.
 */
export async function readListingEdit(form: FormData): Promise<Result<ListingEdit>> {
  const parsed = listingEditSchema.safeParse(formDataToFields(form));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'request');
      errors[field] ??= issue.message;
    }
  }
  const files = [
    { field: 'profile_photo', file: uploadedFile(form.get('profile_photo')) },
    { field: 'product_photo', file: uploadedFile(form.get('product_photo')) },
  ].filter((e): e is { field: string; file: File } => e.file !== null);
  const images = parsed.success ? await checkImages(files) : null;
  let status: 400 | 413 = 400;
  if (images && !images.ok) {
    errors[images.problem.field] = images.problem.message;
    status = images.problem.status;
  }
  if (!parsed.success || !images?.ok) return rejected(status, errors);
  const store = mediaStorage();
  const edit: ListingEdit = { ...parsed.data };
  const stored: StoredImage[] = [];
  try {
    for (const [i, { field }] of files.entries()) {
      const image = await saveImage(images.images[i]!.decoded, { store });
      stored.push(image);
      if (field === 'profile_photo') edit.logo = image;
      else edit.photo = image;
    }
  } catch (error) {
    await deleteMedia(store, stored);
    throw error;
  }
  return { ok: true, value: edit };
}

/**
 * Applies an edit from a multipart form, after the caller checked with {@link canEditListing}
 * (before reading the body) that the listing exists and is the user's. The photos it replaces are
 * removed once the edit is saved; new ones are removed when it is not.
 */
export async function applyListingEdit(db: Database, user: SessionUser, id: number, form: FormData): Promise<Result<OwnListing>> {
  const input = await readListingEdit(form);
  if (!input.ok) return input;
  const added = [input.value.logo, input.value.photo].filter((m): m is StoredImage => m !== undefined).map((m) => ({ key: m.key }));
  const store = mediaStorage();
  let result: Awaited<ReturnType<typeof editListing>>;
  try {
    result = await editListing(db, user, id, input.value);
  } catch (error) {
    await deleteMedia(store, added);
    throw error;
  }
  if (!result.ok) {
    await deleteMedia(store, added);
    return result;
  }
  const replaced = result.replaced.filter((m) => isUploadedMedia(m.key)).map((m) => ({ key: m.key }));
  await deleteMedia(store, replaced).catch((error: unknown) => console.error('[listings] could not remove replaced photos:', error));
  return { ok: true, value: result.value };
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
    profile_photo: l.logo ? imageUrl(l.logo) : null,
    product_photo: imageUrl(l.photo),
    images: l.images.slice(1).map((i) => ({ id: i.id, image: imageUrl(i.image) })),
    contact_phone: l.contactPhone,
    contact_telegram: l.contactTelegram,
    holiday: l.holiday,
  };
}
