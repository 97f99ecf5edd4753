/**
 * Stored media: images re-encoded to WebP (which also strips EXIF/GPS) with a card-size
 * thumbnail, and videos, under `DATA_DIR/media`. URLs are derived from the key (media-urls.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { StoredImage } from '#db/schema.ts';
import { CARD_WIDTH } from '#lib/media-urls.ts';

/** Longest side of a stored image. */
const IMAGE_MAX_WIDTH = 1280;
/** Width of a card thumbnail: a 3-column grid on a phone at 2x density stays sharp. */
const THUMB_WIDTH = 360;

const KEY_PATTERN = /^[a-z0-9]+(?:[-/][a-z0-9]+)*$/;

export function isValidMediaKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

export function newMediaKey(prefix = 'u'): string {
  return `${prefix}/${randomBytes(12).toString('hex')}`;
}

export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export interface SaveImageOptions {
  dataDir: string;
  /** Key to store under; a random one when absent. */
  key?: string;
  /** Keep an existing file with the same key instead of encoding again (deterministic seed keys). */
  reuse?: boolean;
  quality?: number;
  /** WebP encoder effort 0–6: lower is faster and a little larger (the seed uses 2). */
  effort?: number;
}

/** Largest decoded image (width × height) sharp is allowed to read. */
export const MAX_DECODE_PIXELS = 40_000_000;

/** An image decoded once, oriented and scaled to at most the full width: raw 8-bit pixels. */
export interface DecodedImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Decodes an image once: EXIF orientation applied, scaled down to {@link IMAGE_MAX_WIDTH} on the
 * way (JPEG and WebP decode straight at a smaller scale), metadata dropped. Every stored width is
 * made from these pixels, so the upload itself is never decoded again.
 */
export async function decodeImage(input: Buffer): Promise<DecodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_DECODE_PIXELS })
    .rotate()
    .resize({ width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_WIDTH, fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** Encodes an image (its file, or its pixels from {@link decodeImage}) into WebP in three widths: full, card and thumbnail. */
export async function saveImage(input: Buffer | DecodedImage, options: SaveImageOptions): Promise<StoredImage> {
  const key = options.key ?? newMediaKey();
  if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  const root = mediaRoot(options.dataDir);
  const full = path.join(root, `${key}.webp`);
  const thumb = path.join(root, `${key}-thumb.webp`);
  const card = path.join(root, `${key}-card.webp`);
  const quality = options.quality ?? 78;
  const effort = options.effort ?? 4;

  if (options.reuse && (await exists(full)) && (await exists(thumb)) && (await exists(card))) {
    const [a, b] = await Promise.all([sharp(full).metadata(), sharp(thumb).metadata()]);
    return { key, width: a.width, height: a.height, thumbWidth: b.width, thumbHeight: b.height };
  }

  const decoded = Buffer.isBuffer(input) ? await decodeImage(input) : input;
  await mkdir(path.dirname(full), { recursive: true });
  const base = sharp(decoded.data, { raw: decoded.info });
  const [fullOut, cardOut, thumbOut] = await Promise.all([
    base.clone().webp({ quality, effort }).toBuffer({ resolveWithObject: true }),
    base.clone().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality, effort }).toBuffer({ resolveWithObject: true }),
    base
      .clone()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: quality - 8, effort })
      .toBuffer({ resolveWithObject: true }),
  ]);
  await Promise.all([writeFile(full, fullOut.data), writeFile(card, cardOut.data), writeFile(thumb, thumbOut.data)]);
  return {
    key,
    width: fullOut.info.width,
    height: fullOut.info.height,
    thumbWidth: thumbOut.info.width,
    thumbHeight: thumbOut.info.height,
  };
}

/** Whether a stored image came from a user's upload (random key), not the shared demo media. */
export function isUploadedMedia(key: string): boolean {
  return key.startsWith('u/');
}

/** Removes stored media (an upload whose listing could not be written); missing files are fine. */
export async function deleteMedia(dataDir: string, keys: { key: string; ext?: string }[]): Promise<void> {
  const root = mediaRoot(dataDir);
  const files = keys.flatMap(({ key, ext }) => (ext ? [`${key}.${ext}`] : [`${key}.webp`, `${key}-card.webp`, `${key}-thumb.webp`]));
  await Promise.all(files.map((f) => rm(path.join(root, f), { force: true })));
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * Resolves a `/media/...` request path to a file and its content type, or null when the path is
 * not a stored media file (never anything outside the media folder, never HTML or SVG).
 */
export function resolveMediaPath(dataDir: string, requestPath: string): { file: string; contentType: string } | null {
  const match = /^(.+)\.(webp|mp4|webm)$/.exec(requestPath);
  if (!match) return null;
  const [, key, ext] = match;
  if (!key || !ext || !isValidMediaKey(key)) return null;
  const contentType = CONTENT_TYPES[ext];
  if (!contentType) return null;
  return { file: path.join(mediaRoot(dataDir), `${key}.${ext}`), contentType };
}
