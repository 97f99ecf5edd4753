import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaObject, saveImage } from './media.server.ts';
import { mediaRoot } from './media-storage.server.ts';
import { mp4DurationSeconds, webmDurationSeconds } from './video-duration.ts';
import { ffmpegDurationSeconds } from './ffmpeg.server.ts';
import { checkImage } from './image-checks.server.ts';
import { MAX_VIDEO_BYTES } from './uploads.server.ts';
import { checkVideo } from './video-checks.server.ts';
import { makeVideoPoster, saveVideo } from './video-store.server.ts';
import { ALL_CLIPS, HTML, file, needFfmpeg, skipVideos, useUploadSamples } from './uploads.test-kit.server.ts';

const media = useUploadSamples(ALL_CLIPS);

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

describe('checkVideo: type and size', () => {
  it('refuses a PNG renamed clip.mp4 with type video/mp4', async () => {
    expect(await checkVideo('product_video', file(media.png, 'clip.mp4', 'video/mp4'))).toEqual({
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
    expect(mp4DurationSeconds(media.videos.mp4!)).toBeCloseTo(4, 1);
    expect(mp4DurationSeconds(media.videos.mov!)).toBeCloseTo(4, 1);
    expect(mp4DurationSeconds(media.videos.mp4Long!)).toBeCloseTo(31, 1);
    expect(mp4DurationSeconds(media.videos.mp4Exact!)).toBeCloseTo(30, 1);
    expect(webmDurationSeconds(media.videos.webm!)).toBeCloseTo(4, 1);
    expect(webmDurationSeconds(media.videos.webmLong!)).toBeCloseTo(31, 1);
  });

  it('is not parsed from fragmented MP4 or from the wrong container', () => {
    expect(mp4DurationSeconds(media.videos.fragmented!)).toBeNull();
    expect(mp4DurationSeconds(media.videos.webm!)).toBeNull();
    expect(webmDurationSeconds(media.videos.mp4!)).toBeNull();
    expect(mp4DurationSeconds(media.png)).toBeNull();
    expect(mp4DurationSeconds(media.videos.mp4!.subarray(0, 40))).toBeNull();
  });

  it('reads the clusters when a WebM has no Duration header (a live recording)', () => {
    const bytes = Buffer.from(media.videos.webmLong!);
    const at = bytes.indexOf(Buffer.from([0x44, 0x89]));
    expect(at).toBeGreaterThan(0);
    // Rename the Duration element to an unknown ID of the same width: parsers skip it.
    bytes[at] = 0x47;
    bytes[at + 1] = 0x7f;
    expect(webmDurationSeconds(bytes)).toBeGreaterThan(30.5);
  });

  it('does not believe an MP4 movie header that understates the length', () => {
    const bytes = Buffer.from(media.videos.mp4Long!);
    const at = bytes.indexOf(Buffer.from('mvhd'));
    const version = bytes[at + 4]!;
    expect(version).toBe(0);
    bytes.writeUInt32BE(1, at + 4 + 4 + 4 + 4 + 4); // version/flags, ctime, mtime, timescale, then duration
    expect(mp4DurationSeconds(bytes)).toBeCloseTo(31, 1);
  });

  it('measures the samples when every header and the edit list claim 10 s of a 60 s clip', async () => {
    const bytes = claimSeconds(media.videos.mp4EditList60!, 10);
    expect(mp4DurationSeconds(bytes)).toBeCloseTo(60, 0);
    expect(await checkVideo('product_video', file(bytes, 'clip.mp4', 'video/mp4'))).toMatchObject({
      ok: false,
      problem: { status: 400, message: 'Video must be 30 seconds or less.' },
    });
  });

  it('is measured by ffmpeg too', async () => {
    expect(await ffmpegDurationSeconds(media.videos.mp4!, 'mp4')).toBeCloseTo(4, 1);
    expect(await ffmpegDurationSeconds(media.videos.webm!, 'webm')).toBeCloseTo(4, 1);
    expect(await ffmpegDurationSeconds(media.videos.fragmentedLong!, 'mp4')).toBeCloseTo(31, 0);
    expect(await ffmpegDurationSeconds(media.png, 'mp4')).toBeNull();
  });

  it('accepts a 4 s MP4, MOV and WebM and 30 s exactly', async () => {
    for (const [bytes, ext, seconds] of [
      [media.videos.mp4!, 'mp4', 4],
      [media.videos.mov!, 'mov', 4],
      [media.videos.webm!, 'webm', 4],
      [media.videos.mp4Exact!, 'mp4', 30],
    ] as const) {
      const result = await checkVideo('product_video', file(bytes, 'clip.bin', 'application/octet-stream'));
      expect(result).toMatchObject({ ok: true, ext });
      if (result.ok) expect(result.durationSeconds).toBeCloseTo(seconds, 1);
    }
  });

  it('refuses 31 s with the spec message', async () => {
    for (const bytes of [media.videos.mp4Long!, media.videos.webmLong!]) {
      expect(await checkVideo('product_video', file(bytes, 'clip.mp4', 'video/mp4'))).toEqual({
        ok: false,
        problem: { status: 400, field: 'product_video', message: 'Video must be 30 seconds or less.' },
      });
    }
  });

  it('falls back to ffmpeg when the JS parser cannot tell (fragmented MP4)', async () => {
    const short = await checkVideo('product_video', file(media.videos.fragmented!, 'clip.mp4', 'video/mp4'));
    expect(short).toMatchObject({ ok: true, ext: 'mp4' });
    if (short.ok) expect(short.durationSeconds).toBeCloseTo(4, 0);
    expect(await checkVideo('product_video', file(media.videos.fragmentedLong!, 'clip.mp4', 'video/mp4'))).toMatchObject({
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
    const stored = await saveImage(checked.ok ? checked.decoded : Buffer.alloc(0), { store: media.store(), effort: 0 });
    for (const name of [`${stored.key}.webp`, `${stored.key}-thumb.webp`]) {
      const saved = await readFile(path.join(mediaRoot(media.tmp), name));
      const meta = await sharp(saved).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(saved.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
  });

  it.skipIf(skipVideos)('saveVideo writes the file the media route serves, a MOV as .mp4', async () => {
    needFfmpeg();
    const video = await saveVideo(media.videos.webm!, 'webm', { store: media.store(), durationSeconds: 4 });
    expect(video).toMatchObject({ ext: 'webm', durationSeconds: 4, poster: null });
    const object = mediaObject(`${video.key}.webm`);
    expect(object?.contentType).toBe('video/webm');
    expect((await readFile(path.join(mediaRoot(media.tmp), object!.name))).equals(media.videos.webm!)).toBe(true);

    const mov = await saveVideo(media.videos.mov!, 'mov', { store: media.store(), key: 'u/test-mov', durationSeconds: 4 });
    expect(mov.ext).toBe('mp4');
    expect(existsSync(path.join(mediaRoot(media.tmp), 'u/test-mov.mp4'))).toBe(true);
    await expect(saveVideo(media.videos.mp4!, 'mp4', { store: media.store(), key: '../escape', durationSeconds: 4 })).rejects.toThrow();
  });

  it.skipIf(skipVideos)('makeVideoPoster stores a frame as a WebP image, and null for a bad video', async () => {
    needFfmpeg();
    const poster = await makeVideoPoster(media.videos.mp4!, 'mp4', media.store());
    expect(poster).toMatchObject({ width: 160, height: 120 });
    expect(existsSync(path.join(mediaRoot(media.tmp), `${poster!.key}.webp`))).toBe(true);
    expect(await makeVideoPoster(media.videos.webm!, 'webm', media.store())).toMatchObject({ width: 160, height: 120 });
    expect(await makeVideoPoster(Buffer.from('nope'), 'mp4', media.store())).toBeNull();
  });
});
