import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerFromCache,
  chosenEncoding,
  PAGE_VARY,
  pageKey,
  publicCacheControl,
  storedPageFor,
  withoutTracking,
} from './front-cache.server.ts';
import { PageCache, preparePage } from './page-cache.server.ts';

const HTML = '<!doctype html><title>Homes</title>' + '<article>A deal in Bole</article>'.repeat(300);
const LITE_HTML = '<!doctype html><title>Homes</title>' + '<article>A deal in Bole, text only</article>'.repeat(300);
const cache = new PageCache(30_000);
const views: number[] = [];
let base = '';
let server: http.Server;

beforeAll(async () => {
  const headers: [string, string][] = [
    ['content-type', 'text/html'],
    ['cache-control', publicCacheControl(30)],
    ['vary', PAGE_VARY],
    ['x-frame-options', 'DENY'],
  ];
  const page = await preparePage(200, headers, HTML);
  page.headers.push(['etag', page.etag]);
  cache.set('/homes?page=2', page, cache.generation);
  // The same URL's lite page (lite-mode.ts), stored as the middleware stores it; /foods only in lite.
  const lite = await preparePage(
    200,
    headers.filter(([name]) => name !== 'etag'),
    LITE_HTML,
  );
  lite.headers.push(['etag', lite.etag]);
  cache.set(pageKey(new URL('http://sefer.invalid/homes?page=2'), true), lite, cache.generation);
  cache.set(pageKey(new URL('http://sefer.invalid/foods'), true), await preparePage(200, headers, LITE_HTML), cache.generation);
  cache.set('/listings/12-coffee', await preparePage(200, headers, '<p>coffee</p>', 12), cache.generation);
  server = http.createServer((req, res) => {
    if (answerFromCache(cache, req, res, { onView: (id) => views.push(id) })) return;
    res.writeHead(299, { 'content-type': 'text/plain' });
    res.end('astro');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A raw request (fetch would decode the body and drop Content-Encoding). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cached pages answered before Astro', () => {
  it('sends brotli, gzip or plain bytes as the client accepts, with the stored headers', async () => {
    const br = await get('/homes?page=2', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(HTML);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers.vary).toBe('Accept-Encoding, Save-Data, Cookie');
    // Shared caches keep it 30 s; a browser asks again every time, never shows it stale (issue 30).
    expect(br.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(br.headers['x-frame-options']).toBe('DENY');
    expect(br.headers['x-page-cache']).toBe('hit');
    expect(br.headers.etag).toMatch(/^W\/"/);

    const gz = await get('/homes?page=2', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(HTML);

    const plain = await get('/homes?page=2');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(HTML);
  });

  it('answers 304 to a matching validator, and HEAD without a body', async () => {
    const first = await get('/homes?page=2', { 'accept-encoding': 'br' });
    const again = await get('/homes?page=2', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await get('/homes?page=2', { 'if-none-match': 'W/"other"' })).status).toBe(200);
    const head = await get('/homes?page=2', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('leaves to Astro: other pages, a session cookie, and every write', async () => {
    expect((await get('/homes')).body.toString()).toBe('astro');
    expect((await get('/homes?page=2', { cookie: 'sefer_lang=am; sefer.session_token=abc.def' })).body.toString()).toBe('astro');
    expect((await get('/homes?page=2', { cookie: '__Secure-sefer.session_token=abc' })).body.toString()).toBe('astro');
    expect((await get('/homes?page=2', { cookie: 'sefer_lang=am' })).body.toString()).toBe(HTML);
    expect((await get('/homes?page=2', {}, 'POST')).body.toString()).toBe('astro');
  });

  it("leaves a visitor with Clerk's session cookies to Astro, whatever other cookies come with them", async () => {
    for (const cookie of [
      '__session=eyJhbGciOiJSUzI1NiJ9.e30.sig',
      '__client_uat=1773133200',
      'sefer_lang=am; __session=eyJhbGciOiJSUzI1NiJ9.e30.sig',
      'sefer_lite=on; __client_uat=1773133200; sefer_lang=am',
    ])
      expect((await get('/homes?page=2', { cookie }, 'GET')).body.toString(), cookie).toBe('astro');
    // Cookies whose names only end like Clerk's are not a session.
    expect((await get('/homes?page=2', { cookie: 'my__session=1; x__client_uat=2' })).body.toString()).toBe(HTML);
  });

  it('leaves a visitor still holding the state cookie to Astro, which drops it (issue 30)', async () => {
    expect((await get('/homes?page=2', { cookie: 'sefer_lang=am; sefer_state=in' })).body.toString()).toBe('astro');
    expect((await get('/homes?page=2', { cookie: 'sefer_state=in' })).body.toString()).toBe('astro');
    expect((await get('/homes?page=2', { cookie: 'my_sefer_state=in' })).body.toString()).toBe(HTML);
  });

  it('gives a request that reached Astro the stored page only when its visitor is not signed in', () => {
    const url = new URL('http://sefer.invalid/homes?page=2');
    expect(storedPageFor(cache, { method: 'GET', url, signedIn: false, lite: false })?.body?.toString()).toBe(HTML);
    expect(storedPageFor(cache, { method: 'GET', url, signedIn: false, lite: true })?.body?.toString()).toBe(LITE_HTML);
    // A signed-in visitor (a valid session cookie) always gets the page rendered for them.
    expect(storedPageFor(cache, { method: 'GET', url, signedIn: true, lite: false })).toBeUndefined();
    expect(storedPageFor(cache, { method: 'GET', url, signedIn: true, lite: true })).toBeUndefined();
    expect(storedPageFor(cache, { method: 'POST', url, signedIn: false, lite: false })).toBeUndefined();
    expect(
      storedPageFor(cache, { method: 'GET', url: new URL('http://sefer.invalid/homes'), signedIn: false, lite: false }),
    ).toBeUndefined();
  });

  it("counts a view of a listing's page served from the cache", async () => {
    views.length = 0;
    await get('/listings/12-coffee');
    await get('/homes?page=2');
    await get('/listings/12-coffee', {}, 'HEAD');
    expect(views).toEqual([12]);
  });

  it('keys lite pages apart: Save-Data on, or the lite cookie, gets the lite page; a request without either the full one', async () => {
    expect(pageKey(new URL('http://x/homes?page=2'), false)).toBe('/homes?page=2');
    expect(pageKey(new URL('http://x/homes?page=2'), true)).toBe('lite:/homes?page=2');

    const byHeader = await get('/homes?page=2', { 'save-data': 'on' });
    expect(byHeader.body.toString()).toBe(LITE_HTML);
    expect(byHeader.headers.vary).toBe('Accept-Encoding, Save-Data, Cookie');
    // A hint the browser sent is the same for every such visitor: shared caches may keep it.
    expect(byHeader.headers['cache-control']).toBe(publicCacheControl(30));
    expect((await get('/homes?page=2', { 'save-data': 'On' })).body.toString()).toBe(LITE_HTML);
    expect((await get('/homes?page=2', { 'save-data': 'off' })).body.toString()).toBe(HTML);

    const byCookie = await get('/homes?page=2', { cookie: 'sefer_lang=am; sefer_lite=on' });
    expect(byCookie.body.toString()).toBe(LITE_HTML);
    expect(byCookie.headers.vary).toBe('Accept-Encoding, Save-Data, Cookie');
    // The cookie is not in Vary: a page it chose is for the visitor's browser only.
    expect(byCookie.headers['cache-control']).toBe('private, max-age=0');

    // Turned off by the visitor: the choice beats the browser's hint.
    const chosenOff = await get('/homes?page=2', { 'save-data': 'on', cookie: 'sefer_lite=off' });
    expect(chosenOff.body.toString()).toBe(HTML);
    expect(chosenOff.headers['cache-control']).toBe('private, max-age=0');

    // After a lite answer, the same URL without lite is still the full page.
    const full = await get('/homes?page=2');
    expect(full.body.toString()).toBe(HTML);
    expect(full.headers.etag).not.toBe(byHeader.headers.etag);
  });

  it('never answers one mode with the other mode’s page', async () => {
    expect((await get('/foods')).body.toString()).toBe('astro');
    expect((await get('/foods', { 'save-data': 'on' })).body.toString()).toBe(LITE_HTML);
    expect((await get('/listings/12-coffee', { 'save-data': 'on' })).body.toString()).toBe('astro');
    expect((await get('/listings/12-coffee', { cookie: 'sefer_lite=on' })).body.toString()).toBe('astro');
  });

  it('chooses the encoding from Accept-Encoding', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('gzip');
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });

  it('answers a link carrying tracking parameters with the page without them (issue 31)', async () => {
    const shared = await get('/homes?utm_source=telegram&page=2&fbclid=IwAR0x&utm_medium=social', { 'accept-encoding': 'br' });
    expect(shared.headers['x-page-cache']).toBe('hit');
    expect(brotliDecompressSync(shared.body).toString()).toBe(HTML);
    expect((await get('/homes?page=3&gclid=1')).body.toString()).toBe('astro');
    expect(withoutTracking('?utm_source=a&utm_campaign=b')).toBe('');
    expect(withoutTracking('?query=coffee&fbclid=1&page=2')).toBe('?query=coffee&page=2');
    expect(withoutTracking('?utm%5Fsource=x&q=utm_source')).toBe('?q=utm_source');
    expect(withoutTracking('?utmost=1&ref=2')).toBe('?utmost=1&ref=2');
    expect(withoutTracking('')).toBe('');
  });
});
