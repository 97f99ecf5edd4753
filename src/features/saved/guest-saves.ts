/**
 * What a signed-out visitor's Save and "Email me new deals like these" leave behind (issue 30).
 * Pure: the cookies' names and contents, read and checked here; the signing, the database and the
 * middleware step that finishes them are in guest-saves.server.ts and guest-actions-step.server.ts.
 *
 * - Deals kept on the phone: `sefer.phone_saves`, the listing ids, newest first, at most
 *   MAX_PHONE_SAVES. The visitor's own list, so it is not signed, only read strictly (anything else
 *   in it is dropped). Only /saved reads it while signed out (a page that reads a cookie is never
 *   shared, page-cookies.server.ts); cached pages never depend on it.
 * - The action waiting for a sign-in: `sefer.pending_action`, set by the guest's own POST (a form of
 *   this site: cross-site posts are refused first), signed, short-lived; finished by the server on
 *   the visitor's first signed-in GET of the page they are sent back to.
 */
import { z } from 'zod';
import { parseId } from '#platform/http/input-guards.ts';
import { safePath } from '#platform/http/safe-path.ts';
import { splitLocale } from '#platform/i18n/locales.ts';

/** The deals kept on a phone without an account. */
export const PHONE_SAVES_COOKIE = 'sefer.phone_saves';
/** Deals one phone may keep without an account. */
export const MAX_PHONE_SAVES = 50;
/** A year: the phone keeps them until the visitor signs in or removes them. */
export const PHONE_SAVES_MAX_AGE = 365 * 24 * 3600;

/** The anchor of the deal page's "Saved on this phone" line: shown by `:target`, so the cached page is the same for every guest. */
export const KEPT_ON_PHONE_ANCHOR = 'kept-on-phone';

/** The action a guest asked for, waiting for a sign-in. */
export const PENDING_ACTION_COOKIE = 'sefer.pending_action';
/** Long enough for a sign-up with an emailed code or a trip to the Telegram bot. */
export const PENDING_ACTION_SECONDS = 30 * 60;

/** The ids kept on the phone, as the cookie says: well-formed ids only, no repeats, at most MAX_PHONE_SAVES. */
export function parsePhoneSaves(value: string | undefined | null): number[] {
  const ids: number[] = [];
  for (const part of (value ?? '').slice(0, 2_000).split('.')) {
    const id = parseId(part);
    if (id !== null && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_PHONE_SAVES) break;
  }
  return ids;
}

/** The cookie's value of a list of ids (`12.7.3`: no character a cookie must escape). */
export const phoneSavesValue = (ids: readonly number[]): string => ids.slice(0, MAX_PHONE_SAVES).join('.');

/** The list with `id` kept first; `full` when the phone keeps MAX_PHONE_SAVES others already. */
export function keepOnPhone(ids: readonly number[], id: number): { ids: number[]; full: boolean } {
  if (ids.includes(id)) return { ids: [id, ...ids.filter((other) => other !== id)], full: false };
  if (ids.length >= MAX_PHONE_SAVES) return { ids: [...ids], full: true };
  return { ids: [id, ...ids], full: false };
}

/** The list without `id`. */
export const dropFromPhone = (ids: readonly number[], id: number): number[] => ids.filter((other) => other !== id);

/** A form's fields as the pending action keeps them (strings only, a bounded number of short ones). */
const fields = z.record(z.string().max(20), z.string().max(300)).refine((record) => Object.keys(record).length <= 8);

/** What waits for the sign-in: save a deal, or follow a search (its form's fields, checked again when done). */
export const pendingActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('save-deal'), listingId: z.number().int().positive(), back: z.string(), until: z.number() }),
  z.object({ kind: z.literal('save-search'), search: fields, back: z.string(), until: z.number() }),
]);
export type PendingAction = z.output<typeof pendingActionSchema>;
/** A pending action as asked for (it is given its `until` when signed). */
export type PendingRequest = PendingAction extends infer A ? (A extends PendingAction ? Omit<A, 'until'> : never) : never;

/** The path a pending action goes back to, without its language (`/am/listings/x` → `/listings/x`), or null. */
export function backPathOf(back: string): string | null {
  const safe = safePath(back, '');
  if (!safe) return null;
  const { pathname } = splitLocale(new URL(safe, 'http://sefer.invalid').pathname);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Whether a signed-in GET of `pathname` (without its language) finishes the pending action: the
 * page it sends the visitor back to (every way of signing in ends there), or /saved.
 */
export function finishesOn(action: PendingAction, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '/saved' || backPathOf(action.back) === path;
}

/** What the step did on this request, for the page to say so ("Saved"). */
export type FinishedAction =
  | { kind: 'save-deal'; listingId: number; saved: boolean }
  | { kind: 'save-search'; outcome: 'saved' | 'duplicate' | 'too_many' | 'refused' };

const finished = new WeakMap<object, FinishedAction>();

/** Records what was finished for this request (keyed by its `locals`, as route-state.ts does). */
export function recordFinished(locals: object, action: FinishedAction): void {
  finished.set(locals, action);
}

/** What the step finished on this request, if anything. */
export const finishedOn = (locals: object): FinishedAction | undefined => finished.get(locals);
