/**
 * Checks on uploaded files before anything is stored: the real type from the bytes (never the
 * file name or the client's MIME type), size caps, a decode with sharp for images, and the video
 * length measured on the server. Bad input always comes back as an {@link UploadProblem}; only
 * real I/O faults throw.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import { decodeImage, MAX_DECODE_PIXELS, isValidMediaKey, mediaRoot, newMediaKey, saveImage, type DecodedImage } from './media.server.ts';

const run = promisify(execFile);

const MIB = 1024 * 1024;

/** Largest accepted image file (logo, product photo, each additional image). */
export const MAX_IMAGE_BYTES = 10 * MIB;
/** Largest accepted video file. */
export const MAX_VIDEO_BYTES = 50 * MIB;
export { MAX_REQUEST_BYTES } from './body-limit.server.ts';
/** Most additional images on one listing (the spec's submit check). */
export const MAX_EXTRA_IMAGES = 10;
/** Longest accepted video (the spec's limit). */
export const MAX_VIDEO_SECONDS = 30;
/** Largest decoded image (width × height), the same limit saveImage gives sharp. */
export const MAX_IMAGE_PIXELS = MAX_DECODE_PIXELS;
/**
 * Most pixels, all images of one request together (decoding costs CPU by the pixel, whatever the
 * file's size: a 4 KB PNG can hold 36 million). Eight 12-megapixel phone photos fit.
 */
export const MAX_REQUEST_PIXELS = 150_000_000;

// Container timescales round to a frame, and audio encoder padding adds a few hundredths, so a
// recording stopped at exactly 30 s can measure 30.02 s; a 30.2 s clip is still refused.
const DURATION_TOLERANCE_SECONDS = 0.1;

const FFMPEG_TIMEOUT_MS = 20_000;

/** A file type recognised from its first bytes. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | 'mp4' | 'mov' | 'webm';
/** Raster image types accepted for pictures. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';
/** Video containers accepted for the listing video. */
export type VideoExt = 'mp4' | 'webm' | 'mov';

/** Why an uploaded file was refused: the HTTP status, the form field and a message for people. */
export type UploadProblem = { status: 400 | 413; field: string; message: string };

/** An image whose header passed {@link inspectImage}: its bytes, real type and pixel count; not decoded yet. */
export type InspectedImage = { ok: true; bytes: Buffer; type: ImageType; pixels: number };
/** An image that passed {@link checkImage}: decoded once, its pixels ready for saveImage. */
export type CheckedImage = { ok: true; bytes: Buffer; type: ImageType; decoded: DecodedImage };
/** A video that passed {@link checkVideo}, with the duration measured on the server. */
export type CheckedVideo = { ok: true; bytes: Buffer; ext: VideoExt; durationSeconds: number };
/** A refused upload. */
export type UploadRejected = { ok: false; problem: UploadProblem };

const IMAGE_TYPES: ReadonlySet<string> = new Set<ImageType>(['jpeg', 'png', 'webp', 'gif', 'avif', 'heic']);
const VIDEO_TYPES: ReadonlySet<string> = new Set<VideoExt>(['mp4', 'webm', 'mov']);
// What sharp must itself recognise the bytes as: never SVG, PDF or anything ImageMagick reads.
const SHARP_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

const LABELS: Record<string, string> = {
  profile_photo: 'The logo',
  product_photo: 'The product photo',
  uploaded_images: 'An additional image',
  product_video: 'The video',
};

function label(field: string): string {
  return LABELS[field] ?? 'The file';
}

function reject(status: 400 | 413, field: string, message: string): UploadRejected {
  return { ok: false, problem: { status, field, message } };
}

// ---------------------------------------------------------------------------
// Type sniffing
// ---------------------------------------------------------------------------

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const HEIF_GENERIC_BRANDS = new Set(['mif1', 'msf1']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);
// 3GPP brands are left out: phones that still write them use codecs browsers do not play.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'XAVC',
  'f4v ',
]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let s = '';
  for (let i = start; i < start + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((b, i) => bytes[offset + i] === b);
}

