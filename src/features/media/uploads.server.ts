/**
 * What an uploaded file may be, and how a refusal reads: the size caps, the limits of the spec, and
 * the {@link UploadProblem} every check answers with. Bad input always comes back as a problem;
 * only real I/O faults throw. The checks themselves live in image-checks and video-checks.
 */
import { MAX_DECODE_PIXELS } from './media.server.ts';
import { m } from '#paraglide/messages.js';

const MIB = 1024 * 1024;

/** Largest accepted image file (logo, product photo, each additional image). */
export const MAX_IMAGE_BYTES = 10 * MIB;
/** Largest accepted video file. */
export const MAX_VIDEO_BYTES = 50 * MIB;
export { MAX_REQUEST_BYTES } from '#platform/http/body-limit.server.ts';
/** Most additional images on one listing (the spec's submit check). */
export const MAX_EXTRA_IMAGES = 10;
/** Longest accepted video (the spec's limit). */
export const MAX_VIDEO_SECONDS = 30;
/**
 * Largest image (width × height of the pages decoded), from its header: what a phone photo needs,
 * the same limit decodeImage gives sharp (media.server.ts says why 16 MP).
 */
export const MAX_IMAGE_PIXELS = MAX_DECODE_PIXELS;
/**
 * Most pixels, all images of one request together (decoding costs CPU by the pixel, whatever the
 * file's size: a 4 KB PNG can hold 36 million). Eight 12-megapixel phone photos fit.
 */
export const MAX_REQUEST_PIXELS = 150_000_000;

/** Why an uploaded file was refused: the HTTP status, the form field and a message for people. */
type UploadProblem = { status: 400 | 413; field: string; message: string };

/** A refused upload. */
export type UploadRejected = { ok: false; problem: UploadProblem };

const LABELS: Record<string, () => string> = {
  profile_photo: m.form_srv_label_logo,
  product_photo: m.form_srv_label_product_photo,
  uploaded_images: m.form_srv_label_image,
  product_video: m.form_srv_label_video,
};

/** How a message names the file of a form field. */
export function label(field: string): string {
  return (LABELS[field] ?? m.form_srv_label_file)();
}

export function reject(status: 400 | 413, field: string, message: string): UploadRejected {
  return { ok: false, problem: { status, field, message } };
}

/**
 * The bytes of an uploaded file within `maxBytes` (413 past it, 400 when empty). The declared
 * size is checked before anything is read, the bytes read after.
 */
export async function readUpload(field: string, file: File, maxBytes: number): Promise<Buffer | UploadRejected> {
  const tooLarge = () => reject(413, field, m.form_srv_too_large({ name: label(field), mb: maxBytes / MIB }));
  if (file.size > maxBytes) return tooLarge();
  if (file.size === 0) return reject(400, field, m.form_srv_empty({ name: label(field) }));
  const bytes = Buffer.from(await file.arrayBuffer());
  return bytes.length > maxBytes ? tooLarge() : bytes;
}

/**
 * The file in a form entry, or null when the entry is absent or is the empty part a browser sends
 * for a file input left blank (no name, no bytes).
 */
export function uploadedFile(value: FormDataEntryValue | null | undefined): File | null {
  if (!value || typeof value === 'string') return null;
  if (value.size === 0 && value.name === '') return null;
  return value;
}
