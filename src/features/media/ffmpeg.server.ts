/**
 * The one way to the ffmpeg binary that ships inside an npm package (`@ffmpeg-installer/ffmpeg`):
 * measuring and framing uploaded videos, and encoding the demo catalogue's clips. Every function
 * answers null (or false) when this platform has no binary; nothing is downloaded.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VideoExt } from './file-types.server.ts';

const run = promisify(execFile);

const TIMEOUT_MS = 20_000;
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;

let binary: string | null | undefined;

function ffmpegPath(): string | null {
  if (binary === undefined) {
    try {
      binary = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    } catch {
      binary = null;
    }
  }
  return binary;
}

/** Whether this platform has the ffmpeg binary. */
export function hasFfmpeg(): boolean {
  return ffmpegPath() !== null;
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
 * Duration in seconds measured by ffmpeg: the header's 'Duration:' and the last packet time after
 * reading every packet (stream copy, no decoding), whichever is later. Null when ffmpeg is missing
 * or cannot read the file.
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
        { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES },
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

/** A PNG of the frame at 0.5 s (the first frame for shorter clips), or null when none can be had. */
export async function videoFrame(bytes: Buffer, ext: VideoExt): Promise<Buffer | null> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) return null;
  return withTempFile(bytes, ext, async (file, dir) => {
    const out = path.join(dir, 'poster.png');
    for (const seek of [['-ss', '0.5'], []]) {
      try {
        await run(
          ffmpeg,
          ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...seek, ...demuxer(ext), '-i', file, '-frames:v', '1', '-an', out],
          { timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT_BYTES },
        );
        if ((await stat(out)).size > 0) return await readFile(out);
      } catch {
        // try the next seek position
      }
    }
    return null;
  });
}

/**
 * Encodes a still picture (a PNG file) into an H.264 MP4 clip of `seconds` with a slow zoom.
 * False when there is no ffmpeg; an encode that fails or is aborted throws.
 */
export async function encodeZoomClip(frame: string, out: string, seconds: number, signal?: AbortSignal): Promise<boolean> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) return false;
  await run(
    ffmpeg,
    [
      '-y',
      '-loglevel',
      'error',
      '-loop',
      '1',
      '-i',
      frame,
      '-t',
      String(seconds),
      '-vf',
      `zoompan=z='min(zoom+0.0015,1.2)':d=${seconds * 25}:s=640x480:fps=25`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      out,
    ],
    { signal },
  );
  return true;
}
