import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DECODE_TIMEOUT_SECONDS, mediaObject, saveImage } from './media.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { localMediaStorage, mediaRoot } from './media-storage.server.ts';
import { mp4DurationSeconds, webmDurationSeconds } from './video-duration.ts';
import { ffmpegDurationSeconds } from './ffmpeg.server.ts';
import { sniffFileType } from './file-types.server.ts';
import { checkExtraImages, checkImage, checkImages } from './image-checks.server.ts';
import {
  MAX_EXTRA_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_REQUEST_BYTES,
  MAX_REQUEST_PIXELS,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  uploadedFile,
} from './uploads.server.ts';
import { checkVideo } from './video-checks.server.ts';
import { makeVideoPoster, saveVideo } from './video-store.server.ts';

const run = promisify(execFile);

function ffmpegPath(): string | null {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}
const ffmpeg = ffmpegPath();
// The binary comes from an optional package, not built for every platform: without it the video
// tests skip, but not in CI, where .ci/run's `npm ci` installs it and a missing one is a broken
// install: there they fail (as the nginx deployment test does).
const MISSING_FFMPEG = 'no ffmpeg: the optional package @ffmpeg-installer/ffmpeg is not installed here';
const skipVideos = ffmpeg === null && process.env.CI !== 'true';
/** Fails a video test with the reason when there is no ffmpeg to make its clips. */
const needFfmpeg = () => expect(ffmpeg, MISSING_FFMPEG).not.toBeNull();

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

let tmp: string;
/** The media folder of this test's data folder. */
const store = () => localMediaStorage(mediaRoot(tmp));
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
let gif: Buffer;
let avif: Buffer;
const videos: Record<string, Buffer> = {};

function file(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function encode(name: string, seconds: number, codec: 'h264' | 'vp8', extra: string[] = []): Promise<Buffer> {
  const out = path.join(tmp, name);
  const input = `color=c=blue:s=160x120:d=${seconds}:r=5`;
  const codecArgs =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '50k'];
  await run(ffmpeg!, ['-y', '-v', 'error', '-f', 'lavfi', '-i', input, ...codecArgs, ...extra, out]);
  return readFile(out);
}

/**
 * Rewrites a one-track MP4's movie, track and media headers and its edit list (all version 0) to
 * claim `seconds`, leaving the samples as they are.
 */
function claimSeconds(original: Buffer, seconds: number): Buffer {
  const bytes = Buffer.from(original);
  const at = (type: string) => {
    const i = bytes.indexOf(Buffer.from(type));
    expect(i).toBeGreaterThan(0);
    expect(bytes[i + 4]).toBe(0); // version 0
    return i;
  };
  const mvhd = at('mvhd');
  const movieScale = bytes.readUInt32BE(mvhd + 16);
  bytes.writeUInt32BE(seconds * movieScale, mvhd + 20);
  bytes.writeUInt32BE(seconds * movieScale, at('tkhd') + 24);
  const mdhd = at('mdhd');
  bytes.writeUInt32BE(seconds * bytes.readUInt32BE(mdhd + 16), mdhd + 20);
  const elst = at('elst');
  expect(bytes.readUInt32BE(elst + 8)).toBe(1);
  bytes.writeUInt32BE(seconds * movieScale, elst + 12);
  return bytes;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sefer-uploads-test-'));
  const base = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  [png, jpeg, webp, gif, avif] = await Promise.all([
    base.clone().png().toBuffer(),
    base.clone().jpeg().toBuffer(),
    base.clone().webp().toBuffer(),
    base.clone().gif().toBuffer(),
    base.clone().avif({ effort: 0 }).toBuffer(),
  ]);
  if (ffmpeg) {
    videos.mp4 = await encode('4s.mp4', 4, 'h264');
    videos.webm = await encode('4s.webm', 4, 'vp8');
    videos.mp4Long = await encode('31s.mp4', 31, 'h264');
    videos.mp4Exact = await encode('30s.mp4', 30, 'h264');
    videos.webmLong = await encode('31s.webm', 31, 'vp8');
    videos.mov = await encode('4s.mov', 4, 'h264');
    videos.fragmented = await encode('frag.mp4', 4, 'h264', ['-movflags', 'frag_keyframe+empty_moov']);
    videos.fragmentedLong = await encode('frag31.mp4', 31, 'h264', ['-movflags', 'frag_keyframe+empty_moov']);
    videos.mp4EditList60 = await encode('60s-edts.mp4', 60, 'h264', ['-use_editlist', '1']);
  }
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('upload limits', () => {
  it('are the documented constants', () => {
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_VIDEO_BYTES).toBe(50 * 1024 * 1024);
    expect(MAX_REQUEST_BYTES).toBe(100 * 1024 * 1024);
    expect(MAX_EXTRA_IMAGES).toBe(10);
    expect(MAX_VIDEO_SECONDS).toBe(30);
    expect(MAX_IMAGE_PIXELS).toBe(16_000_000);
  });
});

