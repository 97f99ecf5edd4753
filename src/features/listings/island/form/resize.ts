/**
 * Photos made small in the browser before they are kept or sent: a phone photo (3–5 MB, 12 MP)
 * becomes a WebP (JPEG where the browser cannot write WebP) of at most {@link MAX_PHOTO_SIDE} px on
 * its longest side, a few hundred KB. The server still checks and re-encodes every file; this only
 * saves the seller's mobile data and time. Done once, when a photo is picked, so the preview, the
 * listing kept in this browser and the upload are the same small file (and a resumed upload after
 * a reload finds the same bytes).
 */

/** Longest side of a photo as it is sent. */
export const MAX_PHOTO_SIDE = 1600;
/** Encoder quality of a re-encoded photo. */
export const PHOTO_QUALITY = 0.8;
/** A photo within {@link MAX_PHOTO_SIDE} and at most this many bytes is sent as it is. */
export const SMALL_PHOTO_BYTES = 500 * 1024;

/**
 * What to do with a photo of `width` × `height` px and `bytes` bytes: null to keep it as it is
 * (small enough already), else the size to draw it at (never larger than it is).
 */
export function photoPlan(width: number, height: number, bytes: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= 0) return null;
  if (longest <= MAX_PHOTO_SIDE) return bytes <= SMALL_PHOTO_BYTES ? null : { width, height };
  const scale = MAX_PHOTO_SIDE / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file name of a re-encoded photo: the picked name with the new extension. */
export function resizedName(name: string, type: string): string {
  const ext = type === 'image/webp' ? 'webp' : 'jpg';
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.${ext}`;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, PHOTO_QUALITY));
}

// GIFs may move (a frame would be lost) and SVG is refused by the server anyway.
const KEPT_TYPES = new Set(['image/gif', 'image/svg+xml']);

/**
 * The photo to keep and send for a picked one: made smaller by {@link photoPlan}, or the picked
 * file itself when it is small enough, when the browser cannot decode it (HEIC on most), or when
 * the new one would not be smaller.
 */
export async function resizePhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/') || KEPT_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const plan = photoPlan(bitmap.width, bitmap.height, file.size);
    if (!plan) return file;
    const canvas = document.createElement('canvas');
    canvas.width = plan.width;
    canvas.height = plan.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    let blob = await encode(canvas, 'image/webp');
    // Browsers that cannot write WebP give a PNG instead.
    if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg');
    const shrunk = plan.width < bitmap.width;
    if (!blob || (!shrunk && blob.size >= file.size)) return file;
    return new File([blob], resizedName(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
