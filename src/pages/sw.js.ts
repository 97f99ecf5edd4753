/**
 * The offline worker (src/platform/cache/offline-worker.js, issue 17), compressed once at its best (brotli
 * 11, gzip 9: a third smaller than the per-request compression would send). Answered `no-cache`
 * with an ETag: the browser checks it on its visits, and a returning visitor's check costs a 304.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIRoute } from 'astro';
import worker from '#platform/cache/offline-worker.js?raw';
import { baseLocale, locales } from '#platform/i18n/locales.ts';
import { servedWorker } from '#platform/cache/offline-worker-source.ts';
import { chosenEncoding } from '#platform/cache/front-cache.server.ts';

const body = Buffer.from(
  servedWorker(
    worker,
    locales.filter((locale) => locale !== baseLocale),
  ),
);
const encoded = {
  br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(body, { level: 9 }),
};
const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

export const GET: APIRoute = ({ request }) => {
  const headers = new Headers({
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': 'no-cache',
    ETag: etag,
    Vary: 'Accept-Encoding',
  });
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
  const encoding = chosenEncoding(request.headers.get('Accept-Encoding') ?? undefined);
  if (encoding) headers.set('Content-Encoding', encoding);
  return new Response(new Uint8Array(encoding ? encoded[encoding] : body), { headers });
};
