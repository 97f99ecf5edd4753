import { describe, expect, it } from 'vitest';
import { privatePages } from './private-pages.server.ts';
import { cachedPage, fakeContext, fakeNext, htmlPage, run, someUser } from './step-test-kit.ts';

const cacheControl = async (locals: Partial<App.Locals>, response: Response) =>
  (await run(privatePages, fakeContext({ locals }), fakeNext(response))).headers.get('Cache-Control');

describe('privatePages', () => {
  it("a signed-in user's answer is private, unless the route said otherwise", async () => {
    expect(await cacheControl({ user: someUser() }, Response.json({}))).toBe('private, no-store');
    expect(await cacheControl({ user: someUser() }, htmlPage(undefined, { 'Cache-Control': 'no-cache' }))).toBe('no-cache');
    expect(await cacheControl({}, htmlPage())).toBeNull();
  });

  it("a page that read a cookie is the visitor's own", async () => {
    expect(await cacheControl({ cookieRead: true }, htmlPage(undefined, { 'Cache-Control': 'public, max-age=30' }))).toMatch(/private/);
    expect(await cacheControl({ cookieRead: true }, Response.json({}, { headers: { 'Cache-Control': 'public' } }))).toBe('public');
  });

  it('a cached page is left as it was kept', async () => {
    expect(await cacheControl({ user: someUser() }, cachedPage())).toBeNull();
  });
});
