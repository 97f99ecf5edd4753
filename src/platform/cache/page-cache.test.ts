import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { changedData, isShareable, PageCache, preparePage, type CachedPage } from './page-cache.server.ts';
import { EVERY_PAGE, pagesChanged } from './page-dependencies.server.ts';
import { mainThreadBusy, UpgradeQueue } from './page-compression.server.ts';

const page = (body: string, tags: string[] = [], changesIn = Infinity): CachedPage => ({
  body: Buffer.from(body),
  encoded: {},
  etag: 'W/"x"',
  viewOf: null,
  status: 200,
  headers: [['content-type', 'text/html']],
  tags: new Set(tags),
  changesIn,
});

/** A write request that wrote to what pages tagged `tags` show. */
const writing =
  (tags: string[], status = 201) =>
  async () => {
    pagesChanged(...tags);
    return new Response(null, { status });
  };

describe('cache of rendered pages', () => {
  it('keeps a page until it expires, or until its text changes by itself', () => {
    let now = 0;
    const cache = new PageCache(30_000, 1_000_000, () => now);
    expect(cache.set('/homes', page('a'), cache.generation)).toBe(true);
    expect(cache.set('/daily-discounts', page('b', [], 10_000), cache.generation)).toBe(true);
    now = 9_999;
    expect(cache.get('/daily-discounts')?.body?.toString()).toBe('b');
    now = 10_000;
    expect(cache.get('/daily-discounts')).toBeUndefined();
    now = 29_999;
    expect(cache.get('/homes')?.body?.toString()).toBe('a');
    now = 30_000;
    expect(cache.get('/homes')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops only the pages that show what a write changed, and never stores one rendered before the change', async () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('home', ['table:requests', 'list:ending-soon']), cache.generation);
    cache.set('/homes', page('homes', ['category:homes', 'listing:1']), cache.generation);
    cache.set('/about', page('about'), cache.generation);
    const renderedBefore = cache.generation;
    await cache.write(writing(['table:requests']), changedData);
    expect(cache.get('/')).toBeUndefined();
    expect(cache.get('/homes')?.body?.toString()).toBe('homes');
    expect(cache.get('/about')?.body?.toString()).toBe('about');
    // A render that started before the message was sent read the old list.
    expect(cache.set('/', page('old home', ['table:requests']), renderedBefore)).toBe(false);
    expect(cache.set('/foods', page('foods', ['category:foods']), renderedBefore)).toBe(true);
    expect(cache.set('/', page('new home', ['table:requests']), cache.generation)).toBe(true);
    await cache.write(writing(['listing:1', 'category:homes']), changedData);
    expect(cache.get('/homes')).toBeUndefined();
    expect(cache.get('/')?.body?.toString()).toBe('new home');
    expect(cache.get('/foods')?.body?.toString()).toBe('foods');
  });

  it('empties itself when a write names every page, or fails', async () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('old', ['table:requests']), cache.generation);
    cache.set('/about', page('about'), cache.generation);
    await cache.write(writing([EVERY_PAGE]), changedData);
    expect(cache.size).toBe(0);
    cache.set('/', page('old', ['table:requests']), cache.generation);
    await expect(cache.write(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(cache.get('/')).toBeUndefined();
    expect(cache.set('/', page('new'), cache.generation)).toBe(true);
  });

  it('is kept by a write that changed nothing, or that named no page', async () => {
    const cache = new PageCache(30_000);
    cache.set('/', page('old', ['table:requests']), cache.generation);
    const refused = async () => {
      pagesChanged('table:requests');
      return new Response(null, { status: 404 });
    };
    await cache.write(refused, changedData);
    expect(cache.get('/')?.body?.toString()).toBe('old');
    await cache.write(writing([]), changedData);
    expect(cache.get('/')?.body?.toString()).toBe('old');
    await cache.write(writing(['table:requests']), changedData);
    expect(cache.get('/')).toBeUndefined();
  });

  it('applies at once what a write outside a request changed (a job, the bot)', () => {
    const cache = new PageCache(30_000);
    cache.set('/homes', page('homes', ['category:homes']), cache.generation);
    cache.set('/foods', page('foods', ['category:foods']), cache.generation);
    const told: (readonly string[])[] = [];
    cache.onWrite = (tags) => told.push(tags);
    cache.changed(['category:homes']);
    expect(cache.get('/homes')).toBeUndefined();
    expect(cache.get('/foods')).toBeDefined();
    expect(told).toEqual([['category:homes']]);
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

  it('compresses a page once for its visitor, other encodings when asked, the best once it is served again', async () => {
    const words = ['coffee', 'Bole', 'teff', 'ቡና', 'wedding', 'solar', 'Piassa', 'ሽያጭ'];
    const cards = Array.from(
      { length: 300 },
      (_, i) => `<li class="card c${i % 7}">${words[i % 8]} ${(i * 7919) % 1000} ${words[(i * 3) % 8]}</li>`,
    );
    const html = `<!doctype html><ul>${cards.join('')}</ul>`;
    const stored = await preparePage(200, [], html, 7, { encoding: 'br' });
    expect(Object.keys(stored.encoded)).toEqual(['br']);
    expect(brotliDecompressSync(stored.encoded.br!.bytes).toString()).toBe(html);
    expect(stored.encoded.br!.bytes.length).toBeLessThan(stored.body!.length / 3);
    expect(stored.etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect((await preparePage(200, [], html)).etag).toBe(stored.etag);
    expect((await preparePage(200, [], `${html}!`)).etag).not.toBe(stored.etag);
    expect(stored.viewOf).toBe(7);

    const cache = new PageCache(30_000, undefined, undefined, () => false);
    cache.set('/', stored, cache.generation);
    const entry = cache.get('/')!;
    const quick = cache.encodedBody(entry, 'br');
    expect(cache.upgradesPending).toBe(0);
    expect(gunzipSync(cache.encodedBody(entry, 'gzip')).toString()).toBe(html);
    // Served again: recompressed at the best quality in the background, then served so.
    expect(cache.encodedBody(entry, 'br')).toBe(quick);
    expect(cache.upgradesPending).toBe(2);
    await vi.waitFor(() => expect(cache.upgradesPending).toBe(0));
    const best = cache.encodedBody(entry, 'br');
    expect(best.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(best).toString()).toBe(html);
    expect(cache.plainBody(entry).toString()).toBe(html);
  });

  it('keeps only the compressed bytes of a page stored with them, and makes its own bytes again when asked', async () => {
    const html = `<!doctype html><ul>${Array.from({ length: 400 }, (_, i) => `<li class="card">deal ${i} ቡና Bole</li>`).join('')}</ul>`;
    const cache = new PageCache(30_000, undefined, undefined, () => false);
    cache.set('/compressed', await preparePage(200, [], html, null, { encoding: 'br' }), cache.generation);
    cache.set('/plain', await preparePage(200, [], html), cache.generation);
    const compressed = cache.get('/compressed')!;
    expect(compressed.body).toBeNull();
    // The memory it holds is its brotli bytes (and an entry's overhead), not its HTML.
    expect(cache.bytes).toBeLessThan(Buffer.byteLength(html) + compressed.encoded.br!.bytes.length + 2 * 512 + 1);
    expect(cache.plainBody(compressed).toString()).toBe(html);
    expect(gunzipSync(cache.encodedBody(compressed, 'gzip')).toString()).toBe(html);
    // A page stored for a visitor who asked for no compression keeps its bytes as they are.
    expect(cache.get('/plain')!.body?.toString()).toBe(html);
  });

  it('recompresses only while the process is not busy serving: a waiting upgrade runs once it is quiet (issue 31)', async () => {
    vi.useFakeTimers();
    try {
      let busy = true;
      const queue = new UpgradeQueue(64, () => busy);
      const ran: string[] = [];
      queue.add(async () => void ran.push('page'));
      await vi.advanceTimersByTimeAsync(3000);
      expect(ran).toEqual([]);
      expect(queue.pending).toBe(1);
      busy = false;
      await vi.advanceTimersByTimeAsync(1000);
      expect(ran).toEqual(['page']);
      expect(queue.pending).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the main thread is busy after half a second of work, and not after half a second of waiting', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 600));
    await pause();
    mainThreadBusy(); // a fresh sample starts here
    const until = performance.now() + 600;
    while (performance.now() < until);
    expect(mainThreadBusy()).toBe(true);
    await pause();
    expect(mainThreadBusy()).toBe(false);
  });

  it('tells other processes of a write that changed data, with its tags, and only of that', async () => {
    const cache = new PageCache(30_000);
    const told: (readonly string[])[] = [];
    cache.onWrite = (tags) => told.push(tags);
    await cache.write(async () => new Response(null, { status: 404 }), changedData);
    await cache.write(writing([]), changedData);
    expect(told).toEqual([]);
    await cache.write(writing(['table:requests', 'table:request_likes']), changedData);
    expect(told).toEqual([['table:requests', 'table:request_likes']]);
    await expect(cache.write(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(told[1]).toEqual([EVERY_PAGE]);
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
