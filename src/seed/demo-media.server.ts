/**
 * Media for the demo catalogue, made on this machine: SVG artwork rendered by sharp, and short
 * clips encoded by ffmpeg (see ffmpeg.server.ts). Nothing is downloaded.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import { encodeZoomClip, hasFfmpeg } from '#features/media/ffmpeg.server.ts';
import { CONTENT_TYPES, saveImage, storedImage } from '#features/media/media.server.ts';
import type { MediaStorage } from '#features/media/media-storage.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('seed');

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || name.slice(0, 2)
  ).toUpperCase();
}

/** A square company logo: initials on a coloured badge. */
export function logoSvg(company: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},75%,35%)"/>
  </linearGradient></defs>
  <rect width="256" height="256" rx="48" fill="url(#g)"/>
  <circle cx="128" cy="128" r="92" fill="none" stroke="white" stroke-opacity=".35" stroke-width="6"/>
  <text x="128" y="150" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
    font-size="78" font-weight="bold" fill="white">${escapeXml(initials(company))}</text>
</svg>`;
}

/** A 4:3 product picture: a category-coloured scene with the product's name. */
export function productSvg(title: string, subtitle: string, hue: number, variant: number): string {
  const shapes = [
    `<circle cx="620" cy="250" r="170" fill="white" fill-opacity=".18"/><circle cx="700" cy="420" r="90" fill="white" fill-opacity=".12"/>`,
    `<rect x="470" y="110" width="300" height="300" rx="40" fill="white" fill-opacity=".16" transform="rotate(12 620 260)"/>`,
    `<path d="M440 470 L640 120 L840 470 Z" fill="white" fill-opacity=".15"/>`,
    `<ellipse cx="600" cy="300" rx="230" ry="130" fill="white" fill-opacity=".14"/><circle cx="600" cy="300" r="70" fill="white" fill-opacity=".2"/>`,
  ];
  const t = escapeXml(title.length > 26 ? `${title.slice(0, 25)}…` : title);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},65%,${52 - variant * 4}%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 30 + variant * 15) % 360},70%,${30 + variant * 3}%)"/>
  </linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  ${shapes[variant % shapes.length]}
  <rect x="40" y="430" width="720" height="130" rx="24" fill="black" fill-opacity=".28"/>
  <text x="70" y="492" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" font-weight="bold" fill="white">${t}</text>
  <text x="70" y="536" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="white" fill-opacity=".85">${escapeXml(subtitle)}</text>
</svg>`;
}

/** Stores an SVG as an image under `key`, once: an image already stored under it is reused. */
export async function renderSvgImage(svg: string, store: MediaStorage, key: string): Promise<StoredImage> {
  const stored = await storedImage(store, key);
  if (stored) return stored;
  // An uncompressed PNG: the SVG is rasterised once, not once per output size.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  return saveImage(png, { store, key, effort: 2 });
}

/** Work folders of video encodes live in the data folder, named by the process that made them. */
const workRoot = (dataDir: string) => path.join(dataDir, 'tmp');
const WORK_PREFIX = 'sefer-video-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the work folders an interrupted seed left behind (a start stopped or killed while it
 * encoded): those of processes that are no longer running.
 */
export async function removeAbandonedWork(dataDir: string): Promise<void> {
  const names = await readdir(workRoot(dataDir)).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(new RegExp(`^${WORK_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    await rm(path.join(workRoot(dataDir), name), { recursive: true, force: true });
  }
}

/** Where a demo clip is encoded (a work folder in the data folder) and then stored. */
export interface DemoVideoPlace {
  store: MediaStorage;
  dataDir: string;
  signal?: AbortSignal;
}

/**
 * Encodes a short H.264 clip (a slow zoom over the poster) for the videos screen, once: a clip
 * already stored under `key` is reused. Returns null when no ffmpeg is available on this platform;
 * the catalogue is still complete without it.
 */
export async function renderDemoVideo(
  posterSvg: string,
  poster: StoredImage,
  key: string,
  { store, dataDir, signal }: DemoVideoPlace,
): Promise<StoredVideo | null> {
  const name = `${key}.mp4`;
  const seconds = 4;
  if ((await store.size(name)) !== null) return { key, ext: 'mp4', durationSeconds: seconds, poster };
  if (!hasFfmpeg()) return null;
  await mkdir(workRoot(dataDir), { recursive: true });
  const tmp = await mkdtemp(path.join(workRoot(dataDir), `${WORK_PREFIX}${process.pid}-`));
  let clip: Buffer;
  try {
    const frame = path.join(tmp, 'frame.png');
    const encoded = path.join(tmp, 'clip.mp4');
    await writeFile(frame, await sharp(Buffer.from(posterSvg)).resize(640, 480).png().toBuffer());
    if (!(await encodeZoomClip(frame, encoded, seconds, signal))) return null;
    clip = await readFile(encoded);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    log.warn({ err: error }, `[seed] could not encode demo video ${key}: ${(error as Error).message}`);
    return null;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  // Only a finished clip takes the media name: a later start reuses whatever has that name.
  await store.put(name, clip, CONTENT_TYPES.mp4);
  return { key, ext: 'mp4', durationSeconds: seconds, poster };
}
