/** What the upload tests share: sample images made by sharp, clips made by ffmpeg and a data folder of their own. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { localMediaStorage, mediaRoot } from './media-storage.server.ts';

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
export const skipVideos = ffmpeg === null && process.env.CI !== 'true';
/** Fails a video test with the reason when there is no ffmpeg to make its clips. */
export const needFfmpeg = () => expect(ffmpeg, MISSING_FFMPEG).not.toBeNull();

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

export function file(bytes: Uint8Array, name: string, type: string): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** The clips a test file may ask for: file name, seconds, codec and extra ffmpeg arguments. */
const CLIPS = {
  mp4: ['4s.mp4', 4, 'h264', []],
  webm: ['4s.webm', 4, 'vp8', []],
  mp4Long: ['31s.mp4', 31, 'h264', []],
  mp4Exact: ['30s.mp4', 30, 'h264', []],
  webmLong: ['31s.webm', 31, 'vp8', []],
  mov: ['4s.mov', 4, 'h264', []],
  fragmented: ['frag.mp4', 4, 'h264', ['-movflags', 'frag_keyframe+empty_moov']],
  fragmentedLong: ['frag31.mp4', 31, 'h264', ['-movflags', 'frag_keyframe+empty_moov']],
  mp4EditList60: ['60s-edts.mp4', 60, 'h264', ['-use_editlist', '1']],
} as const satisfies Record<string, readonly [string, number, 'h264' | 'vp8', readonly string[]]>;
export type ClipName = keyof typeof CLIPS;
export const ALL_CLIPS = Object.keys(CLIPS) as ClipName[];

async function encode(tmp: string, name: string, seconds: number, codec: 'h264' | 'vp8', extra: readonly string[]): Promise<Buffer> {
  const out = path.join(tmp, name);
  const input = `color=c=blue:s=160x120:d=${seconds}:r=5`;
  const codecArgs =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '50k'];
  await run(ffmpeg!, ['-y', '-v', 'error', '-f', 'lavfi', '-i', input, ...codecArgs, ...extra, out]);
  return readFile(out);
}

export interface UploadSamples {
  /** The test file's own data folder. */
  tmp: string;
  png: Buffer;
  jpeg: Buffer;
  webp: Buffer;
  gif: Buffer;
  avif: Buffer;
  /** The clips asked for, when there is an ffmpeg to make them. */
  videos: Partial<Record<ClipName, Buffer>>;
  /** The media folder of this test's data folder. */
  store: () => ReturnType<typeof localMediaStorage>;
}

/**
 * Makes the samples before the file's tests and removes its data folder after them. Only the clips
 * named are encoded: ffmpeg takes seconds for each.
 */
export function useUploadSamples(clips: readonly ClipName[] = []): UploadSamples {
  const samples = { videos: {}, store: () => localMediaStorage(mediaRoot(samples.tmp)) } as UploadSamples;
  beforeAll(async () => {
    samples.tmp = await mkdtemp(path.join(os.tmpdir(), 'sefer-uploads-test-'));
    const base = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } });
    [samples.png, samples.jpeg, samples.webp, samples.gif, samples.avif] = await Promise.all([
      base.clone().png().toBuffer(),
      base.clone().jpeg().toBuffer(),
      base.clone().webp().toBuffer(),
      base.clone().gif().toBuffer(),
      base.clone().avif({ effort: 0 }).toBuffer(),
    ]);
    if (ffmpeg) {
      for (const name of clips) {
        const [fileName, seconds, codec, extra] = CLIPS[name];
        samples.videos[name] = await encode(samples.tmp, fileName, seconds, codec, extra);
      }
    }
  });
  afterAll(async () => {
    await rm(samples.tmp, { recursive: true, force: true });
  });
  return samples;
}
