/**
 * Cached pages answered straight from Node's HTTP server (scripts/start.mjs), before Astro's
 * pipeline runs: measured, a cache hit that went through Astro and compressed the page again
 * served about a ninth of what nginx serves from a precompressed file (BENCHMARKS.md, issue 16).
 *
 * Only GET and HEAD of a visitor without a session cookie; everything else goes on to Astro,
 * where the middleware fills the cache (page-cache.server.ts decides what may be kept).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedPage, PageCache } from './page-cache.server.ts';
import { liteMode, type LiteDecision } from './lite-mode.ts';
import { counter } from '#platform/metrics/metrics.server.ts';
import { currentRequest } from '#platform/log/request-context.server.ts';

/** Page-cache lookups, by where (`front`: here, before Astro; `app`: in the middleware) and result. */
const lookups = () =>
  counter('sefer_page_cache_lookups_total', {
    help: 'Page-cache lookups, by layer (front, app) and result (hit, miss)',
    labelNames: ['layer', 'result'],
  });

/**
 * Cookies that may carry a signed-in session (better-auth's, with or without `__Secure-`; Clerk's),
 * and the readable state cookie (session-state.ts): a visitor still holding it after the session
 * ended goes on to Astro once, which drops it.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?(?:sefer\.session_token|__session|__client_uat)|sefer_state)=/;

/**
 * Says on every page whether its visitor is signed in (`signed-in` or `signed-out`), for the offline
 * worker: it forgets the saved deals on the first page that says signed-out, however the session
 * ended (decision 23). Cached pages are all signed-out visitors' and were stored saying so.
 */
export const SESSION_STATE_HEADER = 'X-Sefer-Session';

/**
 * The key of a request's page: its path and query, as the middleware sees them, and whether it is
 * the lite page (lite-mode.ts): the same URL has two bodies.
 */
export function pageKey(url: URL, lite: boolean): string {
  return `${lite ? 'lite:' : ''}${url.pathname}${withoutTracking(url.search)}`;
}

/**
 * Query parameters that only tell an analytics tool where a visitor came from (a link shared on
 * Telegram or Facebook carries them); no page reads them, so the page is the same without them.
 */
const TRACKING_PARAMETER =
  /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|ref_src)$/i;

/** A query string without tracking parameters (the others kept as they were, in their order). */
export function withoutTracking(search: string): string {
  if (!search.includes('=')) return search;
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // kept as typed
      }
      return !TRACKING_PARAMETER.test(decoded);
    });
  return kept.length ? `?${kept.join('&')}` : '';
}

/**
 * What a public page's body depends on besides its URL: the encoding, `Save-Data` (lite mode), and
 * the cookies, for the browser: a signed-out page kept in its HTTP cache is asked for again, not
 * shown as it is, once the cookies changed (a sign-in), even on the back button (history
 * navigations skip revalidation otherwise; measured in Chromium, issue 30). Neither this cache nor
 * nginx reads `Vary` (both key by URL and pass signed-in visitors on), so their hit rates stay.
 */
export const PAGE_VARY = 'Accept-Encoding, Save-Data, Cookie';

/**
 * The stored page for a request that reached Astro (a stale session cookie, the dev server): only
 * a GET of a visitor who is not signed in gets one; a signed-in visitor's page is always rendered.
 */
export function storedPageFor(
  cache: PageCache,
  request: { method: string; url: URL; signedIn: boolean; lite: boolean },
): CachedPage | undefined {
  if (request.method !== 'GET' || request.signedIn || !cache.enabled) return undefined;
  const page = cache.get(pageKey(request.url, request.lite));
  lookups().inc({ layer: 'app', result: page ? 'hit' : 'miss' });
  return page;
}

/** Lite mode for a request that reached Node's server (the middleware reads the same two headers). */
export function liteOfRequest(request: IncomingMessage): LiteDecision {
  const saveData = request.headers['save-data'];
  return liteMode(Array.isArray(saveData) ? saveData.join(';') : saveData, request.headers.cookie);
}

/**
 * The Cache-Control of a page answered to a visitor whose lite cookie chose its body: many CDNs
 * ignore `Vary: Cookie` (PAGE_VARY), so a shared cache must not keep it; the visitor's own browser may.
 */
export function cacheControlForChoice(cacheControl: string | null, chosen: boolean): string | null {
  return chosen && cacheControl?.startsWith('public') ? 'private, max-age=0' : cacheControl;
}

/** The encoding to send: brotli, else gzip, else none (an explicit `;q=0` refuses one). */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * A public page: shared caches (a CDN) may keep it for `ttlSeconds`; a browser asks every time (a
 * 304 when unchanged). No `stale-while-revalidate`: it applies to every cache, and a browser's
 * fetch from the offline worker honours it, so a seller who had just signed in was shown the
 * signed-out page kept a minute before (issue 30, measured in Chromium).
 */
export function publicCacheControl(ttlSeconds: number): string {
  return `public, max-age=0, s-maxage=${ttlSeconds}`;
}

/** Whether the validator a client holds matches (weak comparison, as If-None-Match asks). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

export interface FrontCacheOptions {
  /** A hit on a listing's detail page: count the view (view-counting.server.ts). */
  onView?: (listingId: number, request: IncomingMessage) => void;
}

/**
 * Answers `request` from the cache when it can: true when it did. The answer carries the headers
 * the page had when rendered (security headers, CSP, language), the best encoding the client
 * accepts, `Vary: Accept-Encoding, Save-Data` (as stored), the ETag, and `304 Not Modified` for a validator that matches.
 */
export function answerFromCache(
  cache: PageCache,
  request: IncomingMessage,
  response: ServerResponse,
  options: FrontCacheOptions = {},
): boolean {
  if (!cache.enabled || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  if (SESSION_COOKIE.test(request.headers.cookie ?? '')) return false;
  let url: URL;
  try {
    url = new URL(request.url ?? '/', 'http://sefer.invalid');
  } catch {
    return false;
  }
  const lite = liteOfRequest(request);
  const page = cache.get(pageKey(url, lite.lite));
  lookups().inc({ layer: 'front', result: page ? 'hit' : 'miss' });
  if (!page) return false;
  const info = currentRequest();
  if (info) {
    info.route = page.route;
    info.cache = 'hit';
  }
  if (request.method === 'GET' && page.viewOf !== null) options.onView?.(page.viewOf, request);
  send(cache, page, request, response, lite.chosen);
  return true;
}

function send(cache: PageCache, page: CachedPage, request: IncomingMessage, response: ServerResponse, liteChosen: boolean): void {
  for (const [name, value] of page.headers) {
    if (!/^(content-length|content-encoding|transfer-encoding|x-page-cache)$/i.test(name)) response.appendHeader(name, value);
  }
  const cacheControl = cacheControlForChoice(page.headers.find(([name]) => /^cache-control$/i.test(name))?.[1] ?? null, liteChosen);
  if (cacheControl) response.setHeader('Cache-Control', cacheControl);
  response.setHeader('X-Page-Cache', 'hit');
  if (notModified(request.headers['if-none-match'], page.etag)) {
    response.writeHead(304);
    response.end();
    return;
  }
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  const body = encoding ? cache.encodedBody(page, encoding) : cache.plainBody(page);
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.writeHead(page.status);
  response.end(request.method === 'HEAD' ? undefined : body);
}
