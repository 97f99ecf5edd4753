import { describe, expect, it } from 'vitest';
import { storedPageFor } from '#platform/cache/front-cache.server.ts';
import { keepPublicPages } from './keep-public-pages.server.ts';
import { pageCache } from './page-store.server.ts';
import { routeState } from './route-state.ts';
import { cachedPage, fakeContext, fakeNext, htmlPage, run, someUser } from './step-test-kit.ts';

const step = keepPublicPages({ viewedListing: (pathname) => (pathname === '/listings/7' ? 7 : null) });

describe('keepPublicPages', () => {
  it("keeps a visitor's public page, marked public, and answers it with the cache's headers", async () => {
    const url = 'http://localhost:4321/am/listings/7';
    const context = fakeContext({ url });
    routeState(context).pathname = '/listings/7';
    const response = await run(step, context, fakeNext(htmlPage('<p>seven</p>')));
    // Shared caches may keep it; a browser never shows it without asking (no stale-while-revalidate),
    // and asks afresh once its cookies changed (a sign-in), even on the back button (issue 30).
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=30');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding, Save-Data, Cookie');
    expect(response.headers.get('ETag')).toBeTruthy();
    expect(response.headers.get('X-Page-Cache')).toBe('miss');
    expect(await response.text()).toBe('<p>seven</p>');
    const kept = storedPageFor(pageCache(), { method: 'GET', url: new URL(url), signedIn: false, lite: false });
    expect(kept?.viewOf).toBe(7);
    // This process keeps it until a write or the clock changes it (at most PAGE_KEEP_SECONDS, 10
    // minutes); a shared cache, which hears of no change, only for PAGE_CACHE_SECONDS.
    expect(pageCache().ttlMs).toBe(600_000);
  });

  it("never keeps a signed-in user's page, a guarded page, a write, a private page or a cached one", async () => {
    const cases = [
      fakeContext({ url: 'http://localhost:4321/a', locals: { user: someUser() } }),
      fakeContext({ url: 'http://localhost:4321/b', method: 'POST' }),
      fakeContext({ url: 'http://localhost:4321/telegram/start' }),
    ];
    const guarded = fakeContext({ url: 'http://localhost:4321/c' });
    routeState(guarded).guard = 'admins-only';
    for (const context of [...cases, guarded]) {
      const response = await run(step, context, fakeNext(htmlPage()));
      expect(response.headers.get('Cache-Control')).toBeNull();
      expect(storedPageFor(pageCache(), { method: 'GET', url: context.url, signedIn: false, lite: false })).toBeUndefined();
    }
    const own = await run(
      step,
      fakeContext({ url: 'http://localhost:4321/d' }),
      fakeNext(htmlPage(undefined, { 'Cache-Control': 'private, no-store' })),
    );
    expect(own.headers.get('Cache-Control')).toBe('private, no-store');
    const hit = await run(step, fakeContext({ url: 'http://localhost:4321/e' }), fakeNext(cachedPage()));
    expect(hit.headers.get('Cache-Control')).toBeNull();
  });
});