describe('sniffFileType', async () => {
  it('recognises raster images from their bytes', async () => {
    expect(await sniffFileType(png)).toBe('png');
    expect(await sniffFileType(jpeg)).toBe('jpeg');
    expect(await sniffFileType(webp)).toBe('webp');
    expect(await sniffFileType(gif)).toBe('gif');
    expect(await sniffFileType(avif)).toBe('avif');
  });

  it('reads the ISO-BMFF brand', async () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
      const size = Buffer.alloc(4);
      size.writeUInt32BE(body.length + 4);
      return Buffer.concat([size, body, Buffer.alloc(16)]);
    };
    expect(await sniffFileType(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    // A generic HEIF file is named by its major brand; sharp decodes AVIF and HEIC alike.
    expect(await sniffFileType(ftyp('mif1', 'mif1', 'avif'))).toBe('heic');
    expect(await sniffFileType(ftyp('qt  ', 'qt  '))).toBe('mov');
    expect(await sniffFileType(ftyp('mp42', 'isom', 'mp42'))).toBe('mp4');
    expect(await sniffFileType(ftyp('M4A ', 'M4A ', 'mp42', 'isom'))).toBeNull();
    expect(await sniffFileType(ftyp('crx ', 'crx '))).toBeNull();
    expect(await sniffFileType(ftyp('M4V ', 'M4V ', 'isom'))).toBe('mp4');
    expect(await sniffFileType(ftyp('3gp4', 'isom', '3gp4'))).toBeNull();
  });

  it('refuses SVG, HTML, XML, text, PDF, empty and short input', async () => {
    expect(await sniffFileType(SVG)).toBeNull();
    expect(await sniffFileType(HTML)).toBeNull();
    expect(await sniffFileType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(await sniffFileType(Buffer.from('just some text'))).toBeNull();
    expect(await sniffFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBeNull();
    expect(await sniffFileType(new Uint8Array())).toBeNull();
    expect(await sniffFileType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(await sniffFileType(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
  });

  it.skipIf(skipVideos)('recognises MP4, MOV and WebM videos', async () => {
    needFfmpeg();
    expect(await sniffFileType(videos.mp4!)).toBe('mp4');
    expect(await sniffFileType(videos.mov!)).toBe('mov');
    expect(await sniffFileType(videos.webm!)).toBe('webm');
  });
});

describe('checkImage', () => {
  it('accepts real PNG, JPEG, WebP, GIF and AVIF whatever the name and MIME type say', async () => {
    for (const [bytes, type] of [
      [png, 'png'],
      [jpeg, 'jpeg'],
      [webp, 'webp'],
      [gif, 'gif'],
      [avif, 'avif'],
    ] as const) {
      const result = await checkImage('product_photo', file(bytes, 'photo.bin', 'application/octet-stream'));
      expect(result).toMatchObject({ ok: true, type });
      if (result.ok) expect(result.bytes.equals(bytes)).toBe(true);
    }
  });

  it('refuses an SVG named logo.png with type image/png', async () => {
    const result = await checkImage('profile_photo', file(SVG, 'logo.png', 'image/png'));
    expect(result).toEqual({
      ok: false,
      problem: { status: 400, field: 'profile_photo', message: 'The logo must be a JPEG, PNG, WebP, GIF, AVIF or HEIC image.' },
    });
  });

  it('refuses an HTML or text file named .jpg', async () => {
    for (const bytes of [HTML, Buffer.from('hello')]) {
      const result = await checkImage('product_photo', file(bytes, 'photo.jpg', 'image/jpeg'));
      expect(result).toMatchObject({
        ok: false,
        problem: { status: 400, message: 'The product photo must be a JPEG, PNG, WebP, GIF, AVIF or HEIC image.' },
      });
    }
  });

  it('answers 413 for a file over 10 MB', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    png.copy(big, 0, 0, 8);
    const result = await checkImage('product_photo', file(big, 'huge.png', 'image/png'));
    expect(result).toEqual({
      ok: false,
      problem: { status: 413, field: 'product_photo', message: 'The product photo is too large (max 10 MB).' },
    });
  });

  it('refuses an empty file', async () => {
    expect(await checkImage('profile_photo', file(new Uint8Array(), 'logo.png', 'image/png'))).toMatchObject({
      ok: false,
      problem: { status: 400, message: 'The logo is empty.' },
    });
  });

  it('refuses bytes with an image header that sharp cannot decode', async () => {
    // The signature and the IHDR chunk (8 + 25 bytes) are a PNG's header; what follows is not.
    const broken = Buffer.concat([png.subarray(0, 33), Buffer.from('not really a png at all')]);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3));
    for (const bytes of [broken, truncated]) {
      expect(await checkImage('uploaded_images', file(bytes, 'x.png', 'image/png'))).toMatchObject({
        ok: false,
        problem: { status: 400, field: 'uploaded_images', message: 'An additional image could not be read as an image.' },
      });
    }
  });

  it('refuses an image over the pixel limit without decoding it', async () => {
    // A PNG header claiming 10000 × 5000: 50 million pixels.
    const header = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wide = Buffer.from(header);
    wide.writeUInt32BE(10_000, 16);
    wide.writeUInt32BE(5_000, 20);
    wide.writeUInt32BE(crc32(wide.subarray(12, 29)), 29);
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect(await checkImage('product_photo', file(wide, 'wide.png', 'image/png'))).toEqual({
        ok: false,
        problem: {
          status: 413,
          field: 'product_photo',
          message: 'The product photo is too large (16 megapixels at most). Please send a smaller photo, as a phone camera takes it.',
        },
      });
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });
});

/** The uploads of sharp.prototype.toBuffer's calls recorded by `spy` whose input was `bytes`: decodes of that file. */
function decodesOf(spy: { mock: { contexts: unknown[] } }, bytes: Buffer): unknown[] {
  const inputOf = (c: unknown) => (c as { options: { input: { buffer?: Uint8Array } } }).options.input.buffer;
  return spy.mock.contexts.filter((c) => {
    const input = inputOf(c);
    return input !== undefined && Buffer.from(input).equals(bytes);
  });
}

describe('the pixels an image may cost (issue 25)', () => {
  const tooLarge = (name: string) => ({
    status: 413,
    message: `${name} is too large (16 megapixels at most). Please send a smaller photo, as a phone camera takes it.`,
  });

  // 6000 × 6000 of one colour, as the attacker's: about 110 KB of file for 36 million pixels.
  let attack: Promise<Buffer> | undefined;
  const attackPng = () =>
    (attack ??= sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#b45309' } })
      .png({ compressionLevel: 9 })
      .toBuffer());

  it('refuses a 6000 × 6000 PNG of about 100 KB from its header, without decoding it', async () => {
    const bytes = await attackPng();
    expect(bytes.length).toBeLessThan(150 * 1024);
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect(await checkImage('product_photo', file(bytes, 'p.png', 'image/png'))).toMatchObject({
        ok: false,
        problem: tooLarge('The product photo'),
      });
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });

  it('accepts a 4032 × 3024 phone photo and 4000 × 4000, the largest square', async () => {
    for (const [width, height] of [
      [4032, 3024],
      [4000, 4000],
    ] as const) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: '#b45309' } })
        .jpeg()
        .toBuffer();
      const checked = await checkImage('product_photo', file(bytes, 'p.jpg', 'image/jpeg'));
      expect(checked.ok, `${width}x${height}`).toBe(true);
      if (checked.ok) expect(checked.decoded.info.width).toBe(1280);
    }
  });

  /** An animated WebP of `frames` 8 × 8 frames whose VP8X canvas is rewritten to declare `width` × `height` (24-bit sizes less one). */
  async function animatedWebpDeclaring(frames: number, width: number, height: number): Promise<Buffer> {
    const colours = ['#b45309', '#1d4ed8', '#15803d'].slice(0, frames);
    const images = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 8, height: 8, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const bytes = Buffer.from(
      await sharp(images, { join: { animated: true } })
        .webp()
        .toBuffer(),
    );
    const vp8x = bytes.indexOf('VP8X');
    bytes.writeUIntLE(width - 1, vp8x + 12, 3);
    bytes.writeUIntLE(height - 1, vp8x + 15, 3);
    return bytes;
  }

  /** An image of `format` whose header is rewritten to declare `width` × `height`; the pixels stay 8 × 8. */
  async function declaring(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', width: number, height: number): Promise<Buffer> {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#b45309' } });
    if (format === 'png') {
      const bytes = Buffer.from(await base.png().toBuffer());
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
      return bytes;
    }
    if (format === 'jpeg') {
      const bytes = Buffer.from(await base.jpeg().toBuffer());
      const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
      bytes.writeUInt16BE(height, sof + 5);
      bytes.writeUInt16BE(width, sof + 7);
      return bytes;
    }
    // Two frames, so the canvas is in a VP8X chunk.
    if (format === 'webp') return animatedWebpDeclaring(2, width, height);
    if (format === 'gif') {
      // The frame's own descriptor, not the screen's: the decoder sizes the image by the frame.
      const bytes = Buffer.from(await base.gif().toBuffer());
      const frame = bytes.indexOf(0x2c, 13);
      bytes.writeUInt16LE(width, frame + 5);
      bytes.writeUInt16LE(height, frame + 7);
      return bytes;
    }
    const bytes = Buffer.from(await base.avif({ effort: 0 }).toBuffer());
    const ispe = bytes.indexOf('ispe');
    bytes.writeUInt32BE(width, ispe + 8);
    bytes.writeUInt32BE(height, ispe + 12);
    return bytes;
  }

  it('refuses every format whose header declares 6000 × 6000, however few pixels the file holds, without decoding it', async () => {
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif'] as const) {
        const bytes = await declaring(format, 6000, 6000);
        decodes.mockClear();
        const result = await checkImage('uploaded_images', file(bytes, 'x.bin', 'application/octet-stream'));
        expect(result, format).toMatchObject({ ok: false, problem: tooLarge('An additional image') });
        expect(decodesOf(decodes, bytes), format).toHaveLength(0);
      }
    } finally {
      decodes.mockRestore();
    }
  });

  it('refuses a GIF whose screen says 10 × 10 but whose frame is 6000 × 6000', async () => {
    const bytes = await declaring('gif', 6000, 6000);
    bytes.writeUInt16LE(10, 6);
    bytes.writeUInt16LE(10, 8);
    expect(await checkImage('product_photo', file(bytes, 'p.gif', 'image/gif'))).toMatchObject({
      ok: false,
      problem: tooLarge('The product photo'),
    });
  });

  it('decodes no more than a header declares, even when the file holds more', async () => {
    // A 6000 × 6000 PNG whose header says 100 × 100: the decoder reads only 100 rows of 100.
    const bytes = Buffer.from(await attackPng());
    bytes.writeUInt32BE(100, 16);
    bytes.writeUInt32BE(100, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    const started = process.cpuUsage();
    const result = await checkImage('product_photo', file(bytes, 'p.png', 'image/png'));
    const cpu = process.cpuUsage(started);
    expect((cpu.user + cpu.system) / 1e6).toBeLessThan(0.5);
    if (result.ok) expect(result.decoded.info).toMatchObject({ width: 100, height: 100 });
    else expect(result.problem).toMatchObject({ status: 400, message: 'The product photo could not be read as an image.' });
  });

  it('counts the first frame of an animated image, the only one decoded', async () => {
    // Three frames of 3000 × 3000: 27 megapixels in all, 9 in the frame that is stored.
    const bytes = await animatedWebpDeclaring(3, 3000, 3000);
    const checked = await checkImage('product_photo', file(bytes, 'p.webp', 'image/webp'));
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.decoded.info).toMatchObject({ width: 1280, height: 1280 });
  });

  it('time-boxes the decode and refuses an image whose decode runs past it, in the request language', async () => {
    const timeouts = vi.spyOn(sharp.prototype, 'timeout');
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect((await checkImage('product_photo', file(png, 'p.png', 'image/png'))).ok).toBe(true);
      expect(timeouts).toHaveBeenCalledWith({ seconds: DECODE_TIMEOUT_SECONDS });
      // sharp's own words when its time box ends (common.cc: vips_error("timeout", "%d%% complete")).
      decodes.mockRejectedValueOnce(new Error('timeout: 37% complete\nVipsImage: killed for image "temp-1"'));
      expect(await checkImage('product_photo', file(png, 'p.png', 'image/png'))).toEqual({
        ok: false,
        problem: {
          status: 400,
          field: 'product_photo',
          message: 'The product photo took too long to read. Please send a smaller photo, as a phone camera takes it.',
        },
      });
      decodes.mockRejectedValueOnce(new Error('timeout: 37% complete'));
      expect(await inLocale('am', () => checkImage('profile_photo', file(png, 'p.png', 'image/png')))).toMatchObject({
        ok: false,
        problem: { status: 400, message: 'አርማውን ለማንበብ በጣም ረጅም ጊዜ ወሰደ። እባክዎ ስልክ ካሜራ እንደሚያነሳው ያለ ያነሰ ፎቶ ይላኩ።' },
      });
    } finally {
      timeouts.mockRestore();
      decodes.mockRestore();
    }
    expect(DECODE_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(1);
    expect(DECODE_TIMEOUT_SECONDS).toBeLessThanOrEqual(5);
  });
});

