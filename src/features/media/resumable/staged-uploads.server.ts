/**
 * Staged uploads: files sent with the tus protocol (tus-uploads.server.ts) wait in UPLOADS_DIR until
 * a listing takes them (listings' readListingSubmission), at most {@link STAGED_UPLOAD_MS}; the
 * `staged-uploads-expiry` schedule (media/jobs.server.ts) removes older ones. Each upload's
 * metadata says the form field it is for and the account that sent it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import { config } from '#platform/config/config.server.ts';
import { STAGED_UPLOAD_MS, UPLOAD_FIELDS, isUploadField, type UploadField } from './staged-upload.ts';

let staging: { directory: string; store: FileStore } | undefined;

/** The tus file store of UPLOADS_DIR, made on first use (again when the folder changes: tests). */
export function stagingStore(): FileStore {
  const directory = config().uploadsDir;
  if (staging?.directory !== directory) {
    staging = { directory, store: new FileStore({ directory, expirationPeriodInMilliseconds: STAGED_UPLOAD_MS }) };
  }
  return staging.store;
}

/** A staged upload as the store keeps it, or null when there is none by that id. */
export async function stagedUpload(id: string): Promise<Upload | null> {
  try {
    return await stagingStore().getUpload(id);
  } catch {
    return null;
  }
}

/** Whether a staged upload is older than {@link STAGED_UPLOAD_MS}. */
function isExpired(upload: Pick<Upload, 'creation_date'>, now: Date): boolean {
  const created = upload.creation_date ? Date.parse(upload.creation_date) : NaN;
  return !Number.isFinite(created) || now.getTime() - created > STAGED_UPLOAD_MS;
}

/** The form field a staged upload is for, from its metadata (null when it names none). */
export function uploadFieldOf(upload: Pick<Upload, 'metadata'> | null): UploadField | null {
  const field = upload?.metadata?.field;
  return isUploadField(field) ? field : null;
}

/** The bytes of a staged upload as stored so far. */
async function stagedBytes(upload: Upload): Promise<Buffer> {
  return readFile(upload.storage?.path ?? path.join(stagingStore().directory, upload.id));
}

/** A staged upload as a file, for the checks and the storing a multipart file goes through. */
export async function stagedFile(upload: Upload): Promise<File> {
  const bytes = await stagedBytes(upload);
  const meta = upload.metadata ?? {};
  return new File([new Uint8Array(bytes)], meta.filename || upload.id, { type: meta.filetype ?? '' });
}

/**
 * The finished staged upload a listing's `field` names, as a file: null when the id is unknown,
 * expired, unfinished, another account's, or was sent for a field of the other kind (an image
 * for the video).
 */
export async function takeStagedUpload(
  id: string,
  field: UploadField,
  options: { ownerId?: string; now?: Date } = {},
): Promise<File | null> {
  const upload = await stagedUpload(id);
  if (!upload || upload.size === undefined || upload.offset !== upload.size) return null;
  const sentFor = uploadFieldOf(upload);
  if (!sentFor || UPLOAD_FIELDS[sentFor] !== UPLOAD_FIELDS[field]) return null;
  if (options.ownerId !== undefined && upload.metadata?.owner !== options.ownerId) return null;
  if (isExpired(upload, options.now ?? new Date())) return null;
  return stagedFile(upload);
}

/** Removes a staged upload (taken by a listing, or refused); an unknown id is no error. */
export async function discardStagedUpload(id: string): Promise<void> {
  await stagingStore()
    .remove(id)
    .catch(() => undefined);
}

/** Removes every staged upload older than {@link STAGED_UPLOAD_MS}; answers how many went. */
export async function expireStagedUploads(now: Date): Promise<number> {
  const store = stagingStore();
  const ids = (await store.configstore.list?.().catch(() => [])) ?? [];
  let removed = 0;
  for (const id of ids) {
    const info = await store.configstore.get(id).catch(() => undefined);
    if (info && !isExpired(info, now)) continue;
    await discardStagedUpload(id);
    removed++;
  }
  return removed;
}
