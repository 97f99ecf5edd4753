/**
 * A deal being posted from the bot, as its draft keeps it (`telegram_drafts.data`): Telegram
 * file ids of the photos and video (never the bytes), and the answers so far. Pure: how a draft is
 * read back (whatever the jsonb holds), and how it becomes the listing form's fields, by the spec's
 * names, so the web's rules (validateListing) judge it.
 */
import { WAITING } from '#features/listings/discount.ts';
import type { ListingFiles } from '#features/listings/listing-form.ts';
import { m } from '#paraglide/messages.js';

/** Photos a deal posted from the bot may have (the first is the product photo). */
export const MAX_POST_PHOTOS = 7;
/** A draft is forgotten this long after its last change. */
export const DRAFT_TTL_MS = 24 * 3_600_000;
/** Bots may download files of at most 20 MB (Bot API, getFile). */
export const BOT_FILE_LIMIT = 20 * 1024 * 1024;

/** The questions, in the order they are asked; `summary` shows it all with Submit / Edit / Cancel. */
export const POST_STEPS = [
  'photos',
  'video',
  'product',
  'company',
  'category',
  'discount',
  'days',
  'place',
  'phone',
  'description',
  'telegram',
  'summary',
] as const;
export type PostStep = (typeof POST_STEPS)[number];
/** The draft's step while Submit stores it: a second Submit finds no summary to submit. */
export const SUBMITTING = 'submitting';

export const isPostStep = (value: unknown): value is PostStep => (POST_STEPS as readonly unknown[]).includes(value);

/** A file the person sent: its Telegram id and size (fetched again at Submit). */
export interface DraftFile {
  fileId: string;
  size: number;
}

export interface DraftVideo extends DraftFile {
  seconds: number;
}

export interface PostDraft {
  photos: DraftFile[];
  video: DraftVideo | null;
  product?: string;
  company?: string;
  category?: string;
  discount?: string;
  /** How many days the discount lasts (discount_duration); none when waiting. */
  days?: number;
  location?: string;
  latitude?: number;
  longitude?: number;
  phone?: string;
  /** As typed; null when skipped (then made from the product and business names). */
  description?: string | null;
  /** As typed or chosen (`@name`); normalised to a t.me link by the form's rules. */
  telegram?: string;
  /** One field is being changed from the summary: the summary comes back after it. */
  editing?: boolean;
}

export const emptyDraft = (): PostDraft => ({ photos: [], video: null });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function draftFile(value: unknown): DraftFile | null {
  if (!isRecord(value) || typeof value.fileId !== 'string' || value.fileId === '') return null;
  return { fileId: value.fileId, size: finite(value.size) ?? 0 };
}

/**
 * A draft as stored, whatever the jsonb holds: values of the wrong type are left out (and then
 * asked again, or refused by the form's rules at Submit); strings are kept as they are.
 */
export function readDraft(data: unknown): PostDraft {
  const d = isRecord(data) ? data : {};
  const photos = Array.isArray(d.photos) ? d.photos.map(draftFile).filter((f): f is DraftFile => f !== null) : [];
  const video = draftFile(d.video);
  const draft: PostDraft = {
    photos,
    video: video && isRecord(d.video) ? { ...video, seconds: finite(d.video.seconds) ?? 0 } : null,
    product: text(d.product),
    company: text(d.company),
    category: text(d.category),
    discount: text(d.discount),
    days: finite(d.days),
    location: text(d.location),
    latitude: finite(d.latitude),
    longitude: finite(d.longitude),
    phone: text(d.phone),
    description: d.description === null ? null : text(d.description),
    telegram: text(d.telegram),
    editing: d.editing === true ? true : undefined,
  };
  // Absent answers stay absent (undefined is not written to jsonb either).
  return Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== undefined)) as unknown as PostDraft;
}

/** The description of a deal whose seller skipped it: the product and the business, in the chat's language. */
export function madeDescription(draft: PostDraft): string {
  return m.tgpost_description_made({ product: (draft.product ?? '').trim(), company: (draft.company ?? '').trim() });
}

/** The description the listing gets: as typed, or made when skipped. */
export const descriptionOf = (draft: PostDraft): string =>
  draft.description === null ? madeDescription(draft) : (draft.description ?? '');

/** A coordinate as the form sends it (six decimals), empty when there is none. */
const coordinate = (value: number | undefined): string => (value === undefined ? '' : value.toFixed(6));

/** The draft as the listing form's text fields, by the spec's multipart names. */
export function listingInput(draft: PostDraft): Record<string, string> {
  return {
    product_name: draft.product ?? '',
    company_name: draft.company ?? '',
    description: descriptionOf(draft),
    category: draft.category ?? '',
    discount: draft.discount ?? '',
    discount_duration: draft.discount === WAITING || draft.days === undefined ? '' : String(draft.days),
    discount_start_date: '',
    location: draft.location ?? '',
    latitude: coordinate(draft.latitude),
    longitude: coordinate(draft.longitude),
    contact_phone: draft.phone ?? '',
    contact_telegram: draft.telegram ?? '',
    contact_tick: '',
    web_site: '',
    holiday: '',
  };
}

/**
 * Which files the listing will carry: the first photo is the product photo, the others are its
 * additional images; the logo is the seller's last one, else a copy of the first photo.
 */
export function listingFiles(draft: PostDraft, hasLastLogo: boolean): ListingFiles {
  const photos = draft.photos.length;
  return { logo: hasLastLogo || photos > 0, photo: photos > 0, extraImages: Math.max(0, photos - 1) };
}