describe('decoding cost', () => {
  const phonePhoto = () =>
    sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#b45309' } })
      .png({ palette: true, colours: 2, compressionLevel: 9, progressive: true })
      .toBuffer();

  it('decodes an upload once, from its check to its three stored widths', async () => {
    const bytes = await phonePhoto();
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      const started = process.cpuUsage();
      const checked = await checkImage('product_photo', file(bytes, 'p.png', 'image/png'));
      expect(checked.ok).toBe(true);
      if (!checked.ok) return;
      const stored = await saveImage(checked.decoded, { store: store(), effort: 0 });
      const cpu = process.cpuUsage(started);
      console.log(
        `[uploads] 4032x3024 PNG (${bytes.length} bytes) checked and stored in ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU`,
      );
      expect(stored).toMatchObject({ width: 1280, height: 960, thumbWidth: 360 });
      expect(decodesOf(decodes, bytes)).toHaveLength(1);
    } finally {
      decodes.mockRestore();
    }
  });

  it('caps the pixels of all the images of one request before decoding any', async () => {
    expect(MAX_REQUEST_PIXELS).toBe(150_000_000);
    // 4000 × 4000: 16 megapixels, the most one image may have; ten are 160.
    const bytes = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#b45309' } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      const ten = Array.from({ length: 10 }, (_, i) => ({
        field: i < 1 ? 'product_photo' : 'uploaded_images',
        file: file(bytes, `${i}.png`, 'image/png'),
      }));
      expect(await checkImages(ten)).toEqual({
        ok: false,
        problem: {
          status: 413,
          field: 'product_photo',
          message: 'The images are too large in all (150 megapixels at most). Please send smaller photos.',
        },
      });
      expect(decodes).not.toHaveBeenCalled();
      const nine = await checkImages(ten.slice(0, 9));
      expect(nine.ok).toBe(true);
    } finally {
      decodes.mockRestore();
    }
  });
});

