/**
 * Reading a listing from a multipart request (the form island, My Posts, outside clients): the
 * shared zod schema for the text, the upload checks for the files, then the media is stored.
 * Answers the spec's messages per field; files are stored only when everything is valid.
 */
import { formDataToFields, listingEditSchema, validateListing } from '../listing-form.ts';
import type { StoredImage } from '../../db/schema.ts';
import { listingPath } from '../listing-urls.ts';
import { config } from './config.server.ts';
import type { ListingDraft } from './listings.server.ts';
import { deleteMedia, imageUrl, saveImage } from './media.server.ts';
import type { ListingEdit, OwnListing } from './seller-listings.server.ts';
import { checkExtraImages, checkImage, checkVideo, makeVideoPoster, saveVideo, uploadedFile } from './uploads.server.ts';

export type InputResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 413; error: string; errors: Record<string, string> };

function rejected(status: 400 | 413, errors: Record<string, string>, first?: string): InputResult<never> {
  const message = first ?? Object.values(errors)[0] ?? 'Invalid listing.';
  return { ok: false, status, error: message, errors };
}

/** A new listing from `POST /api/products/`; the owner is added by the caller from the session. */
export async function readListingSubmission(form: FormData): Promise<InputResult<Omit<ListingDraft, 'ownerId'>>> {
  const logoFile = uploadedFile(form.get('profile_photo'));
  const photoFile = uploadedFile(form.get('product_photo'));
  const videoFile = uploadedFile(form.get('product_video'));
  const extraFiles = form.getAll('uploaded_images').map(uploadedFile).filter((f): f is File => f !== null);

  const fields = validateListing(formDataToFields(form), { logo: Boolean(logoFile), photo: Boolean(photoFile), extraImages: extraFiles.length });
  if (!fields.ok) return rejected(400, fields.errors, fields.first);

  const [logo, photo, extra, video] = await Promise.all([
    checkImage('profile_photo', logoFile!),
    checkImage('product_photo', photoFile!),
    checkExtraImages(extraFiles),
    videoFile ? checkVideo('product_video', videoFile) : Promise.resolve(null),
  ]);
  const problems = [logo, photo, extra, video].flatMap((r) => (r && !r.ok ? [r.problem] : []));
  if (problems.length > 0) {
    const status = problems.some((p) => p.status === 413) ? 413 : 400;
    return rejected(status, Object.fromEntries(problems.map((p) => [p.field, p.message])), problems[0]!.message);
  }

  const { dataDir } = config();
  const written: { key: string; ext?: string }[] = [];
  const keep = <T extends { key: string }>(media: T, ext?: string): T => {
    written.push({ key: media.key, ext });
    return media;
  };
  let saved: StoredImage[];
  let storedVideo: ListingDraft['video'] = null;
  try {
    saved = await Promise.all([
      saveImage((logo as { bytes: Buffer }).bytes, { dataDir }).then((m) => keep(m)),
      saveImage((photo as { bytes: Buffer }).bytes, { dataDir }).then((m) => keep(m)),
      ...(extra.ok ? extra.images : []).map((image) => saveImage(image.bytes, { dataDir }).then((m) => keep(m))),
    ]);
    if (video?.ok) {
      const poster = await makeVideoPoster(video.bytes, video.ext, dataDir);
      if (poster) keep(poster);
      storedVideo = keep(await saveVideo(video.bytes, video.ext, { dataDir, durationSeconds: video.durationSeconds, poster }), video.ext === 'mov' ? 'mp4' : video.ext);
    }
  } catch (error) {
    await deleteMedia(dataDir, written);
    throw error;
  }
  const [storedLogo, storedPhoto, ...storedExtra] = saved as [StoredImage, StoredImage, ...StoredImage[]];
  return {
    ok: true,
    value: { ...fields.data, logo: storedLogo, photo: storedPhoto, images: storedExtra, video: storedVideo },
  };
}

/** An edit from My Posts or `PATCH /api/delete/products/{id}/`: text fields, optional new photos. */
export async function readListingEdit(form: FormData): Promise<InputResult<ListingEdit>> {
  const parsed = listingEditSchema.safeParse(formDataToFields(form));
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'request');
      errors[field] ??= issue.message;
    }
  }
  const logoFile = uploadedFile(form.get('profile_photo'));
  const photoFile = uploadedFile(form.get('product_photo'));
  const [logo, photo] = await Promise.all([
    logoFile ? checkImage('profile_photo', logoFile) : Promise.resolve(null),
    photoFile ? checkImage('product_photo', photoFile) : Promise.resolve(null),
  ]);
  let status: 400 | 413 = 400;
  for (const r of [logo, photo]) {
    if (r && !r.ok) {
      errors[r.problem.field] = r.problem.message;
      if (r.problem.status === 413) status = 413;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return rejected(status, errors);
  const { dataDir } = config();
  const edit: ListingEdit = { ...parsed.data };
  if (logo?.ok) edit.logo = await saveImage(logo.bytes, { dataDir });
  if (photo?.ok) edit.photo = await saveImage(photo.bytes, { dataDir });
  return { ok: true, value: edit };
}

/** The media files a draft refers to, to remove them if its listing cannot be written. */
export function mediaOfDraft(draft: Pick<ListingDraft, 'logo' | 'photo' | 'images' | 'video'>): { key: string; ext?: string }[] {
  return [
    ...[draft.logo, draft.photo, ...draft.images, draft.video?.poster ?? null].filter((m): m is StoredImage => m !== null).map((m) => ({ key: m.key })),
    ...(draft.video ? [{ key: draft.video.key, ext: draft.video.ext }] : []),
  ];
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
  };
}
