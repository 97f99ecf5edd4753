import { getLocale } from '#paraglide/runtime.js';
/**
 * Sending a listing from the form island to `POST /api/products/` (spec 4, 7 and 8), and what the
 * form shows for the answer. Island-only: the server never imports this module.
 */
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { LISTING_TEXT_FIELDS } from '#features/listings/listing-schema.ts';
import { stagedField } from '#features/media/resumable/staged-upload.ts';
import type { Listing } from './state.ts';
import { UploadFailed, uploadFiles, type FileToSend, type UploadProgress } from './upload.ts';

/** The sign-up link shown to a signed-out seller: sign up, then back to the form, which sends the kept deal. */
export const SIGN_UP_HREF = '/signup?next=/form%3Fresume%3D1';

/** What the form shows after a submission: `ms` 0 means it stays until the next action. */
export interface SubmitOutcome {
  kind: 'success' | 'signup' | 'error';
  message: string;
  ms: number;
}

/**
 * The message for a response to `POST /api/products/` (its status and body text), or for a
 * network failure: 2xx success (4 s); 401 sign up (stays, with the sign-up link); other statuses
 * 'Failed to submit: ' plus the body (4 s); network error (2 s).
 */
export function submitOutcome(status: number | 'network', bodyText: string): SubmitOutcome {
  if (status === 'network') return { kind: 'error', message: LISTING_MESSAGES.network, ms: 2000 };
  if (status >= 200 && status < 300) return { kind: 'success', message: LISTING_MESSAGES.success, ms: 4000 };
  if (status === 401) return { kind: 'signup', message: LISTING_MESSAGES.signUp, ms: 0 };
  const body = bodyText.trim() || `HTTP ${status}`;
  return { kind: 'error', message: LISTING_MESSAGES.failedPrefix + body, ms: 4000 };
}

/**
 * Per-field messages from an API error body `{ error, fields?: { name: string[] | string } }`:
 * the first message of each field. Empty for any other body.
 */
export function fieldErrorsFromBody(bodyText: string): Record<string, string> {
  const errors: Record<string, string> = {};
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return errors;
  }
  if (typeof body !== 'object' || body === null || !('fields' in body)) return errors;
  const fields = (body as { fields: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return errors;
  for (const [name, value] of Object.entries(fields)) {
    const message = Array.isArray(value) ? value.find((m) => typeof m === 'string') : value;
    // A staged upload's field (`product_photo_upload`) is the form's file field.
    if (typeof message === 'string' && message !== '') errors[name.replace(/_upload$/, '')] = message;
  }
  return errors;
}

/** The listing's files and their fields, in the order they are sent. */
export function filesToSend(listing: Listing): FileToSend[] {
  return [
    ...(listing.logo ? [{ field: 'profile_photo' as const, file: listing.logo }] : []),
    ...(listing.photo ? [{ field: 'product_photo' as const, file: listing.photo }] : []),
    ...listing.images.map((file) => ({ field: 'uploaded_images' as const, file })),
    ...(listing.video ? [{ field: 'product_video' as const, file: listing.video }] : []),
  ];
}

/**
 * The body of a listing whose files were uploaded before: the spec's text fields (empty ones left
 * out) and each file's upload (`product_photo_upload`, …), in the order of {@link filesToSend}.
 */
export function listingBody(listing: Listing, uploads: readonly string[], postAgain = false): FormData {
  const fd = new FormData();
  for (const name of LISTING_TEXT_FIELDS) {
    const value = (listing.text[name] ?? '').trim();
    if (value) fd.append(name, value);
  }
  filesToSend(listing).forEach(({ field }, i) => fd.append(stagedField(field), uploads[i]!));
  if (postAgain) fd.append('post_again', 'yes');
  return fd;
}

/** A deal the seller already sent that the server found the same (409 `{ error, duplicate }`). */
export interface DuplicateDeal {
  error: string;
  id: number;
  path: string;
}

/** The duplicate a 409 body names, or null. */
export function duplicateOf(status: number, bodyText: string): DuplicateDeal | null {
  if (status !== 409) return null;
  try {
    const body = JSON.parse(bodyText) as { error?: unknown; duplicate?: { id?: unknown; path?: unknown } };
    const { id, path } = body.duplicate ?? {};
    if (typeof body.error !== 'string' || typeof id !== 'number' || typeof path !== 'string') return null;
    return { error: body.error, id, path };
  } catch {
    return null;
  }
}

/** The id of the listing a 201 body describes, or null. */
function createdId(bodyText: string): number | null {
  try {
    const id = (JSON.parse(bodyText) as { id?: unknown }).id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

export interface PostedListing {
  outcome: SubmitOutcome;
  /** The answer's text (for its per-field messages). */
  responseText: string;
  /** The new listing's id, after a 201. */
  created: number | null;
  duplicate: DuplicateDeal | null;
}

/**
 * Sends a listing: every file first (resumable, with `onProgress`), then the listing naming them
 * (`post_again=yes` when the seller chose to post a duplicate anyway).
 */
export async function postListing(
  listing: Listing,
  options: { onProgress?: (progress: UploadProgress) => void; postAgain?: boolean } = {},
): Promise<PostedListing> {
  const answer = (status: number | 'network', responseText: string): PostedListing => ({
    outcome: submitOutcome(status, responseText),
    responseText,
    created: null,
    duplicate: null,
  });
  let uploads: string[];
  try {
    uploads = await uploadFiles(filesToSend(listing), options.onProgress ?? (() => undefined));
  } catch (error) {
    return error instanceof UploadFailed ? answer(error.status, error.body) : answer('network', '');
  }
  try {
    const response = await fetch('/api/products/', {
      method: 'POST',
      body: listingBody(listing, uploads, options.postAgain),
      credentials: 'same-origin',
      // The server's messages come back in the page's language.
      headers: { 'Accept-Language': getLocale() },
    });
    const responseText = await response.text();
    const duplicate = duplicateOf(response.status, responseText);
    if (duplicate) return { outcome: { kind: 'error', message: duplicate.error, ms: 0 }, responseText, created: null, duplicate };
    return { ...answer(response.status, responseText), created: response.ok ? createdId(responseText) : null };
  } catch {
    return answer('network', '');
  }
}