describe('checkExtraImages', () => {
  it('accepts 10 images', async () => {
    const files = Array.from({ length: 10 }, (_, i) => file(i % 2 ? jpeg : webp, `${i}.jpg`, 'image/jpeg'));
    const result = await checkExtraImages(files);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.images.map((i) => i.type)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 ? 'jpeg' : 'webp')));
  });

  it('refuses 11 with the spec message', async () => {
    const files = Array.from({ length: 11 }, (_, i) => file(png, `${i}.png`, 'image/png'));
    expect(await checkExtraImages(files)).toEqual({
      ok: false,
      problem: { status: 400, field: 'uploaded_images', message: 'You can upload a maximum of 10 additional images.' },
    });
  });

  it('reports the first bad image', async () => {
    const files = [file(png, 'a.png', 'image/png'), file(SVG, 'b.png', 'image/png')];
    expect(await checkExtraImages(files)).toMatchObject({ ok: false, problem: { status: 400, field: 'uploaded_images' } });
  });

  it('ignores the blank part a browser sends for an empty file input', async () => {
    const blank = new File([], '', { type: 'application/octet-stream' });
    expect(await checkExtraImages([blank])).toEqual({ ok: true, images: [] });
    expect(uploadedFile(blank)).toBeNull();
    expect(uploadedFile('text')).toBeNull();
    expect(uploadedFile(null)).toBeNull();
    expect(uploadedFile(file(png, 'a.png', 'image/png'))).not.toBeNull();
  });
});

