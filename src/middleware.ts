import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { database, isDatabaseUnavailable, readyDatabase } from './platform/db/db.server.ts';
import { requestClock } from './platform/config/clock.server.ts';
import { currentUser } from './features/accounts/users.server.ts';
import { clerkFormOrigins } from './features/accounts/clerk.server.ts';
import { config } from './platform/config/config.server.ts';
import { changedData, isShareable, PageCache, preparePage } from './platform/cache/page-cache.server.ts';
import {
  answerFromCache,
  cacheControlForChoice,
  PAGE_VARY,
  pageKey,
  publicCacheControl,
  SESSION_STATE_HEADER,
  storedPageFor,
} from './platform/cache/front-cache.server.ts';
import { cookieReaderCacheControl } from './platform/http/page-cookies.server.ts';
import { liteMode, type LiteDecision } from './platform/cache/lite-mode.ts';
import { syncPageCache } from './platform/cache/page-cache-sync.server.ts';
import { withPageCss } from './platform/cache/page-css.server.ts';
import { withOnlyPageScripts } from './platform/cache/page-scripts.server.ts';
import { notAvailable } from './platform/http/safe.server.ts';
import { Refusal } from './platform/http/http.server.ts';
import { ADMINS_ONLY_PAGE, pageGuard } from './features/accounts/protected-pages.server.ts';
import { FALLBACK_CSP, withFormTargets, withMediaOrigin } from './platform/http/csp.mjs';
import { mediaOrigin } from './features/media/media-urls.ts';
import { paymentFormOrigins } from './features/payments/payments.server.ts';
import { countFrontView, countPageView, viewedListing } from './features/listings/statistics/view-counting.server.ts';
import { crossSiteFormRefusal } from './platform/http/origin-check.server.ts';
import { TELEGRAM_LINK_ORIGIN } from './features/accounts/telegram-login/telegram-login.ts';
import { baseLocale } from './platform/i18n/locales.ts';
import { inLocale, isUnlocalizable, localizedRedirect, requestLocale } from './platform/i18n/locale.server.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
  // Pages get Astro's policy (with the inline scripts' hashes); this one covers every other response.
  'Content-Security-Policy': FALLBACK_CSP,
};

/**
 * While the database is first opened (migrations, the first start's seed) every request is told to
 * come back soon instead of waiting; once it is open, a database that becomes unreachable turns any
 * request into a friendly 503, never a 500 or an empty body.
 */
export const onRequest = defineMiddleware((context, next) => {
  // Astro's checkOrigin is off (astro.config.mjs): the same check, with one-click unsubscribe let through.
  const refused = crossSiteFormRefusal(context.request, context.url);
  if (refused) return refused;
  // /am/… is the same route as /… in Amharic: the page is rendered at its English path (a rewrite),
  // with the locale set for every message, and its redirects stay in Amharic.
  const { locale, pathname } = requestLocale(context.url, context.request.headers);
  context.locals.locale = locale;
  const prefixed = pathname !== context.url.pathname;
  const target = !prefixed ? undefined : isUnlocalizable(pathname) ? '/404' : `${pathname}${context.url.search}`;
  const route: typeof next = (payload) => next(payload ?? target);
  return inLocale(locale, async () => localizedRedirect(await guarded(context, route, pathname), locale));
});

async function guarded(context: Parameters<typeof serve>[0], next: Parameters<typeof serve>[1], pathname: string): Promise<Response> {
  if (!readyDatabase()) return notAvailable('starting', context.url);
  try {
    return (await serve(context, next, pathname)) ?? (await next());
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`[db] unavailable for ${context.request.method} ${context.url.pathname}: ${(error as Error).message}`);
    return notAvailable('down', context.url);
  }
}

async function serve(context: APIContext, next: MiddlewareNext, pathname: string): Promise<Response> {
  context.locals.db = await database();
  context.locals.now = requestClock();
  // Lite mode decides the body, so it is decided first: the page cache keeps both bodies apart.
  const lite = liteMode(context.request.headers.get('save-data'), context.request.headers.get('cookie'));
  context.locals.lite = lite.lite;
  const user = await currentUser(context.locals.db, context.request);
  if (user instanceof Response) return user;
  context.locals.user = user;
  const pages = pageCache();
  // Protected pages (protected-pages.server.ts): no page code runs for a visitor or a non-admin.
  const guard = pageGuard(new URL(`${pathname}${context.url.search}`, context.url), user);
  const generation = pages.generation;
  let response =
    guard instanceof Response
      ? guard
      : await refusalsAnswered(
          guard === 'admins-only' ? next(ADMINS_ONLY_PAGE) : render(context.request.method, context.url, Boolean(user), lite.lite, next),
        );
  // A listing page's view, counted whether the page came from the cache or was rendered.
  await countPageView(context, pathname, response);
  // A cached page was stored with every header below already set.
  if (response.headers.get('X-Page-Cache') === 'hit') return forLiteChoice(response, lite);
  if (context.request.method === 'GET' && response.headers.get('Content-Type')?.startsWith('text/html'))
    response = await withItsOwnCss(response);
  if (context.locals.user && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'private, no-store');
  }
  // A page that read a cookie is this visitor's (page-cookies.server.ts): never shared, never kept.
  if (context.locals.cookieRead && isPage(response))
    response.headers.set('Cache-Control', cookieReaderCacheControl(response.headers.get('Cache-Control')));
  // Whether the visitor is signed in, on every page: the offline worker forgets the saved deals on
  // the first page that says signed-out, however the session ended. Kept pages say signed-out.
  if (isPage(response)) response.headers.set(SESSION_STATE_HEADER, user ? 'signed-in' : 'signed-out');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  const policy = response.headers.get('Content-Security-Policy');
  if (policy) response.headers.set('Content-Security-Policy', withMediaOrigin(withFormTargets(policy, formTargets()), mediaOrigin()));
  if (context.locals.locale !== baseLocale) response.headers.set('Content-Language', context.locals.locale);
  const shared = guard === 'pass' && !user && context.request.method === 'GET' && !writesNoPage(context.url.pathname);
  if (isPage(response)) response.headers.set('Vary', withSaveData(response.headers.get('Vary')));
  // Marked public even when the cache is off: the offline worker keeps only what is marked so.
  if (shared && isShareable(response))
    response = pages.enabled ? await keep(pages, context.url, pathname, response, generation, lite.lite) : markedPublic(response);
  return forLiteChoice(response, lite);
}

