import type { MiddlewareHandler } from 'astro';
import { SESSION_STATE_HEADER } from '#platform/cache/front-cache.server.ts';
import { isCachedPage, isPage } from './page-store.server.ts';

/**
 * Whether the visitor is signed in, on every page: the offline worker forgets the saved deals on
 * the first page that says signed-out, however the session ended. Kept pages say signed-out.
 */
export const sessionState: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (!isCachedPage(response) && isPage(response))
    response.headers.set(SESSION_STATE_HEADER, context.locals.user ? 'signed-in' : 'signed-out');
  return response;
};
