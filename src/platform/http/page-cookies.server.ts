/**
 * Cookies read while a page renders (issue 25). A page whose body depends on a cookie (the
 * language the visitor chose, their lite-mode choice, a sign-in flow's state) differs between two
 * visitors of the same URL, while the page cache keys pages by URL and lite mode only
 * (front-cache.server.ts), as a CDN would. So such a page is never shared: reading a cookie
 * through here marks the request, and the middleware answers it `private` — which the page cache
 * (isShareable), CDNs and the offline worker all honour. Pages and components read cookies only
 * through here (eslint.config.js refuses `Astro.cookies.get` and the raw `Cookie` header in .astro files).
 *
 * Keying the cache by the cookie's value instead was weighed: the front cache answers before any
 * page runs, so it would need to know which cookies each URL reads; a missed one shares a page
 * again. These pages are few and cheap, so they are simply not cached.
 */
import type { AstroCookies } from 'astro';

/** The value of cookie `name` for the page being rendered; the page is then for this visitor only. */
export function readCookie(astro: { cookies: AstroCookies; locals: App.Locals }, name: string): string | undefined {
  astro.locals.cookieRead = true;
  return astro.cookies.get(name)?.value;
}

/**
 * The Cache-Control of a page whose render read a cookie: kept by the visitor's own browser at most,
 * never by a shared cache. A stricter policy the page set itself (`no-store`) stays.
 */
export function cookieReaderCacheControl(cacheControl: string | null): string {
  return cacheControl && /\b(private|no-store)\b/i.test(cacheControl) ? cacheControl : 'private, max-age=0';
}
