/**
 * A page that read a cookie is never shared (issue 25, src/platform/http/page-cookies.server.ts): the
 * read marks the request, and the page's Cache-Control then keeps it out of the page cache, CDNs and
 * the offline worker, whatever the page asked for.
 */
import type { AstroCookies } from 'astro';
import { describe, expect, it } from 'vitest';
import { isShareable } from '#platform/cache/page-cache.server.ts';
import { publicCacheControl } from '#platform/cache/front-cache.server.ts';
import { cookieReaderCacheControl, readCookie } from './page-cookies.server.ts';

/** The two things readCookie uses of Astro's page context, with the request's cookies. */
function astro(cookies: Record<string, string>) {
  const jar = { get: (name: string) => (name in cookies ? { value: cookies[name] } : undefined) } as unknown as AstroCookies;
  return { cookies: jar, locals: {} as App.Locals };
}

const page = (cacheControl: string | null) =>
  new Response('<p>Remembered on this device: አማርኛ.</p>', {
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...(cacheControl ? { 'Cache-Control': cacheControl } : {}) },
  });

describe('cookies read by a page', () => {
  it("gives the cookie's value and marks the page as this visitor's", () => {
    const context = astro({ sefer_lang: 'am' });
    expect(context.locals.cookieRead).toBeUndefined();
    expect(readCookie(context, 'sefer_lang')).toBe('am');
    expect(context.locals.cookieRead).toBe(true);
  });

  it('marks the page even when the visitor has no such cookie: the page without it is not for everyone either', () => {
    const context = astro({});
    expect(readCookie(context, 'sefer_lite')).toBeUndefined();
    expect(context.locals.cookieRead).toBe(true);
  });

  it('answers such a page private, so that no shared cache keeps it', () => {
    for (const asked of [null, publicCacheControl(30), 'max-age=60']) {
      const cacheControl = cookieReaderCacheControl(asked);
      expect(cacheControl, String(asked)).toBe('private, max-age=0');
      expect(isShareable(page(cacheControl)), String(asked)).toBe(false);
    }
    // What the page would have been without the cookie: shared.
    expect(isShareable(page(publicCacheControl(30)))).toBe(true);
  });

  it('keeps a stricter policy the page set itself', () => {
    expect(cookieReaderCacheControl('no-store')).toBe('no-store');
    expect(cookieReaderCacheControl('private, no-store')).toBe('private, no-store');
  });
});
