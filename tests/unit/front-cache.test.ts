import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFromCache, chosenEncoding, publicCacheControl } from '#server/front-cache.server.ts';
import { PageCache, preparePage } from '#server/page-cache.server.ts';

const HTML = '<!doctype html><title>Homes</title>' + '<article>A deal in Bole</article>'.repeat(300);
const cache = new PageCache(30_000);
const views: number[] = [];
let base = '';
let server: http.Server;

beforeAll(async () => {
  const headers: [string, string][] = [
    ['content-type', 'text/html'],
    ['cache-control', publicCacheControl(30)],
    ['vary', 'Accept-Encoding'],
    ['x-frame-options', 'DENY'],
  ];
  const page = await preparePage(200, headers, HTML);
  page.headers.push(['etag', page.etag]);
  cache.set('/homes?page=2', page, cache.generation);
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
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
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

  it("counts a view of a listing's page served from the cache", async () => {
    views.length = 0;
    await get('/listings/12-coffee');
    await get('/homes?page=2');
    await get('/listings/12-coffee', {}, 'HEAD');
    expect(views).toEqual([12]);
  });

  it('chooses the encoding from Accept-Encoding', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('gzip');
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });
});
