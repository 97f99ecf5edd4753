/**
 * A listing's files sent with the tus protocol (tus-js-client) before the listing itself: in parts
 * of {@link UPLOAD_CHUNK_BYTES}, retried when the connection drops, and resumed after a reload
 * (the client keeps each file's upload address in localStorage under its fingerprint: name, type,
 * size and date, which the kept listing's files keep). Island-only.
 */
import { Upload } from 'tus-js-client';
import { getLocale } from '#paraglide/runtime.js';
import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH, type UploadField } from '#features/media/resumable/staged-upload.ts';

/** Waits between tries after a dropped connection: about six minutes in all, then the seller is told. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000, 60_000, 60_000];

/** How far the files of a listing are sent. */
export interface UploadProgress {
  sent: number;
  total: number;
  /** The connection dropped and the upload is being tried again. */
  retrying: boolean;
}

/** One file of a listing and its field. */
export interface FileToSend {
  field: UploadField;
  file: File;
}

/** Why uploading stopped: the server's answer (status and body), or no connection after every retry. */
export class UploadFailed extends Error {
  constructor(
    readonly status: number | 'network',
    readonly body: string,
  ) {
    super(`upload failed: ${status}`);
  }
}

/** The whole percentage sent, and the bytes still to send. */
export function progressFigures(progress: Pick<UploadProgress, 'sent' | 'total'>): { percent: number; left: number } {
  if (progress.total <= 0) return { percent: 100, left: 0 };
  const sent = Math.min(Math.max(progress.sent, 0), progress.total);
  return { percent: Math.floor((sent / progress.total) * 100), left: progress.total - sent };
}

/** Bytes as megabytes with one decimal ("1.2"), as the progress line shows them. */
export const megabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

/**
 * Whether a failed request is tried again: no answer (the connection dropped), a conflict or a
 * lock (the client asks for the offset first), too many requests, or a server error. A refusal
 * (the file is not an image, too large, signed out) is final.
 */
export function shouldRetry(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
}

function sendOne({ field, file }: FileToSend, on: { bytes: (sent: number) => void; retrying: () => void }): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(`${UPLOADS_PATH}/`, location.href).href,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      storeFingerprintForResuming: true,
      // Kept after success: a listing sent again (after a failed post or a reload) finds the file
      // already there and sends nothing; once a listing took it, the server answers 404 and a
      // new upload starts.
      removeFingerprintOnSuccess: false,
      metadata: { field, filetype: file.type, filename: file.name },
      // The server's refusals come back in the page's language.
      headers: { 'Accept-Language': getLocale() },
      onProgress: (sent) => on.bytes(sent),
      onShouldRetry: (error) => {
        const retry = shouldRetry(error.originalResponse?.getStatus() ?? 0);
        if (retry) on.retrying();
        return retry;
      },
      onSuccess: () => (upload.url ? resolve(upload.url) : reject(new UploadFailed('network', ''))),
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        reject(
          response && response.getStatus() > 0
            ? new UploadFailed(response.getStatus(), response.getBody())
            : new UploadFailed('network', ''),
        );
      },
    });
    const start = (previous: Awaited<ReturnType<Upload['findPreviousUploads']>>) => {
      const latest = previous.toSorted((a, b) => a.creationTime.localeCompare(b.creationTime)).at(-1);
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    };
    upload.findPreviousUploads().then(start, () => start([]));
  });
}

/**
 * Sends the files one after another (one connection: the fastest on a thin link), reporting the
 * bytes sent of all of them; answers each file's upload address, in order. Throws
 * {@link UploadFailed}.
 */
export async function uploadFiles(files: readonly FileToSend[], onProgress: (progress: UploadProgress) => void): Promise<string[]> {
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  const sent = files.map(() => 0);
  let retrying = false;
  const report = () => onProgress({ sent: sent.reduce((a, b) => a + b, 0), total, retrying });
  report();
  const urls: string[] = [];
  for (const [i, entry] of files.entries()) {
    const url = await sendOne(entry, {
      bytes: (bytes) => {
        sent[i] = bytes;
        retrying = false;
        report();
      },
      retrying: () => {
        retrying = true;
        report();
      },
    });
    sent[i] = entry.file.size;
    report();
    urls.push(url);
  }
  return urls;
}