describe('checkVideo: type and size', () => {
  it('refuses a PNG renamed clip.mp4 with type video/mp4', async () => {
    expect(await checkVideo('product_video', file(png, 'clip.mp4', 'video/mp4'))).toEqual({
      ok: false,
      problem: { status: 400, field: 'product_video', message: 'The video must be an MP4, MOV or WebM file.' },
    });
  });

  it('refuses HTML named .webm', async () => {
    expect(await checkVideo('product_video', file(HTML, 'clip.webm', 'video/webm'))).toMatchObject({
      ok: false,
      problem: { status: 400 },
    });
  });

  it('answers 413 over 50 MB', async () => {
    const big = new File([new Uint8Array(MAX_VIDEO_BYTES + 1)], 'big.mp4', { type: 'video/mp4' });
    expect(await checkVideo('product_video', big)).toEqual({
      ok: false,
      problem: { status: 413, field: 'product_video', message: 'The video is too large (max 50 MB).' },
    });
  });

  it('refuses a video whose length cannot be determined', async () => {
    const header = Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomiso2' + 'x'.repeat(64), 'latin1');
    expect(await checkVideo('product_video', file(header, 'clip.mp4', 'video/mp4'))).toEqual({
      ok: false,
      problem: { status: 400, field: 'product_video', message: 'The video could not be read.' },
    });
  });
});

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

