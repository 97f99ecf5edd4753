import type { MiddlewareHandler } from 'astro';
import { changedData } from '#platform/cache/page-cache.server.ts';
import { storedPageFor } from '#platform/cache/front-cache.server.ts';
import { Refusal } from '../http.server.ts';
import { RETRY_AFTER_SECONDS } from '../safe.server.ts';
import { pageCache, writesNoPage } from './page-store.server.ts';
import { routeState } from './route-state.ts';

/**
 * The last step: the route (at its path without the language, or the page that replaces it), or
 * the page from the cache of rendered pages when the visitor is not signed in (page-cache.server.ts);
 * a write that changed data empties that cache. The server in front of Astro (scripts/start.mjs)
 * answers most hits before this runs; this one serves the rest (a stale session cookie, the dev
 * server). A guard or reader of the route toolkit that stopped the request gives its answer.
 */
export const renderPage: MiddlewareHandler = async (context, next) => {
  const state = routeState(context);
  try {
    if (state.replacement) return withRetryAfter(await next(state.replacement));
    return withRetryAfter(
      await fromPageCache(context.request.method, context.url, Boolean(context.locals.user), context.locals.lite, () => next(state.target)),
    );
  } catch (error) {
    if (error instanceof Refusal) return withRetryAfter(error.response);
    throw error;
  }
};

/**
 * Every 503 tells the client when to come back (issue 32): a page or API answer that could not read
 * what it shows says so with `Retry-After`, as the starting and load-shedding answers do, and is
 * never kept by a browser or a proxy.
 */
export function withRetryAfter(response: Response): Response {
  if (response.status !== 503 || response.headers.has('Retry-After')) return response;
  try {
    response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } catch {
    // Immutable headers (a fetched response passed through): a copy carries them.
    const copy = new Response(response.body, response);
    copy.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
    copy.headers.set('Cache-Control', 'no-store');
    return copy;
  }
}

async function fromPageCache(method: string, url: URL, signedIn: boolean, lite: boolean, next: () => Promise<Response>): Promise<Response> {
  const pages = pageCache();
  // A busy bot or many sign-ins must not keep the cache empty.
  if (writesNoPage(url.pathname)) return next();
  if (method !== 'GET' && method !== 'HEAD') return pages.write(next, changedData);
  const hit = storedPageFor(pages, { method, url, signedIn, lite });
  if (hit)
    return new Response(pages.plainBody(hit) as Uint8Array<ArrayBuffer>, {
      status: hit.status,
      headers: [...hit.headers, ['X-Page-Cache', 'hit']],
    });
  return next();
}