function ftypType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 12) return null;
  const size = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(size >= 16 ? size : 16, bytes.length);
  const major = ascii(bytes, 8, 4);
  const compatible: string[] = [];
  for (let i = 16; i + 4 <= end; i += 4) compatible.push(ascii(bytes, i, 4));
  const classify = (brand: string): SniffedType | null => {
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
    if (brand === 'qt  ') return 'mov';
    if (MP4_BRANDS.has(brand)) return 'mp4';
    return null;
  };
  if (AUDIO_BRANDS.has(major)) return null;
  if (HEIF_GENERIC_BRANDS.has(major)) {
    if (compatible.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    return 'heic';
  }
  const byMajor = classify(major);
  if (byMajor) return byMajor;
  for (const brand of compatible) {
    if (HEIF_GENERIC_BRANDS.has(brand)) return compatible.some((b) => AVIF_BRANDS.has(b)) ? 'avif' : 'heic';
    const t = classify(brand);
    if (t) return t;
  }
  return null;
}

/** Reads an EBML variable-length integer; `keepMarker` for element IDs, which keep their marker bit. */
function readVint(bytes: Uint8Array, pos: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  const first = bytes[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || pos + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[pos + i]!;
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElementHeader(bytes: Uint8Array, pos: number): { id: number; dataStart: number; size: number | null } | null {
  const id = readVint(bytes, pos, true);
  if (!id) return null;
  const size = readVint(bytes, pos + id.length, false);
  if (!size) return null;
  return { id: id.value, dataStart: pos + id.length + size.length, size: size.unknown ? null : size.value };
}

const EBML_ID = 0x1a45dfa3;
const DOCTYPE_ID = 0x4282;

function ebmlDocType(bytes: Uint8Array): string | null {
  const header = readElementHeader(bytes, 0);
  if (!header || header.id !== EBML_ID || header.size === null) return null;
  const end = Math.min(header.dataStart + header.size, bytes.length);
  let pos = header.dataStart;
  while (pos < end) {
    const child = readElementHeader(bytes, pos);
    if (!child || child.size === null) return null;
    if (child.id === DOCTYPE_ID) return ascii(bytes, child.dataStart, Math.min(child.size, 32)).replace(/\0+$/, '');
    pos = child.dataStart + child.size;
  }
  return null;
}

/**
 * The file's real type from its magic bytes, or null for anything not accepted (SVG, HTML, XML,
 * text, PDF, archives...). The name and the MIME type a client sends are never consulted.
 * Matroska files are reported as 'webm' (same container; browsers play the WebM subset).
 */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp') return ftypType(bytes);
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const docType = ebmlDocType(bytes);
    return docType === 'webm' || docType === 'matroska' ? 'webm' : null;
  }
  return null;
}

// ---------------------------------------------------------------------------
// Duration parsers (pure; null when the bytes do not say)
// ---------------------------------------------------------------------------

type Box = { type: string; start: number; end: number };

