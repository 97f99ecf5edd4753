/**
 * Resumable uploads (the tus protocol) as the listing form and the server both see them: where
 * uploads go, how a listing names a staged upload, which file fields take one, and how long a
 * staged file waits. Pure: the island imports it too.
 */

/** The tus endpoint (`src/pages/api/uploads/[...path].ts`). */
export const UPLOADS_PATH = '/api/uploads';
/**
 * Bytes per PATCH request: small enough that progress moves and a dropped connection on slow 3G
 * loses little (a resumed upload starts again at the last part the server stored).
 */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
/** How long a staged file waits for the listing that takes it. */
export const STAGED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The file fields of a listing, and whether each takes an image or the video. */
export const UPLOAD_FIELDS = {
  profile_photo: 'image',
  product_photo: 'image',
  uploaded_images: 'image',
  product_video: 'video',
} as const;
export type UploadField = keyof typeof UPLOAD_FIELDS;

/** The form field that names a staged upload instead of sending the file: `product_photo_upload`. */
export const stagedField = (field: UploadField): `${UploadField}_upload` => `${field}_upload`;

export function isUploadField(value: unknown): value is UploadField {
  return typeof value === 'string' && Object.hasOwn(UPLOAD_FIELDS, value);
}

// The tus server names uploads with 16 random bytes in hex.
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The upload id a listing field names: the id itself, or the upload's URL as the tus client knows
 * it (`/api/uploads/<id>`, relative or absolute). Null for anything else.
 */
export function stagedUploadId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (UPLOAD_ID.test(text)) return text;
  let pathname: string;
  try {
    pathname = new URL(text, 'http://sefer.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^\/api\/uploads\/([0-9a-f]{32})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
