/**
 * What /saved does for a signed-out visitor (issue 30): a Save or "Email me new deals like these"
 * waits for the sign-in (a signed cookie, finished by guest-actions-step.server.ts) while the
 * visitor is sent to sign in with the reason; "Keep it on this phone" keeps the deal in a cookie;
 * /saved lists the phone's deals and removes one. saved.page.server.ts hands the guest's posts here.
 */
import type { AstroGlobal } from 'astro';
import { isHttpsRequest } from '#features/accounts/auth.server.ts';
import { signInForPath } from '#features/accounts/auth-reasons.ts';
import { Refusal, signInRedirect } from '#platform/http/http.server.ts';
import { readCookie } from '#platform/http/page-cookies.server.ts';
import { fail, ok, parseWith, type Result } from '#platform/http/result.ts';
import { safePath } from '#platform/http/safe-path.ts';
import { m } from '#paraglide/messages.js';
import { savedPageActionSchema, saveListingSchema, savedSearchSchema } from './saved.ts';
import {
  KEPT_ON_PHONE_ANCHOR,
  MAX_PHONE_SAVES,
  PENDING_ACTION_COOKIE,
  PENDING_ACTION_SECONDS,
  PHONE_SAVES_COOKIE,
  PHONE_SAVES_MAX_AGE,
  dropFromPhone,
  keepOnPhone,
  parsePhoneSaves,
  phoneSavesValue,
} from './guest-saves.ts';
import { isSavable, pendingActionValue, phoneSavedDeals, readPendingAction } from './guest-saves.server.ts';

type Values = Record<string, unknown>;

const cookieOptions = (page: AstroGlobal, maxAge: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isHttpsRequest(page.request),
  maxAge,
});

/** The fields of a saved-search form worth keeping (strings only: the schema checks them again when done). */
function searchFields(values: Values): Record<string, string> {
  const keep = ['kind', 'query', 'category', 'lat', 'lng', 'radius', 'place'];
  return Object.fromEntries(keep.flatMap((key) => (typeof values[key] === 'string' ? [[key, values[key] as string]] : [])));
}

/**
 * A signed-out visitor's Save or "Email me new deals like these": checked as a signed-in one would
 * be, kept in the signed pending-action cookie, and answered with the sign-in screen that says why
 * (at its English path, as signInRedirect: the language step puts it in the page's language, and a
 * redirect to /login is no change of data for the page cache).
 */
export async function askToSignIn(page: AstroGlobal, values: Values, intent: 'toggle' | 'save-search'): Promise<Result<Response>> {
  const { db, now } = page.locals;
  if (intent === 'toggle') {
    const input = parseWith(saveListingSchema, values);
    if (!input.ok) return input;
    const back = input.value.back;
    const value = await pendingActionValue(db, { kind: 'save-deal', listingId: input.value.listingId, back }, now);
    page.cookies.set(PENDING_ACTION_COOKIE, value, cookieOptions(page, PENDING_ACTION_SECONDS));
    return ok(page.redirect(signInForPath(back, 'save-deal'), 303));
  }
  const input = parseWith(savedSearchSchema, values);
  if (!input.ok) return input;
  const back = input.value.back;
  const value = await pendingActionValue(db, { kind: 'save-search', search: searchFields(values), back }, now);
  page.cookies.set(PENDING_ACTION_COOKIE, value, cookieOptions(page, PENDING_ACTION_SECONDS));
  return ok(page.redirect(signInForPath(back, 'save-search'), 303));
}

/**
 * "Keep it on this phone" on the sign-in screen: the deal the pending Save names goes into the
 * phone's list, and the visitor goes back to the deal, where `#kept-on-phone` says so.
 */
export async function keepPendingOnPhone(page: AstroGlobal): Promise<Result<Response>> {
  const { db, now } = page.locals;
  const action = await readPendingAction(db, readCookie(page, PENDING_ACTION_COOKIE), now);
  if (!action || action.kind !== 'save-deal') return fail(404, m.saved_pending_gone());
  if (!(await isSavable(db, action.listingId))) return fail(404, m.saved_not_savable());
  const kept = keepOnPhone(parsePhoneSaves(readCookie(page, PHONE_SAVES_COOKIE)), action.listingId);
  if (kept.full) return fail(422, m.saved_phone_full({ max: String(MAX_PHONE_SAVES) }));
  page.cookies.set(PHONE_SAVES_COOKIE, phoneSavesValue(kept.ids), cookieOptions(page, PHONE_SAVES_MAX_AGE));
  page.cookies.delete(PENDING_ACTION_COOKIE, { path: '/' });
  const back = safePath(action.back, '/saved');
  return ok(page.redirect(`${back}#${KEPT_ON_PHONE_ANCHOR}`, 303));
}

/** /saved's own buttons for a visitor: Remove takes a deal off the phone; a saved search needs an account. */
export function guestOwnAction(page: AstroGlobal, values: Values): Result<Response> {
  const input = parseWith(savedPageActionSchema, values);
  if (!input.ok) return input;
  if (input.value.action !== 'unsave') throw new Refusal(signInRedirect(page.url));
  const ids = dropFromPhone(parsePhoneSaves(readCookie(page, PHONE_SAVES_COOKIE)), input.value.listingId);
  page.cookies.set(PHONE_SAVES_COOKIE, phoneSavesValue(ids), cookieOptions(page, PHONE_SAVES_MAX_AGE));
  return ok(page.redirect('/saved?done=unsave', 303));
}

/** The deals kept on this phone, for /saved signed out (the page is then this visitor's only: readCookie). */
export function loadPhoneSaves(page: AstroGlobal) {
  return phoneSavedDeals(page.locals.db, parsePhoneSaves(readCookie(page, PHONE_SAVES_COOKIE)));
}