function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let pos = start;
  while (pos + 8 <= end) {
    let size = view.getUint32(pos);
    const type = String.fromCharCode(view.getUint8(pos + 4), view.getUint8(pos + 5), view.getUint8(pos + 6), view.getUint8(pos + 7));
    let header = 8;
    if (size === 1) {
      if (pos + 16 > end) return;
      size = Number(view.getBigUint64(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header) return;
    const boxEnd = Math.min(pos + size, end);
    yield { type, start: pos + header, end: boxEnd };
    pos += size;
  }
}

function child(view: DataView, parent: Box, type: string): Box | undefined {
  for (const b of boxes(view, parent.start, parent.end)) if (b.type === type) return b;
  return undefined;
}

/** Reads a full box's (timescale, duration) pair laid out as in mvhd/mdhd. */
function timescaleAndDuration(view: DataView, box: Box): { timescale: number; duration: number | null } | null {
  const version = view.getUint8(box.start);
  const at = box.start + 4 + (version === 1 ? 16 : 8);
  if (at + (version === 1 ? 12 : 8) > box.end) return null;
  const timescale = view.getUint32(at);
  const raw = version === 1 ? view.getBigUint64(at + 4) : BigInt(view.getUint32(at + 4));
  const unknown = version === 1 ? raw === 0xffffffffffffffffn : raw === 0xffffffffn;
  return { timescale, duration: unknown ? null : Number(raw) };
}

function tkhdDuration(view: DataView, box: Box): number | null {
  const version = view.getUint8(box.start);
  const at = box.start + 4 + (version === 1 ? 16 + 8 : 8 + 8);
  if (at + (version === 1 ? 8 : 4) > box.end) return null;
  const raw = version === 1 ? view.getBigUint64(at) : BigInt(view.getUint32(at));
  if (raw === (version === 1 ? 0xffffffffffffffffn : 0xffffffffn)) return null;
  return Number(raw);
}

function sttsTicks(view: DataView, box: Box): number {
  const count = view.getUint32(box.start + 4);
  let total = 0;
  for (let i = 0, at = box.start + 8; i < count && at + 8 <= box.end; i++, at += 8) {
    total += view.getUint32(at) * view.getUint32(at + 4);
  }
  return total;
}

/**
 * Duration in seconds of an MP4 or QuickTime file from its 'moov' box: the longest of the movie
 * header (mvhd, versions 0 and 1), each track header, the media header and the time of the samples
 * themselves (stts) of every track, so no header, and no edit list claiming a shorter cut, makes
 * the clip look shorter than what a player that ignores the edit list shows. Null when the file
 * has no usable 'moov', or is fragmented (the fragments after it add time).
 */
export function mp4DurationSeconds(bytes: Uint8Array): number | null {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let moov: Box | undefined;
    for (const b of boxes(view, 0, bytes.length)) {
      if (b.type === 'moov') {
        moov = b;
        break;
      }
    }
    if (!moov) return null;
    if (child(view, moov, 'mvex')) return null;
    const mvhdBox = child(view, moov, 'mvhd');
    if (!mvhdBox) return null;
    const mvhd = timescaleAndDuration(view, mvhdBox);
    if (!mvhd || mvhd.timescale === 0) return null;
    const candidates: number[] = [];
    if (mvhd.duration !== null) candidates.push(mvhd.duration / mvhd.timescale);
    for (const trak of boxes(view, moov.start, moov.end)) {
      if (trak.type !== 'trak') continue;
      const tkhd = child(view, trak, 'tkhd');
      const tkhdTicks = tkhd ? tkhdDuration(view, tkhd) : null;
      if (tkhdTicks !== null) candidates.push(tkhdTicks / mvhd.timescale);
      const mdia = child(view, trak, 'mdia');
      const mdhdBox = mdia && child(view, mdia, 'mdhd');
      const mdhd = mdhdBox ? timescaleAndDuration(view, mdhdBox) : null;
      if (!mdia || !mdhd || mdhd.timescale === 0) continue;
      if (mdhd.duration !== null) candidates.push(mdhd.duration / mdhd.timescale);
      const minf = child(view, mdia, 'minf');
      const stbl = minf && child(view, minf, 'stbl');
      const stts = stbl && child(view, stbl, 'stts');
      if (stts) candidates.push(sttsTicks(view, stts) / mdhd.timescale);
    }
    const seconds = Math.max(0, ...candidates.filter(Number.isFinite));
    return seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;
const CLUSTER_ID = 0x1f43b675;
const CLUSTER_TIMECODE_ID = 0xe7;
const SIMPLE_BLOCK_ID = 0xa3;
const BLOCK_GROUP_ID = 0xa0;
const BLOCK_ID = 0xa1;
const BLOCK_DURATION_ID = 0x9b;
// Elements that end a cluster written with an unknown size (live recordings, MediaRecorder).
const SEGMENT_LEVEL_IDS = new Set([
  CLUSTER_ID,
  INFO_ID,
  0x114d9b74,
  0x1654ae6b,
  0x1c53bb6b,
  0x1254c367,
  0x1043a770,
  0x1941a469,
  SEGMENT_ID,
  EBML_ID,
]);

function readUint(bytes: Uint8Array, start: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + bytes[start + i]!;
  return v;
}

function blockTimecode(bytes: Uint8Array, start: number, end: number): number | null {
  const track = readVint(bytes, start, false);
  if (!track || start + track.length + 2 > end) return null;
  const at = start + track.length;
  return (((bytes[at]! << 8) | bytes[at + 1]!) << 16) >> 16;
}

/**
 * Duration in seconds of a WebM/Matroska file: the Segment Info Duration × TimecodeScale, or the
 * last block's time when that is later (live recordings carry no Duration, and a lying header
 * must not shorten the clip). Null when neither is found.
 */
export function webmDurationSeconds(bytes: Uint8Array): number | null {
  try {
    const ebml = readElementHeader(bytes, 0);
    if (!ebml || ebml.id !== EBML_ID || ebml.size === null) return null;
    let pos = ebml.dataStart + ebml.size;
    let segment = readElementHeader(bytes, pos);
    while (segment && segment.id !== SEGMENT_ID && segment.size !== null) {
      pos = segment.dataStart + segment.size;
      segment = readElementHeader(bytes, pos);
    }
    if (!segment || segment.id !== SEGMENT_ID) return null;
    const segmentEnd = segment.size === null ? bytes.length : Math.min(segment.dataStart + segment.size, bytes.length);

    let timecodeScale = 1_000_000;
    let headerDuration: number | null = null;
    let lastTicks = -Infinity;
    let clusterTimecode = 0;
    // Inside a cluster, until this offset; 0 when at segment level.
    let clusterEnd = 0;
    let unknownCluster = false;

    pos = segment.dataStart;
    while (pos < segmentEnd) {
      const el = readElementHeader(bytes, pos);
      if (!el) break;
      if (unknownCluster && SEGMENT_LEVEL_IDS.has(el.id)) unknownCluster = false;
      const inCluster = unknownCluster || pos < clusterEnd;
      if (!inCluster && el.id === CLUSTER_ID) {
        clusterTimecode = 0;
        if (el.size === null) unknownCluster = true;
        else clusterEnd = el.dataStart + el.size;
        pos = el.dataStart;
        continue;
      }
      if (el.size === null) break;
      const end = Math.min(el.dataStart + el.size, bytes.length);
      if (!inCluster && el.id === INFO_ID) {
        for (let p = el.dataStart; p < end;) {
          const c = readElementHeader(bytes, p);
          if (!c || c.size === null) break;
          if (c.id === TIMECODE_SCALE_ID && c.size >= 1 && c.size <= 8) timecodeScale = readUint(bytes, c.dataStart, c.size);
          if (c.id === DURATION_ID && c.dataStart + c.size <= bytes.length) {
            const dv = new DataView(bytes.buffer, bytes.byteOffset + c.dataStart, c.size);
            if (c.size === 4) headerDuration = dv.getFloat32(0);
            else if (c.size === 8) headerDuration = dv.getFloat64(0);
          }
          p = c.dataStart + c.size;
        }
      } else if (inCluster && el.id === CLUSTER_TIMECODE_ID && el.size <= 8) {
        clusterTimecode = readUint(bytes, el.dataStart, el.size);
      } else if (inCluster && el.id === SIMPLE_BLOCK_ID) {
        const rel = blockTimecode(bytes, el.dataStart, end);
        if (rel !== null) lastTicks = Math.max(lastTicks, clusterTimecode + rel);
      } else if (inCluster && el.id === BLOCK_GROUP_ID) {
        let rel: number | null = null;
        let blockDuration = 0;
        for (let p = el.dataStart; p < end;) {
          const c = readElementHeader(bytes, p);
          if (!c || c.size === null) break;
          if (c.id === BLOCK_ID) rel = blockTimecode(bytes, c.dataStart, Math.min(c.dataStart + c.size, end));
          if (c.id === BLOCK_DURATION_ID && c.size <= 8) blockDuration = readUint(bytes, c.dataStart, c.size);
          p = c.dataStart + c.size;
        }
        if (rel !== null) lastTicks = Math.max(lastTicks, clusterTimecode + rel + blockDuration);
      }
      pos = el.dataStart + el.size;
    }

    const ticks = Math.max(headerDuration !== null && Number.isFinite(headerDuration) ? headerDuration : -Infinity, lastTicks);
    if (!Number.isFinite(ticks) || ticks <= 0 || timecodeScale <= 0) return null;
    return (ticks * timecodeScale) / 1e9;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// ffmpeg
// ---------------------------------------------------------------------------

function ffmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}

async function withTempFile<T>(bytes: Buffer, ext: string, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sefer-upload-'));
  try {
    const file = path.join(dir, `input.${ext}`);
    await writeFile(file, bytes);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// The demuxer is forced, never probed from the content: ffmpeg would otherwise read whatever the
// bytes look like (an image, or a playlist that opens other files or URLs).
function demuxer(ext: VideoExt): string[] {
  return ['-f', ext === 'webm' ? 'matroska' : 'mov', '-protocol_whitelist', 'file'];
}

function parseClock(text: string): number {
  const [h, m, s] = text.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * Duration in seconds measured by the ffmpeg binary: the header's 'Duration:' and the last packet
 * time after reading every packet (stream copy, no decoding), whichever is later. Null when
 * ffmpeg is missing or cannot read the file.
 */
export async function ffmpegDurationSeconds(bytes: Buffer, ext: VideoExt): Promise<number | null> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) return null;
  return withTempFile(bytes, ext, async (file) => {
    let stderr: string;
    try {
      ({ stderr } = await run(
        ffmpeg,
        ['-hide_banner', '-nostdin', ...demuxer(ext), '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'],
        { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 8 * MIB },
      ));
    } catch {
      return null;
    }
    const times: number[] = [];
    const header = /Duration: (\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(stderr);
    if (header) times.push(parseClock(header[1]!));
    for (const m of stderr.matchAll(/time=(\d+:\d{2}:\d{2}(?:\.\d+)?)/g)) times.push(parseClock(m[1]!));
    const seconds = Math.max(0, ...times.filter(Number.isFinite));
    return seconds > 0 ? seconds : null;
  });
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/**
 * Checks one uploaded image without decoding it: size, real type from the bytes, and the
 * dimensions in its header within {@link MAX_IMAGE_PIXELS}.
 */
export async function inspectImage(field: string, file: File): Promise<InspectedImage | UploadRejected> {
  const name = label(field);
  if (file.size > MAX_IMAGE_BYTES) return reject(413, field, `${name} is too large (max 10 MB).`);
  if (file.size === 0) return reject(400, field, `${name} is empty.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > MAX_IMAGE_BYTES) return reject(413, field, `${name} is too large (max 10 MB).`);
  const type = sniffFileType(bytes);
  if (!type || !IMAGE_TYPES.has(type)) {
    return reject(400, field, `${name} must be a JPEG, PNG, WebP, GIF, AVIF or HEIC image.`);
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    if (SHARP_FORMATS.has(meta.format ?? '') && meta.width && meta.height && meta.width * meta.height <= MAX_IMAGE_PIXELS) {
      return { ok: true, bytes, type: type as ImageType, pixels: meta.width * meta.height };
    }
  } catch {
    // refused below
  }
  return reject(400, field, `${name} could not be read as an image.`);
}

/** Decodes an inspected image, once; a truncated or corrupt file is refused here. */
async function decodeInspected(field: string, image: InspectedImage): Promise<CheckedImage | UploadRejected> {
  try {
    return { ok: true, bytes: image.bytes, type: image.type, decoded: await decodeImage(image.bytes) };
  } catch {
    return reject(400, field, `${label(field)} could not be read as an image.`);
  }
}

/** Checks one uploaded image: {@link inspectImage}, then one decode. */
export async function checkImage(field: string, file: File): Promise<CheckedImage | UploadRejected> {
  const inspected = await inspectImage(field, file);
  return inspected.ok ? decodeInspected(field, inspected) : inspected;
}

/**
 * Checks every image of one request: each header first, the pixels of all of them together within
 * {@link MAX_REQUEST_PIXELS}, and only then each is decoded, once, one at a time (decoding is
 * CPU-bound and the server's cores are shared). Answers in the order given.
 */
export async function checkImages(
  entries: ReadonlyArray<{ field: string; file: File }>,
): Promise<{ ok: true; images: CheckedImage[] } | UploadRejected> {
  const inspected: InspectedImage[] = [];
  for (const { field, file } of entries) {
    const result = await inspectImage(field, file);
    if (!result.ok) return result;
    inspected.push(result);
  }
  if (inspected.reduce((sum, i) => sum + i.pixels, 0) > MAX_REQUEST_PIXELS) {
    return reject(
      413,
      entries[0]?.field ?? 'product_photo',
      'The images are too large in all (150 megapixels at most). Please send smaller photos.',
    );
  }
  const images: CheckedImage[] = [];
  for (const [i, image] of inspected.entries()) {
    const checked = await decodeInspected(entries[i]!.field, image);
    if (!checked.ok) return checked;
    images.push(checked);
  }
  return { ok: true, images };
}

/**
 * Checks the listing video: size, real container from the bytes (MP4, MOV or WebM), and a length
 * of at most {@link MAX_VIDEO_SECONDS} measured here: parsed in JS, else by ffmpeg.
 */
export async function checkVideo(field: string, file: File): Promise<CheckedVideo | UploadRejected> {
  const name = label(field);
  if (file.size > MAX_VIDEO_BYTES) return reject(413, field, `${name} is too large (max 50 MB).`);
  if (file.size === 0) return reject(400, field, `${name} is empty.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > MAX_VIDEO_BYTES) return reject(413, field, `${name} is too large (max 50 MB).`);
  const type = sniffFileType(bytes);
  if (!type || !VIDEO_TYPES.has(type)) return reject(400, field, `${name} must be an MP4, MOV or WebM file.`);
  const ext = type as VideoExt;
  const parsed = ext === 'webm' ? webmDurationSeconds(bytes) : mp4DurationSeconds(bytes);
  const seconds = parsed ?? (await ffmpegDurationSeconds(bytes, ext));
  if (seconds === null) return reject(400, field, `${name} could not be read.`);
  if (seconds > MAX_VIDEO_SECONDS + DURATION_TOLERANCE_SECONDS) {
    return reject(400, field, 'Video must be 30 seconds or less.');
  }
  return { ok: true, bytes, ext, durationSeconds: Math.round(seconds * 1000) / 1000 };
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

/**
 * Checks the additional images (field `uploaded_images`): at most {@link MAX_EXTRA_IMAGES}, each
 * one as {@link checkImage}, all within {@link MAX_REQUEST_PIXELS}. Blank file-input parts are
 * ignored, not counted.
 */
export async function checkExtraImages(files: File[]): Promise<{ ok: true; images: CheckedImage[] } | UploadRejected> {
  const field = 'uploaded_images';
  const present = files.filter((f) => uploadedFile(f) !== null);
  if (present.length > MAX_EXTRA_IMAGES) {
    return reject(400, field, 'You can upload a maximum of 10 additional images.');
  }
  return checkImages(present.map((file) => ({ field, file })));
}

// ---------------------------------------------------------------------------
// Storing
// ---------------------------------------------------------------------------

/** Options for {@link saveVideo}. */
export interface SaveVideoOptions {
  dataDir: string;
  /** Key to store under; a random one when absent. */
  key?: string;
  /** As measured by {@link checkVideo}. */
  durationSeconds: number;
  poster?: StoredImage | null;
}

/**
 * Writes a checked video to `DATA_DIR/media/{key}.{ext}`. A MOV is stored as `.mp4`: it is the
 * same box format, the media route serves only mp4/webm, and browsers other than Safari refuse
 * `video/quicktime` but play an H.264 QuickTime file served as `video/mp4`.
 */
export async function saveVideo(bytes: Buffer, ext: VideoExt, options: SaveVideoOptions): Promise<StoredVideo> {
  const key = options.key ?? newMediaKey();
  if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  const storedExt = ext === 'mov' ? 'mp4' : ext;
  const file = path.join(mediaRoot(options.dataDir), `${key}.${storedExt}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return { key, ext: storedExt, durationSeconds: options.durationSeconds, poster: options.poster ?? null };
}

/**
 * Makes a poster image from the frame at 0.5 s (the first frame for shorter clips) and stores it
 * with saveImage. Null when ffmpeg is unavailable or cannot extract a frame: a video without a
 * poster is still shown.
 */
export async function makeVideoPoster(bytes: Buffer, ext: VideoExt, dataDir: string): Promise<StoredImage | null> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) return null;
  const png = await withTempFile(bytes, ext, async (file, dir) => {
    const out = path.join(dir, 'poster.png');
    for (const seek of [['-ss', '0.5'], []]) {
      try {
        await run(
          ffmpeg,
          ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...seek, ...demuxer(ext), '-i', file, '-frames:v', '1', '-an', out],
          { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 8 * MIB },
        );
        if ((await stat(out)).size > 0) return await readFile(out);
      } catch {
        // try the next seek position
      }
    }
    return null;
  });
  if (!png) return null;
  try {
    return await saveImage(png, { dataDir });
  } catch (error) {
    // File-system errors carry a code and are real faults; sharp refusing the frame is not.
    if ((error as NodeJS.ErrnoException).code) throw error;
    return null;
  }
}
