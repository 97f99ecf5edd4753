import type { MiddlewareHandler } from 'astro';
import { config } from '#platform/config/config.server.ts';
import { isShareable, preparePage, type PageCache } from '#platform/cache/page-cache.server.ts';
import { PAGE_VARY, pageKey, publicCacheControl } from '#platform/cache/front-cache.server.ts';
import { isCachedPage, pageCache, writesNoPage } from './page-store.server.ts';
import { routeState } from './route-state.ts';

/** The listing whose detail page a path (without its language) is, or null (listings gives it). */
export type ViewedListing = (pathname: string) => number | null;

/**
 * A page every visitor who is not signed in gets alike is marked public and kept in the page cache
 * (page-cache.server.ts) as it is answered, every header set by the steps after this one. Marked
 * public even when the cache is off: the offline worker keeps only what is marked so.
 */
export const keepPublicPages =
  ({ viewedListing }: { viewedListing: ViewedListing }): MiddlewareHandler =>
  async (context, next) => {
    const pages = pageCache();
    // Taken before the page is rendered: a write meanwhile keeps it out of the cache.
    const generation = pages.generation;
    const response = await next();
    if (isCachedPage(response)) return response;
    const state = routeState(context);
    const shared =
      state.guard === 'pass' && !context.locals.user && context.request.method === 'GET' && !writesNoPage(context.url.pathname);
    if (!shared || !isShareable(response)) return response;
    if (!pages.enabled) return markedPublic(response);
    return keep(pages, context.url, response, generation, context.locals.lite, viewedListing(state.pathname));
  };

/** A public page with the page cache off (PAGE_CACHE_SECONDS=0): the headers keep() gives, nothing stored. */
function markedPublic(response: Response): Response {
  response.headers.set('Cache-Control', publicCacheControl(config().pageCacheSeconds));
  response.headers.set('Vary', PAGE_VARY);
  return response;
}

/**
 * Stores a public page as it is answered (every header set), compressed once, and answers it with
 * the same headers the cache will give it: a CDN may keep it for the cache's lifetime.
 */
async function keep(
  pages: PageCache,
  url: URL,
  response: Response,
  generation: number,
  lite: boolean,
  listing: number | null,
): Promise<Response> {
  response.headers.set('Cache-Control', publicCacheControl(config().pageCacheSeconds));
  response.headers.set('Vary', PAGE_VARY);
  const html = await response.text();
  const page = await preparePage(response.status, [], html, listing);
  response.headers.set('ETag', page.etag);
  page.headers = [...response.headers];
  pages.set(pageKey(url, lite), page, generation);
  return new Response(page.body as Uint8Array<ArrayBuffer>, {
    status: response.status,
    headers: [...page.headers, ['X-Page-Cache', 'miss']],
  });
}
