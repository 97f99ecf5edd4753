import type { MiddlewareHandler } from 'astro';
import { config } from '#platform/config/config.server.ts';
import { isShareable, preparePage, type PageCache, type RenderStamp } from '#platform/cache/page-cache.server.ts';
import { chosenEncoding, PAGE_VARY, pageKey, publicCacheControl } from '#platform/cache/front-cache.server.ts';
import { recordingRender, type RenderRecord } from '#platform/cache/page-dependencies.server.ts';
import { isCachedPage, pageCache, pageHtml, writesNoPage } from './page-store.server.ts';
import { routeState } from './route-state.ts';
import { currentRequest } from '#platform/log/request-context.server.ts';

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
    // What the page shows is recorded as it renders (the tables it reads, the listings it lists).
    const { result: response, record } = await recordingRender(() => next());
    if (isCachedPage(response)) return response;
    const state = routeState(context);
    const shared =
      state.guard === 'pass' && !context.locals.user && context.request.method === 'GET' && !writesNoPage(context.url.pathname);
    if (!shared || !isShareable(response)) return response;
    if (!pages.enabled) return markedPublic(response);
    const encoding = chosenEncoding(context.request.headers.get('accept-encoding') ?? undefined);
    return keep(
      pages,
      { url: context.url, lite: context.locals.lite, encoding },
      response,
      generation,
      record,
      viewedListing(state.pathname),
    );
  };

/** A public page with the page cache off (PAGE_CACHE_SECONDS=0): the headers keep() gives, nothing stored. */
function markedPublic(response: Response): Response {
  response.headers.set('Cache-Control', publicCacheControl(config().pageCacheSeconds));
  response.headers.set('Vary', PAGE_VARY);
  return response;
}

/**
 * Stores a public page as it is answered (every header set), with the tags of what it shows, and
 * answers it with the same headers the cache will give it (a CDN may keep it for the cache's
 * lifetime), compressed once for its visitor: the server in front does not compress it again.
 */
async function keep(
  pages: PageCache,
  request: { url: URL; lite: boolean; encoding: 'br' | 'gzip' | null },
  response: Response,
  generation: RenderStamp,
  record: RenderRecord,
  listing: number | null,
): Promise<Response> {
  response.headers.set('Cache-Control', publicCacheControl(config().pageCacheSeconds));
  response.headers.set('Vary', PAGE_VARY);
  // A measurement of this render only (Server-Timing): not for the visitors the cache serves later.
  response.headers.delete('Server-Timing');
  const html = pageHtml.get(response) ?? Buffer.from(await response.arrayBuffer());
  const page = await preparePage(response.status, [], html, listing, {
    encoding: request.encoding,
    tags: record.tags,
    changesIn: record.changesIn,
  });
  response.headers.set('ETag', page.etag);
  page.headers = [...response.headers];
  page.route = currentRequest()?.route;
  pages.set(pageKey(request.url, request.lite), page, generation);
  const encoded = request.encoding ? page.encoded[request.encoding]!.bytes : html;
  const headers = new Headers(page.headers);
  headers.set('X-Page-Cache', 'miss');
  if (request.encoding) headers.set('Content-Encoding', request.encoding);
  headers.set('Content-Length', String(encoded.length));
  const answer = new Response(encoded as Uint8Array<ArrayBuffer>, { status: response.status, headers });
  // A rewrite (/discounts is home) runs these steps again around this answer: they read its HTML here.
  pageHtml.set(answer, html);
  return answer;
}