const isPage = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false;
/** Every page's body may differ with `Save-Data` (lite mode): caches are told, whatever else varies. */
const withSaveData = (vary: string | null) => (vary && !/save-data/i.test(vary) ? `${vary}, Save-Data` : (vary ?? 'Save-Data'));

/** A page whose body the visitor's lite cookie chose is not for shared caches (front-cache.server.ts). */
function forLiteChoice(response: Response, lite: LiteDecision): Response {
  const cacheControl = cacheControlForChoice(response.headers.get('Cache-Control'), lite.chosen);
  if (cacheControl && isPage(response)) response.headers.set('Cache-Control', cacheControl);
  return response;
}

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
  pathname: string,
  response: Response,
  generation: number,
  lite: boolean,
): Promise<Response> {
  response.headers.set('Cache-Control', publicCacheControl(config().pageCacheSeconds));
  response.headers.set('Vary', PAGE_VARY);
  const html = await response.text();
  const page = await preparePage(response.status, [], html, viewedListing(pathname));
  response.headers.set('ETag', page.etag);
  page.headers = [...response.headers];
  pages.set(pageKey(url, lite), page, generation);
  return new Response(page.body as Uint8Array<ArrayBuffer>, {
    status: response.status,
    headers: [...page.headers, ['X-Page-Cache', 'miss']],
  });
}

/**
 * A page with only the CSS it uses (page-css.server.ts) and a policy naming only its own inline
 * scripts (page-scripts.server.ts): read whole, as the cache does anyway.
 */
async function withItsOwnCss(response: Response): Promise<Response> {
  const html = await withPageCss(await response.text());
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  const policy = headers.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', withOnlyPageScripts(policy, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Where forms may lead besides this site: the payment provider's hosted page, and t.me for
 * "Continue with Telegram" (its form is answered with a redirect to the bot).
 */
function formTargets(): string[] {
  const clerk = config().clerk;
  return [
    ...paymentFormOrigins(),
    ...(config().telegram ? [TELEGRAM_LINK_ORIGIN] : []),
    ...(clerk ? clerkFormOrigins(clerk.publishableKey) : []),
  ];
}

/** The route's response; a guard or reader of the route toolkit that stopped the request gives its answer. */
async function refusalsAnswered(rendering: Promise<Response>): Promise<Response> {
  try {
    return await rendering;
  } catch (error) {
    if (error instanceof Refusal) return error.response;
    throw error;
  }
}

let cache: PageCache | undefined;
function pageCache(): PageCache {
  if (cache) return cache;
  cache = new PageCache(config().pageCacheSeconds * 1000);
  // With PostgreSQL, every process's cache is emptied by any process's write.
  syncPageCache(cache);
  return cache;
}
/** Writes that change nothing a page shows: the bot's updates and "Continue with Telegram" presses. */
const writesNoPage = (pathname: string) => pathname === '/api/telegram/webhook' || /^(\/[a-z]{2})?\/telegram\/start$/.test(pathname);

/**
 * The page, from the cache of rendered pages when the visitor is not signed in (see
 * page-cache.server.ts); a write that changed data empties that cache. The server in front of Astro
 * (scripts/start.mjs) answers most hits before this runs; this one serves the rest (a stale
 * session cookie, the dev server).
 */
async function render(method: string, url: URL, signedIn: boolean, lite: boolean, next: () => Promise<Response>): Promise<Response> {
  const pages = pageCache();
  // A busy bot or many sign-ins must not keep the cache empty.
  if (writesNoPage(url.pathname)) return next();
  if (method !== 'GET' && method !== 'HEAD') return pages.write(next, changedData);
  const hit = storedPageFor(pages, { method, url, signedIn, lite });
  if (hit)
    return new Response(hit.body as Uint8Array<ArrayBuffer>, { status: hit.status, headers: [...hit.headers, ['X-Page-Cache', 'hit']] });
  return next();
}

// Node's HTTP server (scripts/start.mjs) asks here first: a cached page is answered without Astro.
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.frontCache')] = (request: IncomingMessage, response: ServerResponse) =>
  readyDatabase() !== undefined && answerFromCache(pageCache(), request, response, { onView: countFrontView });
