import { describe, expect, it } from 'vitest';
import { preparePage } from '#platform/cache/page-cache.server.ts';
import { pageKey } from '#platform/cache/front-cache.server.ts';
import { EVERY_PAGE, pagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { Refusal } from '../http.server.ts';
import { renderPage } from './render-page.server.ts';
import { pageCache } from './page-store.server.ts';
import { routeState } from './route-state.ts';
import { fakeContext, fakeNext, htmlPage, run, someUser } from './step-test-kit.ts';

async function keepPage(url: string, body: string) {
  const pages = pageCache();
  pages.set(pageKey(new URL(url), false), await preparePage(200, [['Content-Type', 'text/html']], body), pages.generation);
}

describe('renderPage', () => {
  it('every 503 carries Retry-After and no-store; one that says its own wait keeps it; other answers are left alone', async () => {
    const down = await run(
      renderPage,
      fakeContext({ url: 'http://localhost:4321/daily-discounts' }),
      fakeNext(new Response('x', { status: 503 })),
    );
    expect(down.headers.get('Retry-After')).toBe('5');
    expect(down.headers.get('Cache-Control')).toBe('no-store');
    const own = new Response('x', { status: 503, headers: { 'Retry-After': '60' } });
    expect((await run(renderPage, fakeContext({ url: 'http://localhost:4321/a' }), fakeNext(own))).headers.get('Retry-After')).toBe('60');
    const fine = await run(renderPage, fakeContext({ url: 'http://localhost:4321/b' }), fakeNext(htmlPage('<p>ok</p>')));
    expect(fine.headers.has('Retry-After')).toBe(false);
    const frozen = await fetch('data:text/plain,x').then((r) => Object.defineProperty(r, 'status', { value: 503 }));
    const copied = await run(renderPage, fakeContext({ url: 'http://localhost:4321/c' }), fakeNext(frozen));
    expect(copied.headers.get('Retry-After')).toBe('5');
  });

  it('renders the route at its path without the language (the rewrite), or the page that replaces it', async () => {
    const context = fakeContext({ url: 'http://localhost:4321/am/about' });
    routeState(context).target = '/about';
    const next = fakeNext();
    await run(renderPage, context, next);
    expect(next.calls).toEqual([['/about']]);
    const admin = fakeContext({ url: 'http://localhost:4321/am/admin' });
    Object.assign(routeState(admin), { target: '/admin', replacement: '/admins-only' });
    const replaced = fakeNext();
    await run(renderPage, admin, replaced);
    expect(replaced.calls).toEqual([['/admins-only']]);
  });

  it("answers a visitor's GET from the page cache, a signed-in user's from the route", async () => {
    await keepPage('http://localhost:4321/kept', '<p>kept</p>');
    const next = fakeNext(htmlPage('<p>rendered</p>'));
    const hit = await run(renderPage, fakeContext({ url: 'http://localhost:4321/kept' }), next);
    expect(hit.headers.get('X-Page-Cache')).toBe('hit');
    expect(await hit.text()).toBe('<p>kept</p>');
    expect(next.calls).toHaveLength(0);
    const own = await run(renderPage, fakeContext({ url: 'http://localhost:4321/kept', locals: { user: someUser() } }), next);
    expect(await own.text()).toBe('<p>rendered</p>');
  });

  it('a write that changed data drops the pages it names; a refused one does not', async () => {
    await keepPage('http://localhost:4321/list', '<p>list</p>');
    const generation = pageCache().generation;
    const writing = (status: number) =>
      fakeNext(() => {
        // What a write of a table no page describes says (page-dependencies.server.ts).
        pagesChanged(EVERY_PAGE);
        return new Response(null, { status });
      });
    await run(renderPage, fakeContext({ method: 'POST', url: 'http://localhost:4321/x' }), writing(404));
    expect(pageCache().generation).toEqual(generation);
    await run(renderPage, fakeContext({ method: 'POST', url: 'http://localhost:4321/x' }), writing(201));
    expect(pageCache().generation.generation).toBeGreaterThan(generation.generation);
  });

  it("answers a toolkit guard's refusal", async () => {
    const refusal = new Response(null, { status: 303, headers: { Location: '/login' } });
    const response = await run(renderPage, fakeContext({ url: 'http://localhost:4321/sell' }), () => Promise.reject(new Refusal(refusal)));
    expect(response).toBe(refusal);
  });
});
