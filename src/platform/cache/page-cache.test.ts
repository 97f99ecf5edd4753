import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { changedData, isShareable, PageCache, preparePage, type CachedPage } from './page-cache.server.ts';

const page = (body: string): CachedPage => ({
  body: Buffer.from(body),
  br: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
  etag: 'W/"x"',
  viewOf: null,
  status: 200,
  headers: [['content-type', 'text/html']],
});

describe('cache of rendered pages', () => {
  it('keeps a page until it expires', () => {
    let now = 0;
    const cache = new PageCache(30_000, 1_000_000, () => now);
    expect(cache.set('/homes', page('a'), cache.generation)).toBe(true);
    now = 29_999;
    expect(cache.get('/homes')?.body.toString()).toBe('a');
    now = 30_000;
    expect(cache.get('/homes')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is emptied by a write, and never stores a page rendered before or during one', async () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('old'), cache.generation);
    const renderedBefore = cache.generation;
    let renderedDuring = -1;
    await cache.write(async () => {
      // Until the write is done (and known to have changed data) the page from before it is as good as any.
      expect(cache.get('/')?.body.toString()).toBe('old');
      renderedDuring = cache.generation;
      expect(cache.set('/', page('during'), renderedDuring)).toBe(false);
    });
    expect(cache.set('/', page('before'), renderedBefore)).toBe(false);
    expect(cache.set('/', page('during'), renderedDuring)).toBe(false);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.set('/', page('after'), cache.generation)).toBe(true);
    expect(cache.get('/')?.body.toString()).toBe('after');
  });

  it('empties itself even when the write fails', async () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('old'), cache.generation);
    await expect(cache.write(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(cache.get('/')).toBeUndefined();
    expect(cache.set('/', page('new'), cache.generation)).toBe(true);
  });

  it('is kept by a write that changed nothing, and stores pages again once it is done', async () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('old'), cache.generation);
    const refused = new Response(null, { status: 404 });
    expect(await cache.write(async () => refused, changedData)).toBe(refused);
    expect(cache.get('/')?.body.toString()).toBe('old');
    expect(cache.set('/about', page('about'), cache.generation)).toBe(true);
    await cache.write(async () => Response.json({ id: 1 }, { status: 201 }), changedData);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.get('/about')).toBeUndefined();
  });

  it('counts as a change only a 2xx answer or a 303 on after a successful form post', () => {
    const answer = (status: number, location?: string) => new Response(null, { status, headers: location ? { Location: location } : {} });
    for (const status of [200, 201, 204]) expect(changedData(answer(status)), String(status)).toBe(true);
    expect(changedData(answer(303, '/contact-us?sent=1'))).toBe(true);
    expect(changedData(answer(303, '/success?session_id=chk_abc'))).toBe(true);
    expect(changedData(answer(303, '/recents?request=sent'))).toBe(true);
    expect(changedData(answer(303, '/recents#request-4'))).toBe(true);
    for (const status of [400, 401, 403, 404, 405, 409, 410, 413, 422, 429, 500, 503])
      expect(changedData(answer(status)), String(status)).toBe(false);
    expect(changedData(answer(301, '/contact-us'))).toBe(false);
    expect(changedData(answer(302, '/'))).toBe(false);
    expect(changedData(answer(303, '/login?next=/wallet'))).toBe(false);
    for (const flag of ['request=failed', 'request=blank', 'request=slow', 'like=signin', 'like=slow']) {
      expect(changedData(answer(303, `/recents?${flag}#requests`)), flag).toBe(false);
      expect(changedData(answer(303, `/?a=1&${flag}`)), flag).toBe(false);
    }
  });

  it('drops the least recently used pages beyond its size', () => {
    const cache = new PageCache(30_000, 40_000);
    const body = 'x'.repeat(9000); // about 9.5 KB each
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, page(body), cache.generation);
    cache.get('a');
    cache.set('e', page(body), cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('e')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(40_000);
  });

  it('stores each page compressed once, with a validator of its bytes', async () => {
    const html = '<!doctype html><p>Sefer deals</p>'.repeat(200);
    const stored = await preparePage(200, [], html, 7);
    expect(brotliDecompressSync(stored.br).toString()).toBe(html);
    expect(gunzipSync(stored.gzip).toString()).toBe(html);
    expect(stored.br.length).toBeLessThan(stored.body.length / 10);
    expect(stored.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect((await preparePage(200, [], html)).etag).toBe(stored.etag);
    expect((await preparePage(200, [], `${html}!`)).etag).not.toBe(stored.etag);
    expect(stored.viewOf).toBe(7);
  });

  it('tells other processes of a write that changed data, and only of that', async () => {
    const cache = new PageCache(30_000);
    let told = 0;
    cache.onWrite = () => told++;
    await cache.write(async () => new Response(null, { status: 404 }), changedData);
    expect(told).toBe(0);
    await cache.write(async () => new Response(null, { status: 201 }), changedData);
    expect(told).toBe(1);
    await expect(cache.write(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(told).toBe(2);
  });

  it('keeps and serves nothing while paused (it cannot hear other processes), and is emptied', () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('a'), cache.generation);
    cache.paused = true;
    expect(cache.get('/')).toBeUndefined();
    expect(cache.set('/b', page('b'), cache.generation)).toBe(false);
    cache.clear();
    cache.paused = false;
    expect(cache.get('/')).toBeUndefined();
    expect(cache.set('/b', page('b'), cache.generation)).toBe(true);
  });

  it('does nothing when turned off', () => {
    const cache = new PageCache(0);
    expect(cache.enabled).toBe(false);
    expect(cache.set('/', page('a'), cache.generation)).toBe(false);
  });

  it('shares only plain 200 HTML pages and sitemaps', () => {
    const html = (init: ResponseInit) =>
      new Response('<p>hi</p>', { ...init, headers: { 'Content-Type': 'text/html', ...(init.headers as Record<string, string>) } });
    expect(isShareable(html({}))).toBe(true);
    expect(isShareable(html({ status: 404 }))).toBe(false);
    expect(isShareable(html({ headers: { 'Set-Cookie': 'a=b' } }))).toBe(false);
    expect(isShareable(html({ headers: { 'Cache-Control': 'private, no-store' } }))).toBe(false);
    expect(isShareable(Response.json({ a: 1 }))).toBe(false);
    expect(isShareable(new Response('<urlset/>', { headers: { 'Content-Type': 'application/xml; charset=utf-8' } }))).toBe(true);
    expect(isShareable(new Response('x', { headers: { 'Content-Type': 'image/webp' } }))).toBe(false);
  });
});
