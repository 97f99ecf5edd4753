/**
 * Resumable uploads with the tus protocol (@tus/server over the staging folder): a phone sends a
 * photo in small parts, and after a dropped connection or a reload asks how far the server got
 * (HEAD) and sends only the rest. Each file keeps the limits of a multipart upload: its size by
 * field (images {@link MAX_IMAGE_BYTES}, the video {@link MAX_VIDEO_BYTES}) before a byte is
 * stored, and once it is complete the same real-type, pixel and decode checks (or the video's
 * container and length); a file that fails them is removed and refused with the reason. An upload
 * belongs to the account that started it: another account's requests for it are answered 404.
 */
import { ERRORS, Metadata, Server, type Upload } from '@tus/server';
import { checkImage } from '../image-checks.server.ts';
import { checkVideo } from '../video-checks.server.ts';
import { label, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../uploads.server.ts';
import { UPLOAD_FIELDS, UPLOADS_PATH, isUploadField, type UploadField } from './staged-upload.ts';
import { discardStagedUpload, stagedFile, stagedUpload, stagingStore, uploadFieldOf } from './staged-uploads.server.ts';
import { m } from '#paraglide/messages.js';
import { logger } from '#platform/log/log.server.ts';

const log = logger('uploads');

/** A refusal as @tus/server answers it: the status and a JSON body `{ error, fields }`. */
type TusRefusal = { status_code: number; body: string };

function refusal(status: number, message: string, field?: string): TusRefusal {
  return { status_code: status, body: JSON.stringify({ error: message, ...(field ? { fields: { [field]: [message] } } : {}) }) };
}

const maxBytesOf = (field: UploadField | null) => (field && UPLOAD_FIELDS[field] === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES);

/** The field a creation request names in its Upload-Metadata, or null. */
function requestedField(request: Request): UploadField | null {
  try {
    const field = Metadata.parse(request.headers.get('upload-metadata') ?? undefined).field;
    return isUploadField(field) ? field : null;
  } catch {
    return null;
  }
}

/** The account each request being handled is for (set by {@link handleUpload}). */
const accounts = new WeakMap<Request, string>();

/** Bytes stored by PATCH and POST requests in this process (the e2e and data tests read it). */
let received = 0;
export const uploadBytesReceived = (): number => received;

/**
 * Checks a complete upload as a multipart file of its field is checked; a refused one is removed.
 * Nothing is kept of the decode: the listing that takes the file checks and re-encodes it again.
 */
async function checkFinished(upload: Upload): Promise<Record<string, never>> {
  const stored = await stagedUpload(upload.id);
  const field = uploadFieldOf(stored);
  if (!stored || !field) throw refusal(404, m.form_upload_srv_missing({ name: label('') }));
  const file = await stagedFile(stored);
  // Counted here (sefer_uploads_total, via tus), not again when a listing takes the file.
  const checked = UPLOAD_FIELDS[field] === 'video' ? await checkVideo(field, file, 'tus') : await checkImage(field, file, 'tus');
  if (!checked.ok) {
    await discardStagedUpload(upload.id);
    throw refusal(checked.problem.status, checked.problem.message, field);
  }
  return {};
}

let server: { store: ReturnType<typeof stagingStore>; server: Server } | undefined;

/** The tus server over the staging store, made once (again when the store changes: tests). */
function tusServer(): Server {
  const store = stagingStore();
  if (server?.store === store) return server.server;
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    // Same origin only: no CORS header for anyone (the route refuses other origins' writes).
    allowedOrigins: () => false,
    maxSize: async (request, id) => {
      if (request.method === 'POST') return maxBytesOf(requestedField(request));
      return maxBytesOf(uploadFieldOf(id ? await stagedUpload(id) : null));
    },
    onIncomingRequest: async (request, id) => {
      if (request.method === 'POST') return;
      const upload = await stagedUpload(id);
      if (!upload || upload.metadata?.owner !== accounts.get(request)) throw ERRORS.FILE_NOT_FOUND;
    },
    onUploadCreate: async (request, upload) => {
      const field = requestedField(request);
      if (!field) throw refusal(400, m.form_upload_srv_unknown_field());
      const owner = accounts.get(request);
      if (!owner) throw ERRORS.FILE_NOT_FOUND;
      return { metadata: { ...upload.metadata, field, owner } };
    },
    onUploadFinish: async (_request, upload) => checkFinished(upload),
    onResponseError: (request, error) => {
      if (!('status_code' in error) || error.status_code !== ERRORS.ERR_MAX_SIZE_EXCEEDED.status_code) return undefined;
      const field = requestedField(request);
      return refusal(413, m.form_srv_too_large({ name: label(field ?? ''), mb: maxBytesOf(field) / (1024 * 1024) }), field ?? undefined);
    },
  });
  server = { store, server: tus };
  return tus;
}

/**
 * Answers one tus request (`/api/uploads/…`, any method) of the signed-in account `accountId`:
 * never cached, JSON bodies for refusals.
 */
export async function handleUpload(request: Request, accountId: string): Promise<Response> {
  accounts.set(request, accountId);
  const offsetBefore = Number(request.headers.get('upload-offset') ?? 0);
  let response: Response;
  try {
    response = await tusServer().handleWeb(request);
  } catch (error) {
    log.error({ err: error }, '[uploads] failed');
    response = new Response(refusal(500, m.form_upload_srv_failed()).body, { status: 500 });
  }
  const offsetAfter = Number(response.headers.get('upload-offset') ?? NaN);
  if (Number.isFinite(offsetAfter) && (request.method === 'PATCH' || request.method === 'POST')) {
    received += Math.max(0, offsetAfter - offsetBefore);
  }
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  if (response.status < 400 || request.method === 'HEAD') return new Response(response.body, { status: response.status, headers });
  // tus's own refusals are plain text in English; ours are JSON already.
  const text = await response.text();
  const body = text.startsWith('{') ? text : JSON.stringify({ error: text.trim() || m.form_upload_srv_failed() });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { status: response.status, headers });
}
