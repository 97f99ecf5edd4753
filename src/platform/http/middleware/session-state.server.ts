import type { MiddlewareHandler } from 'astro';
import { SESSION_STATE_HEADER } from '#platform/cache/front-cache.server.ts';
import { signedInAfter, stateCookieChange } from '#platform/cache/session-state.ts';
import { config } from '#platform/config/config.server.ts';
import { isCachedPage, isPage } from './page-store.server.ts';

/**
 * Whether the visitor is signed in, on every page: the offline worker forgets the saved deals on
 * the first page that says signed-out, however the session ended. Kept pages say signed-out.
 * Every answer also keeps the readable state cookie (session-state.ts) in step with the session it
 * leaves behind: set by the answer that signs in (or the first signed-in one without it), dropped
 * by the one that signs out (or the first one after the session ended), so a page brought back by
 * the back button can tell it was rendered for the other state.
 */
export const sessionState: MiddlewareHandler = async (context, next) => {
  let response = await next();
  // The state the answer leaves: the page that signs in (its visitor was nobody yet) says signed-in.
  const after = signedInAfter(Boolean(context.locals.user), response.headers.getSetCookie());
  if (!isCachedPage(response) && isPage(response)) response.headers.set(SESSION_STATE_HEADER, after ? 'signed-in' : 'signed-out');
  const change = stateCookieChange(after, context.request.headers.get('Cookie'), secureRequest(context.request));
  if (!change) return response;
  try {
    response.headers.append('Set-Cookie', change);
  } catch {
    // Headers that cannot change (Response.redirect, a fetched answer): the same answer, changeable.
    response = new Response(response.body, response);
    response.headers.append('Set-Cookie', change);
  }
  return response;
};

/** Whether the visitor reached us over HTTPS (SITE_URL, the request, or a trusted proxy says so). */
function secureRequest(request: Request): boolean {
  if (config().siteUrl.startsWith('https://') || new URL(request.url).protocol === 'https:') return true;
  return config().trustProxy && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}