describe('mp4DurationSeconds on hand-made boxes', () => {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1'));

  it('reads a version 0 movie header', () => {
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(600, 12);
    mvhd.writeUInt32BE(600 * 12, 16);
    expect(mp4DurationSeconds(Buffer.concat([ftyp, box('moov', box('mvhd', mvhd))]))).toBe(12);
  });

  it('reads a version 1 movie header with 64-bit times', () => {
    const mvhd = Buffer.alloc(112);
    mvhd.writeUInt8(1, 0);
    mvhd.writeUInt32BE(90_000, 20);
    mvhd.writeBigUInt64BE(90_000n * 25n + 45_000n, 24);
    expect(mp4DurationSeconds(Buffer.concat([ftyp, box('moov', box('mvhd', mvhd))]))).toBe(25.5);
  });

  it('treats an all-ones duration as unknown', () => {
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(1000, 12);
    mvhd.writeUInt32BE(0xffffffff, 16);
    expect(mp4DurationSeconds(Buffer.concat([ftyp, box('moov', box('mvhd', mvhd))]))).toBeNull();
  });
});

describe.skipIf(skipVideos)('video duration', () => {
  beforeEach(needFfmpeg);

  it('is parsed in JS from MP4, MOV and WebM', () => {
    expect(mp4DurationSeconds(videos.mp4!)).toBeCloseTo(4, 1);
    expect(mp4DurationSeconds(videos.mov!)).toBeCloseTo(4, 1);
    expect(mp4DurationSeconds(videos.mp4Long!)).toBeCloseTo(31, 1);
    expect(mp4DurationSeconds(videos.mp4Exact!)).toBeCloseTo(30, 1);
    expect(webmDurationSeconds(videos.webm!)).toBeCloseTo(4, 1);
    expect(webmDurationSeconds(videos.webmLong!)).toBeCloseTo(31, 1);
  });

  it('is not parsed from fragmented MP4 or from the wrong container', () => {
    expect(mp4DurationSeconds(videos.fragmented!)).toBeNull();
    expect(mp4DurationSeconds(videos.webm!)).toBeNull();
    expect(webmDurationSeconds(videos.mp4!)).toBeNull();
    expect(mp4DurationSeconds(png)).toBeNull();
    expect(mp4DurationSeconds(videos.mp4!.subarray(0, 40))).toBeNull();
  });

  it('reads the clusters when a WebM has no Duration header (a live recording)', () => {
    const bytes = Buffer.from(videos.webmLong!);
    const at = bytes.indexOf(Buffer.from([0x44, 0x89]));
    expect(at).toBeGreaterThan(0);
    // Rename the Duration element to an unknown ID of the same width: parsers skip it.
    bytes[at] = 0x47;
    bytes[at + 1] = 0x7f;
    expect(webmDurationSeconds(bytes)).toBeGreaterThan(30.5);
  });

  it('does not believe an MP4 movie header that understates the length', () => {
    const bytes = Buffer.from(videos.mp4Long!);
    const at = bytes.indexOf(Buffer.from('mvhd'));
    const version = bytes[at + 4]!;
    expect(version).toBe(0);
    bytes.writeUInt32BE(1, at + 4 + 4 + 4 + 4 + 4); // version/flags, ctime, mtime, timescale, then duration
    expect(mp4DurationSeconds(bytes)).toBeCloseTo(31, 1);
  });

  it('measures the samples when every header and the edit list claim 10 s of a 60 s clip', async () => {
    const bytes = claimSeconds(videos.mp4EditList60!, 10);
    expect(mp4DurationSeconds(bytes)).toBeCloseTo(60, 0);
    expect(await checkVideo('product_video', file(bytes, 'clip.mp4', 'video/mp4'))).toMatchObject({
      ok: false,
      problem: { status: 400, message: 'Video must be 30 seconds or less.' },
    });
  });

  it('is measured by ffmpeg too', async () => {
    expect(await ffmpegDurationSeconds(videos.mp4!, 'mp4')).toBeCloseTo(4, 1);
    expect(await ffmpegDurationSeconds(videos.webm!, 'webm')).toBeCloseTo(4, 1);
    expect(await ffmpegDurationSeconds(videos.fragmentedLong!, 'mp4')).toBeCloseTo(31, 0);
    expect(await ffmpegDurationSeconds(png, 'mp4')).toBeNull();
  });

  it('accepts a 4 s MP4, MOV and WebM and 30 s exactly', async () => {
    for (const [bytes, ext, seconds] of [
      [videos.mp4!, 'mp4', 4],
      [videos.mov!, 'mov', 4],
      [videos.webm!, 'webm', 4],
      [videos.mp4Exact!, 'mp4', 30],
    ] as const) {
      const result = await checkVideo('product_video', file(bytes, 'clip.bin', 'application/octet-stream'));
      expect(result).toMatchObject({ ok: true, ext });
      if (result.ok) expect(result.durationSeconds).toBeCloseTo(seconds, 1);
    }
  });

  it('refuses 31 s with the spec message', async () => {
    for (const bytes of [videos.mp4Long!, videos.webmLong!]) {
      expect(await checkVideo('product_video', file(bytes, 'clip.mp4', 'video/mp4'))).toEqual({
        ok: false,
        problem: { status: 400, field: 'product_video', message: 'Video must be 30 seconds or less.' },
      });
    }
  });

  it('falls back to ffmpeg when the JS parser cannot tell (fragmented MP4)', async () => {
    const short = await checkVideo('product_video', file(videos.fragmented!, 'clip.mp4', 'video/mp4'));
    expect(short).toMatchObject({ ok: true, ext: 'mp4' });
    if (short.ok) expect(short.durationSeconds).toBeCloseTo(4, 0);
    expect(await checkVideo('product_video', file(videos.fragmentedLong!, 'clip.mp4', 'video/mp4'))).toMatchObject({
      ok: false,
      problem: { status: 400, message: 'Video must be 30 seconds or less.' },
    });
  });
});

