/** Storing a checked video under `DATA_DIR/media`, with a poster frame made by ffmpeg. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import { videoFrame } from './ffmpeg.server.ts';
import type { VideoExt } from './file-types.server.ts';
import { isValidMediaKey, mediaRoot, newMediaKey, saveImage } from './media.server.ts';

/** Options for {@link saveVideo}. */
export interface SaveVideoOptions {
  dataDir: string;
  /** Key to store under; a random one when absent. */
  key?: string;
  /** As measured by checkVideo. */
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
  const png = await videoFrame(bytes, ext);
  if (!png) return null;
  try {
    return await saveImage(png, { dataDir });
  } catch (error) {
    // File-system errors carry a code and are real faults; sharp refusing the frame is not.
    if ((error as NodeJS.ErrnoException).code) throw error;
    return null;
  }
}
