/**
 * Checks on the uploaded listing video: size, the real container from the bytes (MP4, MOV or
 * WebM) and its length, measured here: read from the container, else by ffmpeg.
 */
import { mp4DurationSeconds, webmDurationSeconds } from './video-duration.ts';
import { ffmpegDurationSeconds } from './ffmpeg.server.ts';
import { isVideoType, sniffFileType, type VideoExt } from './file-types.server.ts';
import { countUpload, type UploadVia } from './upload-metrics.server.ts';
import { label, MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, readUpload, reject, type UploadRejected } from './uploads.server.ts';
import { m } from '#paraglide/messages.js';

/** A video that passed {@link checkVideo}, with the duration measured on the server. */
export type CheckedVideo = { ok: true; bytes: Buffer; ext: VideoExt; durationSeconds: number };

// Container timescales round to a frame, and audio encoder padding adds a few hundredths, so a
// recording stopped at exactly 30 s can measure 30.02 s; a 30.2 s clip is still refused.
const DURATION_TOLERANCE_SECONDS = 0.1;

/**
 * Checks the listing video: size, container, and a length of at most {@link MAX_VIDEO_SECONDS};
 * counted as it came (`via`, upload-metrics).
 */
export async function checkVideo(field: string, file: File, via?: UploadVia): Promise<CheckedVideo | UploadRejected> {
  const checked = await checkVideoFile(field, file);
  countUpload(via, 'video', checked.ok);
  return checked;
}

async function checkVideoFile(field: string, file: File): Promise<CheckedVideo | UploadRejected> {
  const name = label(field);
  const bytes = await readUpload(field, file, MAX_VIDEO_BYTES);
  if (!Buffer.isBuffer(bytes)) return bytes;
  const ext = await sniffFileType(bytes);
  if (!isVideoType(ext)) return reject(400, field, m.form_srv_not_video({ name }));
  const parsed = ext === 'webm' ? webmDurationSeconds(bytes) : mp4DurationSeconds(bytes);
  const seconds = parsed ?? (await ffmpegDurationSeconds(bytes, ext));
  if (seconds === null) return reject(400, field, m.form_srv_unreadable_video({ name }));
  if (seconds > MAX_VIDEO_SECONDS + DURATION_TOLERANCE_SECONDS) {
    return reject(400, field, m.form_video_too_long());
  }
  return { ok: true, bytes, ext, durationSeconds: Math.round(seconds * 1000) / 1000 };
}