describe('storing', () => {
  it('saveImage strips EXIF and GPS', async () => {
    const withGps = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '9/1 0/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const checked = await checkImage('product_photo', file(withGps, 'p.jpg', 'image/jpeg'));
    expect(checked.ok).toBe(true);
    const stored = await saveImage(checked.ok ? checked.decoded : Buffer.alloc(0), { store: store(), effort: 0 });
    for (const name of [`${stored.key}.webp`, `${stored.key}-thumb.webp`]) {
      const saved = await readFile(path.join(mediaRoot(tmp), name));
      const meta = await sharp(saved).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(saved.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it.skipIf(skipVideos)('saveVideo writes the file the media route serves, a MOV as .mp4', async () => {
    needFfmpeg();
    const video = await saveVideo(videos.webm!, 'webm', { store: store(), durationSeconds: 4 });
    expect(video).toMatchObject({ ext: 'webm', durationSeconds: 4, poster: null });
    const object = mediaObject(`${video.key}.webm`);
    expect(object?.contentType).toBe('video/webm');
    expect((await readFile(path.join(mediaRoot(tmp), object!.name))).equals(videos.webm!)).toBe(true);

    const mov = await saveVideo(videos.mov!, 'mov', { store: store(), key: 'u/test-mov', durationSeconds: 4 });
    expect(mov.ext).toBe('mp4');
    expect(existsSync(path.join(mediaRoot(tmp), 'u/test-mov.mp4'))).toBe(true);
    await expect(saveVideo(videos.mp4!, 'mp4', { store: store(), key: '../escape', durationSeconds: 4 })).rejects.toThrow();
  });

  it.skipIf(skipVideos)('makeVideoPoster stores a frame as a WebP image, and null for a bad video', async () => {
    needFfmpeg();
    const poster = await makeVideoPoster(videos.mp4!, 'mp4', store());
    expect(poster).toMatchObject({ width: 160, height: 120 });
    expect(existsSync(path.join(mediaRoot(tmp), `${poster!.key}.webp`))).toBe(true);
    expect(await makeVideoPoster(videos.webm!, 'webm', store())).toMatchObject({ width: 160, height: 120 });
    expect(await makeVideoPoster(Buffer.from('nope'), 'mp4', store())).toBeNull();
  });
});
