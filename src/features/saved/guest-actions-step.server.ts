/**
 * The middleware step that finishes a guest's saves once they are signed in (issue 30), whichever
 * way they signed in (password, emailed code, sign-up, Telegram): every one of them ends on a GET
 * of the page the visitor came from, the first request that carries the session.
 *
 * - Deals kept on the phone are merged into the account on any signed-in page GET, then the
 *   cookie is cleared (merging twice changes nothing).
 * - A pending action (Save, "Email me new deals like these") is done on the signed-in GET of the
 *   page it sends the visitor back to (or /saved), then cleared; the page says so (finishedOn).
 *
 * Why a GET may write here: the cookie was set by the visitor's own POST (refuseCrossSiteForms
 * turns away cross-site forms before it), it is HttpOnly and signed by a key only the server has,
 * and another site cannot set it; so the write is one the browser's own visitor asked for. It only
 * ever adds (a save or a followed search), never removes. For a visitor without a session the step
 * reads nothing, so every page stays the same for every guest (the page cache keys by URL).
 */
import type { MiddlewareHandler } from 'astro';
import { isSharedPath, splitLocale } from '#platform/i18n/locales.ts';
import { PENDING_ACTION_COOKIE, PHONE_SAVES_COOKIE, finishesOn, parsePhoneSaves, recordFinished } from './guest-saves.ts';
import { finishPendingAction, mergePhoneSaves, readPendingAction } from './guest-saves.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('saved');

export const finishGuestSaves: MiddlewareHandler = async (context, next) => {
  const user = context.locals.user;
  if (!user || context.request.method !== 'GET' || isSharedPath(context.url.pathname)) return next();
  const { db, now } = context.locals;
  const phone = context.cookies.get(PHONE_SAVES_COOKIE)?.value;
  if (phone !== undefined) {
    try {
      await mergePhoneSaves(db, user.id, parsePhoneSaves(phone), now);
      context.cookies.delete(PHONE_SAVES_COOKIE, { path: '/' });
    } catch (error) {
      // Kept for the next request: the page itself must not fail for it.
      log.error({ err: error }, '[saved] could not merge the deals kept on the phone');
    }
  }
  const pending = context.cookies.get(PENDING_ACTION_COOKIE)?.value;
  if (pending !== undefined) {
    try {
      const action = await readPendingAction(db, pending, now);
      if (!action) context.cookies.delete(PENDING_ACTION_COOKIE, { path: '/' });
      else if (finishesOn(action, splitLocale(context.url.pathname).pathname)) {
        recordFinished(context.locals, await finishPendingAction(db, user.id, action, now));
        context.cookies.delete(PENDING_ACTION_COOKIE, { path: '/' });
      }
    } catch (error) {
      log.error({ err: error }, '[saved] could not finish a save asked for before signing in');
    }
  }
  return next();
};
