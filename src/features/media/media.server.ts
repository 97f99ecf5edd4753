/**
 * Stored media: images re-encoded to WebP (which also strips EXIF/GPS) in three widths, and
 * videos, kept in the media storage (media-storage.server.ts). URLs are derived from the key
 * (media-urls.server.ts).
 */
import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import { CARD_PHOTO_SIZE, CARD_WIDTH, ICON_SIZE } from './media-urls.server.ts';
import type { MediaStorage } from './media-storage.server.ts';
// libvips's cache off, one thread per image: before any image is read.
import './sharp-limits.server.ts';

/** Longest side of a stored image. */
const IMAGE_MAX_WIDTH = 1280;
/** Width of a card thumbnail: a 3-column grid on a phone at 2x density stays sharp. */
const THUMB_WIDTH = 360;

/** The type of each stored file, by extension: never HTML or SVG. */
export const CONTENT_TYPES = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;

const KEY_PATTERN = /^[a-z0-9]+(?:[-/][a-z0-9]+)*$/;

export function isValidMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

export function newMediaKey(prefix = 'u'): string {
  return `${prefix}/${randomBytes(12).toString('hex')}`;
}

export interface SaveImageOptions {
  store: MediaStorage;
  /** Key to store under; a random one when absent. */
  key?: string;
  quality?: number;
  /** WebP encoder effort 0–6: lower is faster and a little larger (the seed uses 2). */
  effort?: number;
}

/**
 * Largest decoded image (width × height) sharp is allowed to read: what a phone photo needs. A phone
 * camera saves 12–13 MP by default (4000×3000, 4032×3024, 4080×3072, 4160×3120), an older 16 MP
 * one 4608×3456 or 5312×2988; 16 MP holds them all, and a stored image is 1280 px wide at most
 * anyway. Decoding costs CPU by the pixel whatever the file's size: a 105 KB PNG can declare
 * 6000×6000 (36 MP), seconds of CPU per upload (issue 25), so anything larger is refused from its
 * header before it is decoded.
 */
export const MAX_DECODE_PIXELS = 16_000_000;

/**
 * Longest a decode may run, in whole seconds (sharp's time box). The slowest kind of image within
 * {@link MAX_DECODE_PIXELS}, a 16 MP PNG, decodes in about a second on a slow server core; an image
 * three times slower than that is built to be slow (or the server is in trouble), so it is refused
 * rather than allowed to hold a core. libvips checks the clock between strips of pixels, so a
 * decode stops soon after the time box ends, not at once.
 */
export const DECODE_TIMEOUT_SECONDS = 3;

/**
 * Pages (frames) decoded of an animated GIF or WebP, or a multi-page HEIF: the first only, as a
 * still is stored. The header checks count the pixels of exactly these pages.
 */
export const DECODED_PAGES = 1;

/** Whether a decode failed because it ran past {@link DECODE_TIMEOUT_SECONDS} (sharp's "timeout: N% complete"). */
export function isDecodeTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout:');
}

/** An image decoded once, oriented and scaled to at most the full width: raw 8-bit pixels. */
export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Decodes an image once: EXIF orientation applied, scaled down to {@link IMAGE_MAX_WIDTH} on the
 * way (JPEG and WebP decode straight at a smaller scale), metadata dropped. Every stored width is
 * made from these pixels, so the upload itself is never decoded again. At most
 * {@link MAX_DECODE_PIXELS} and {@link DECODE_TIMEOUT_SECONDS}: past either it throws.
 */
export async function decodeImage(input: Buffer): Promise<DecodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_DECODE_PIXELS, pages: DECODED_PAGES })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_WIDTH, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** The names of an image's widths in the storage: full, card, thumbnail, the logo slot's and the card photo's squares. */
const imageNames = (key: string) => ({
  full: `${key}.webp`,
  card: `${key}-card.webp`,
  thumb: `${key}-thumb.webp`,
  icon: `${key}-icon.webp`,
  icon2x: `${key}-icon2x.webp`,
  square: `${key}-square.webp`,
  square2x: `${key}-square2x.webp`,
});

/**
 * The card slot's squares, cropped like the slot (`object-cover`) and compressed for their size: the
 * first screen of a list on slow 3G waits for these, not for 360 px thumbnails (issue 17).
 */
async function encodeIcons(source: Sharp, effort: number): Promise<{ icon: Buffer; icon2x: Buffer }> {
  const square = (side: number, quality: number) =>
    source.clone().resize(side, side, { fit: 'cover' }).webp({ quality, effort }).toBuffer();
  const [icon, icon2x] = await Promise.all([square(ICON_SIZE, 70), square(ICON_SIZE * 2, 60)]);
  return { icon, icon2x };
}

/**
 * A card's product photo as 88 and 176 px squares (issue 30), cropped like its slot: a 176 px
 * square is 3–6 KB where the 360 px thumbnail a card would otherwise scale down is 10–20 KB.
 */
async function encodeSquares(source: Sharp, effort: number): Promise<{ square: Buffer; square2x: Buffer }> {
  const square = (side: number, quality: number) =>
    source.clone().resize(side, side, { fit: 'cover' }).webp({ quality, effort }).toBuffer();
  const [one, two] = await Promise.all([square(CARD_PHOTO_SIZE, 70), square(CARD_PHOTO_SIZE * 2, 60)]);
  return { square: one, square2x: two };
}

/**
 * Adds the card photo's squares to an image stored without them (before issue 30), made from its
 * 360 px thumbnail (wide enough for the 176 px square). The thumbnail's bytes, or null when it is gone.
 */
