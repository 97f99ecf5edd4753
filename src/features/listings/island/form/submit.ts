import { getLocale } from '#paraglide/runtime.js';
/**
 * Sending a listing from the form island to `POST /api/products/` (spec 4, 7 and 8), and what the
 * form shows for the answer. Island-only: the server never imports this module.
 */
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { LISTING_TEXT_FIELDS } from '#features/listings/listing-schema.ts';
import type { Listing } from './state.ts';

/** The sign-up link shown to a signed-out seller: back to the form, which then submits. */
export const SIGN_UP_HREF = '/login?next=/form%3Fresume%3D1';

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
    if (typeof message === 'string' && message !== '') errors[name] = message;
  }
  return errors;
}

/** The multipart body of a listing: the spec's field names, empty texts left out. */
function listingBody(listing: Listing): FormData {
  const fd = new FormData();
  for (const name of LISTING_TEXT_FIELDS) {
    const value = (listing.text[name] ?? '').trim();
    if (value) fd.append(name, value);
  }
  if (listing.logo) fd.append('profile_photo', listing.logo, listing.logo.name);
  if (listing.photo) fd.append('product_photo', listing.photo, listing.photo.name);
  if (listing.video) fd.append('product_video', listing.video, listing.video.name);
  for (const image of listing.images) fd.append('uploaded_images', image, image.name);
  return fd;
}

/** Sends a listing; the outcome to show and the answer's text (for its per-field messages). */
export async function postListing(listing: Listing): Promise<{ outcome: SubmitOutcome; responseText: string }> {
  try {
    const response = await fetch('/api/products/', {
      method: 'POST',
      body: listingBody(listing),
      credentials: 'same-origin',
      // The server's messages come back in the page's language.
      headers: { 'Accept-Language': getLocale() },
    });
    const responseText = await response.text();
    return { outcome: submitOutcome(response.status, responseText), responseText };
  } catch {
    return { outcome: submitOutcome('network', ''), responseText: '' };
  }
}
