/** Storing a checked video in the media storage, with a poster frame made by ffmpeg. */
import type { StoredImage, StoredVideo } from '#db/schema.ts';
import { videoFrame } from './ffmpeg.server.ts';
import type { VideoExt } from './file-types.server.ts';
import { CONTENT_TYPES, decodeImage, isValidMediaKey, newMediaKey, saveImage, type DecodedImage } from './media.server.ts';
import type { MediaStorage } from './media-storage.server.ts';

/** Options for {@link saveVideo}. */
export interface SaveVideoOptions {
  store: MediaStorage;
  /** Key to store under; a random one when absent. */
  key?: string;
  /** As measured by checkVideo. */
  durationSeconds: number;
  poster?: StoredImage | null;
}

/**
 * Stores a checked video as `{key}.{ext}`. A MOV is stored as `.mp4`: it is the same box format,
 * the media route serves only mp4/webm, and browsers other than Safari refuse `video/quicktime`
 * but play an H.264 QuickTime file served as `video/mp4`.
 */
export async function saveVideo(bytes: Buffer, ext: VideoExt, options: SaveVideoOptions): Promise<StoredVideo> {
  const key = options.key ?? newMediaKey();
  if (!isValidMediaKey(key)) throw new Error(`Invalid media key: ${key}`);
  const storedExt = ext === 'mov' ? 'mp4' : ext;
  await options.store.put(`${key}.${storedExt}`, bytes, CONTENT_TYPES[storedExt]);
  return { key, ext: storedExt, durationSeconds: options.durationSeconds, poster: options.poster ?? null };
}

/**
 * Makes a poster image from the frame at 0.5 s (the first frame for shorter clips) and stores it
 * with saveImage. Null when ffmpeg is unavailable or cannot extract a frame, or sharp cannot read
 * it: a video without a poster is still shown. A storage fault is not hidden.
 */
export async function makeVideoPoster(bytes: Buffer, ext: VideoExt, store: MediaStorage): Promise<StoredImage | null> {
  const png = await videoFrame(bytes, ext);
  if (!png) return null;
  let frame: DecodedImage;
  try {
    frame = await decodeImage(png);
  } catch {
    return null;
  }
  return saveImage(frame, { store });
}