export async function addSquares(store: MediaStorage, key: string): Promise<{ thumbBytes: number } | null> {
  const names = imageNames(key);
  const thumb = await store.read(names.thumb);
  if (!thumb) return null;
  const { square, square2x } = await encodeSquares(sharp(thumb), 6);
  await Promise.all([store.put(names.square, square, CONTENT_TYPES.webp), store.put(names.square2x, square2x, CONTENT_TYPES.webp)]);
  return { thumbBytes: thumb.length };
}

/**
 * Adds the card slot's squares to an image stored without them (before issue 17), made from its
 * thumbnail. False when the thumbnail is gone.
 */
export async function addIcons(store: MediaStorage, key: string): Promise<boolean> {
  const names = imageNames(key);
  const thumb = await store.read(names.thumb);
  if (!thumb) return false;
  const { icon, icon2x } = await encodeIcons(sharp(thumb), 6);
  await Promise.all([store.put(names.icon, icon, CONTENT_TYPES.webp), store.put(names.icon2x, icon2x, CONTENT_TYPES.webp)]);
  return true;
}

/**
 * An image already stored under `key` (all three widths), or null: deterministic keys (the demo
 * media) are encoded once and reused by every later start.
 */
export async function storedImage(store: MediaStorage, key: string): Promise<StoredImage | null> {
  const names = imageNames(key);
  const [full, thumb, card, icon2x, square2x] = await Promise.all([
    store.read(names.full),
    store.read(names.thumb),
    store.size(names.card),
    store.size(names.icon2x),
    store.size(names.square2x),
  ]);
  if (!full || !thumb || card === null) return null;
  if (icon2x === null) await addIcons(store, key);
  if (square2x === null) await addSquares(store, key);
  const [a, b] = await Promise.all([sharp(full).metadata(), sharp(thumb).metadata()]);
  return {
    key,
    width: a.width,
    height: a.height,
    thumbWidth: b.width,
    thumbHeight: b.height,
    icons: true,
    squares: true,
    thumbBytes: thumb.length,
  };
}

/** Encodes an image (its file, or its pixels from {@link decodeImage}) into WebP: full, card and thumbnail widths and the card's squares. */
export async function saveImage(input: Buffer | DecodedImage, options: SaveImageOptions): Promise<StoredImage> {
  const key = options.key ?? newMediaKey();
  if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  const names = imageNames(key);
  const quality = options.quality ?? 78;
  const effort = options.effort ?? 4;

  const decoded = Buffer.isBuffer(input) ? await decodeImage(input) : input;
  const base = sharp(decoded.data, { raw: decoded.info });
  const [fullOut, cardOut, thumbOut, icons, squares] = await Promise.all([
    base.clone().webp({ quality, effort }).toBuffer({ resolveWithObject: true }),
    base.clone().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality, effort }).toBuffer({ resolveWithObject: true }),
    base
      .clone()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: quality - 8, effort })
      .toBuffer({ resolveWithObject: true }),
    encodeIcons(base, effort),
    encodeSquares(base, effort),
  ]);
  const { store } = options;
  await Promise.all([
    store.put(names.full, fullOut.data, CONTENT_TYPES.webp),
    store.put(names.card, cardOut.data, CONTENT_TYPES.webp),
    store.put(names.thumb, thumbOut.data, CONTENT_TYPES.webp),
    store.put(names.icon, icons.icon, CONTENT_TYPES.webp),
    store.put(names.icon2x, icons.icon2x, CONTENT_TYPES.webp),
    store.put(names.square, squares.square, CONTENT_TYPES.webp),
    store.put(names.square2x, squares.square2x, CONTENT_TYPES.webp),
  ]);
  return {
    key,
    width: fullOut.info.width,
    height: fullOut.info.height,
    thumbWidth: thumbOut.info.width,
    thumbHeight: thumbOut.info.height,
    icons: true,
    squares: true,
    thumbBytes: thumbOut.data.length,
  };
}

/** Whether a stored image came from a user's upload (random key), not the shared demo media. */
export function isUploadedMedia(key: string): boolean {
  return key.startsWith('u/');
}

/** One stored medium: an image (its three widths) or, with `ext`, a video. */
export type MediaRef = { key: string; ext?: string };

/** Removes stored media (an upload whose listing could not be written, or was deleted); missing objects are fine. */
export async function deleteMedia(store: MediaStorage, media: readonly MediaRef[]): Promise<void> {
  const names = media.flatMap(({ key, ext }) => (ext ? [`${key}.${ext}`] : Object.values(imageNames(key))));
  await store.remove(names);
}

/** Every medium of a listing (or a draft of one): logo, photos, the video and its poster. */
export function listingMedia(listing: {
  logo: StoredImage | null;
  photo: StoredImage;
  images: readonly StoredImage[];
  video: StoredVideo | null;
}): MediaRef[] {
  const images = [listing.logo, listing.photo, ...listing.images, listing.video?.poster ?? null].filter(
    (m): m is StoredImage => m !== null,
  );
  return [...images.map(({ key }) => ({ key })), ...(listing.video ? [{ key: listing.video.key, ext: listing.video.ext }] : [])];
}

/**
 * The stored object a `/media/...` request path names, and its content type, or null when the
 * path is not one of stored media's names.
 */
export function mediaObject(requestPath: string): { name: string; contentType: string } | null {
  const match = /^(.+)\.(webp|mp4|webm)$/.exec(requestPath);
  const key = match?.[1];
  const ext = match?.[2] as keyof typeof CONTENT_TYPES | undefined;
  if (!key || !ext || !isValidMediaKey(key)) return null;
  return { name: `${key}.${ext}`, contentType: CONTENT_TYPES[ext] };
}
