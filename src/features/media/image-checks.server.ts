/**
 * Checks on uploaded images before anything is stored: size, the real type from the bytes, the
 * dimensions in the header, the pixels of a whole request, and one time-boxed decode with sharp.
 */
import sharp, { type Metadata } from 'sharp';
import { isImageType, sniffFileType, type ImageType } from './file-types.server.ts';
import { DECODED_PAGES, decodeImage, isDecodeTimeout, type DecodedImage } from './media.server.ts';
import { countUpload, type UploadVia } from './upload-metrics.server.ts';
import {
  label,
  MAX_EXTRA_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_REQUEST_PIXELS,
  readUpload,
  reject,
  uploadedFile,
  type UploadRejected,
} from './uploads.server.ts';
import { m } from '#paraglide/messages.js';

/** An image whose header passed {@link inspectImage}: its bytes, real type and pixel count; not decoded yet. */
type InspectedImage = { ok: true; bytes: Buffer; type: ImageType; pixels: number };
/** An image that passed {@link checkImage}: decoded once, its pixels ready for saveImage. */
export type CheckedImage = { ok: true; bytes: Buffer; type: ImageType; decoded: DecodedImage };

// What sharp must itself recognise the bytes as: never SVG, PDF or anything ImageMagick reads.
const SHARP_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/**
 * The pixels a decode of an image with these headers makes: width × the height of one page × the
 * pages decoded (only the first frame of an animated GIF or WebP), or null when a size is missing.
 */
function decodedPixels(meta: Metadata): number | null {
  const pageHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !pageHeight) return null;
  return meta.width * pageHeight * Math.min(meta.pages ?? 1, DECODED_PAGES);
}

/**
 * Checks one uploaded image without decoding it: size, real type from the bytes, and the
 * dimensions its headers declare within {@link MAX_IMAGE_PIXELS} (413 past it). A header that
 * declares fewer pixels than the file holds costs nothing more: the decoder makes only the
 * declared pixels, and decodeImage's time box stops anything slower.
 */
async function inspectImage(field: string, file: File): Promise<InspectedImage | UploadRejected> {
  const name = label(field);
  const bytes = await readUpload(field, file, MAX_IMAGE_BYTES);
  if (!Buffer.isBuffer(bytes)) return bytes;
  const type = await sniffFileType(bytes);
  if (!isImageType(type)) return reject(400, field, m.form_srv_not_image({ name }));
  let pixels: number | null = null;
  try {
    // Headers only: nothing is decoded here, so no pixel limit is needed to read the size.
    const meta = await sharp(bytes, { limitInputPixels: false, pages: DECODED_PAGES }).metadata();
    if (SHARP_FORMATS.has(meta.format ?? '')) pixels = decodedPixels(meta);
  } catch {
    // refused below
  }
  if (pixels === null) return reject(400, field, m.form_srv_unreadable_image({ name }));
  if (pixels > MAX_IMAGE_PIXELS) {
    return reject(413, field, m.form_srv_too_many_pixels_image({ name, mp: MAX_IMAGE_PIXELS / 1_000_000 }));
  }
  return { ok: true, bytes, type, pixels };
}

/**
 * Decodes an inspected image, once; a truncated or corrupt file is refused here, and so is one
 * whose decode ran past its time box.
 */
async function decodeInspected(field: string, image: InspectedImage): Promise<CheckedImage | UploadRejected> {
  try {
    return { ok: true, bytes: image.bytes, type: image.type, decoded: await decodeImage(image.bytes) };
  } catch (error) {
    const name = label(field);
    if (isDecodeTimeout(error)) return reject(400, field, m.form_srv_image_too_slow({ name }));
    return reject(400, field, m.form_srv_unreadable_image({ name }));
  }
}

/** Checks one uploaded image: {@link inspectImage}, then one decode; counted as it came (`via`, upload-metrics). */
export async function checkImage(field: string, file: File, via?: UploadVia): Promise<CheckedImage | UploadRejected> {
  const inspected = await inspectImage(field, file);
  const checked = inspected.ok ? await decodeInspected(field, inspected) : inspected;
  countUpload(via, 'image', checked.ok);
  return checked;
}

/**
 * Checks every image of one request: each header first, the pixels of all of them together within
 * {@link MAX_REQUEST_PIXELS}, and only then each is decoded, once, one at a time (decoding is
 * CPU-bound and the server's cores are shared). Answers in the order given.
 *
 * Each entry with a `via` is counted (upload-metrics) where its checks end: accepted once decoded,
 * refused by its own check or, all of them, by the request's pixel total. Those left unchecked
 * because another file was refused first are not counted.
 */
export async function checkImages(
  entries: ReadonlyArray<{ field: string; file: File; via?: UploadVia }>,
): Promise<{ ok: true; images: CheckedImage[] } | UploadRejected> {
  const inspected: InspectedImage[] = [];
  for (const { field, file, via } of entries) {
    const result = await inspectImage(field, file);
    if (!result.ok) {
      countUpload(via, 'image', false);
      return result;
    }
    inspected.push(result);
  }
  if (inspected.reduce((sum, i) => sum + i.pixels, 0) > MAX_REQUEST_PIXELS) {
    for (const { via } of entries) countUpload(via, 'image', false);
    return reject(413, entries[0]?.field ?? 'product_photo', m.form_srv_too_many_pixels());
  }
  const images: CheckedImage[] = [];
  for (const [i, image] of inspected.entries()) {
    const checked = await decodeInspected(entries[i]!.field, image);
    countUpload(entries[i]!.via, 'image', checked.ok);
    if (!checked.ok) return checked;
    images.push(checked);
  }
  return { ok: true, images };
}

/**
 * Checks the additional images (field `uploaded_images`): at most {@link MAX_EXTRA_IMAGES}, each
 * one as {@link checkImage}, all within {@link MAX_REQUEST_PIXELS}. Blank file-input parts are
 * ignored, not counted.
 */
export async function checkExtraImages(files: File[]): Promise<{ ok: true; images: CheckedImage[] } | UploadRejected> {
  const field = 'uploaded_images';
  const present = files.filter((f) => uploadedFile(f) !== null);
  if (present.length > MAX_EXTRA_IMAGES) {
    return reject(400, field, m.form_too_many_images());
  }
  return checkImages(present.map((file) => ({ field, file })));
}
