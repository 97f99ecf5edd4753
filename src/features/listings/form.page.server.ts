/**
 * What /form and /form/sent do on the server. /form's island posts through the JSON API; without
 * JavaScript its <form> posts here (multipart): a visitor is told to sign up (nothing is kept on
 * the server), a deal the seller sent within a day is asked about first (duplicate-listings), a
 * valid deal is submitted and the seller goes to /form/sent, and problems show on /form again with
 * what was typed. /form/sent shows its owner the deal as sent and what happens next.
 */
import type { AstroGlobal } from 'astro';
import { eq } from 'drizzle-orm';
import { listings } from '#db/schema.ts';
import { deleteMedia, listingMedia } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { MAX_REQUEST_BYTES } from '#features/media/uploads.server.ts';
import { formAction, readFormData, requireUser } from '#platform/http/http.server.ts';
import { parseId } from '#platform/http/input-guards.ts';
import { allowWrite, clientAddressOf, slowDown } from '#platform/http/rate-limit.server.ts';
import { fail, firstErrors, ok, type Notice, type Result } from '#platform/http/result.ts';
import { readOrNull } from '#platform/http/safe.server.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { duplicateMessage, duplicateOfPost } from './duplicate-listings.server.ts';
import { discardListingUploads, readListingSubmission } from './listing-input.server.ts';
import { LISTING_TEXT_FIELDS, type ListingTextField } from './listing-schema.ts';
import { sentPageHref } from './listing-sent.ts';
import { ownListing, submitListing, type OwnListing } from './seller-listings.server.ts';

/** Where a visitor who posted the form without JavaScript signs up: back to an empty form after. */
const NO_SCRIPT_SIGN_UP_HREF = '/signup?next=/form';

/** What /form shows: the outcome of a post without JavaScript (all empty for a GET). */
export interface ListingFormView {
  notice: Notice | null;
  /** Signed out: the sign-up link under the notice. */
  signUpHref: string | null;
  /** The deal this one repeats: its sent page, and a "post it again" box is offered. */
  duplicateHref: string | null;
  /** Every problem of a refused post, one a field (multipart names). */
  errors: Record<string, string>;
  /** The text fields as they were posted, shown again in the form. */
  typed: Partial<Record<ListingTextField, string>>;
}

const EMPTY: ListingFormView = { notice: null, signUpHref: null, duplicateHref: null, errors: {}, typed: {} };

function typedText(form: FormData): Partial<Record<ListingTextField, string>> {
  const typed: Partial<Record<ListingTextField, string>> = {};
  for (const name of LISTING_TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string' && value !== '') typed[name] = value;
  }
  return typed;
}

/**
 * /form: a GET shows the empty form; a post (the form without JavaScript) sends the deal, then
 * 303 to its sent page, or says what stopped it (the status is the API's: 401, 409, 400, 413, 429).
 */
export async function listingFormPage(page: AstroGlobal): Promise<Response | ListingFormView> {
  const { db, now, user } = page.locals;
  const view: ListingFormView = { ...EMPTY, errors: {}, typed: {} };
  let duplicateId: number | null = null;

  const posted = await formAction(page, null, async (): Promise<Result<number>> => {
    // Signed out: the body is not read, so nothing of it is kept; the answer is to sign up.
    if (!user) return fail(401, m.form_sign_up());
    const limited = await allowWrite(db, 'listing', { userId: user.id, address: clientAddressOf(page) });
    if (!limited.allowed) {
      page.response.headers.set('Retry-After', String(limited.retryAfter));
      return fail(429, slowDown());
    }
    if (Number(page.request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) return fail(413, m.form_srv_upload_too_large());
    const form = await readFormData(page.request);
    if (!form.ok) return form;
    view.typed = typedText(form.value);
    // Asked before any file is decoded or stored: a repeated deal writes nothing.
    const duplicate = await duplicateOfPost(db, user.id, form.value, now);
    if (duplicate) {
      duplicateId = duplicate.id;
      return fail(409, duplicateMessage(duplicate, now));
    }
    const input = await readListingSubmission(form.value, user.id);
    if (!input.ok) return input;
    try {
      const id = await submitListing(db, user, input.value, now);
      await discardListingUploads(form.value);
      return ok(id);
    } catch (error) {
      // The listing and its images are one transaction; its files go too, so nothing is left half-written.
      await deleteMedia(mediaStorage(), listingMedia(input.value));
      throw error;
    }
  });

  if (!posted) return view;
  if (posted.ok) return page.redirect(localHref(sentPageHref(posted.value)), 303);
  if (posted.status === 401)
    return { ...view, notice: { kind: 'error', text: posted.error }, signUpHref: localHref(NO_SCRIPT_SIGN_UP_HREF) };
  if (duplicateId !== null)
    return { ...view, notice: { kind: 'info', text: posted.error }, duplicateHref: localHref(sentPageHref(duplicateId)) };
  const errors = firstErrors(posted.fields);
  const text = Object.keys(errors).length > 0 ? m.form_sent_fix_problems() : posted.error;
  return { ...view, notice: { kind: 'error', text }, errors };
}

/** /form/sent?id=N: the signed-in owner's deal (else not found), or null when it could not be read. */
export async function sentListingPage(page: AstroGlobal): Promise<{ listing: OwnListing } | 'not-found' | null> {
  const user = requireUser(page);
  const id = parseId(page.url.searchParams.get('id'));
  if (id === null) return 'not-found';
  const { db } = page.locals;
  const found = await readOrNull('form-sent', async () => {
    const [row] = await db.select({ ownerId: listings.ownerId }).from(listings).where(eq(listings.id, id)).limit(1);
    // Only its owner sees a deal here, admins included: anyone else cannot tell it exists.
    if (!row || row.ownerId !== user.id) return 'not-found' as const;
    return (await ownListing(db, id)) ?? ('not-found' as const);
  });
  if (found === null) {
    page.response.status = 503;
    return null;
  }
  return found === 'not-found' ? found : { listing: found };
}
