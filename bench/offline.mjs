/**
 * What the offline worker (issue 17) costs and saves. (a) Its size as served: raw, gzip and brotli,
 * and what went over the wire. (b) A returning visitor's bytes over five pages, with the worker and
 * without it (the browser told to block workers): a first visit of the five pages, the browser
 * closed, then a second visit of the same five pages in the same browser profile ("the next day"),
 * (1) with the browser's HTTP cache kept and (2) with the HTTP cache emptied but the worker's kept
 * pages still there (phones evict the HTTP cache first; Cache Storage stays). Bytes are counted by
 * a small proxy in front of the app: every byte the app sent the browser, headers included, the
 * worker's own requests (its script, the offline page, conditional page checks) too.
 *
 *   node bench/offline.mjs http://localhost:4321 [path …]   (five paths by default)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORT } from './weight.mjs';

/** The worker's bytes: as served (raw), gzip -9, brotli, and what the server sent for it compressed. */
export async function workerSize(origin) {
  const raw = Buffer.from(await (await fetch(`${origin}/sw.js`)).arrayBuffer());
  const onWire = await new Promise((resolve, reject) => {
    http
      .get(`${origin}/sw.js`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      })
      .on('error', reject);
  });
  return {
    rawBytes: raw.length,
    gzipBytes: gzipSync(raw, { level: 9 }).length,
    brotliBytes: brotliCompressSync(raw).length,
    served: onWire,
  };
}

/** A proxy to `origin` that counts what the app sends back (status line, headers and body, as sent). */
async function countingProxy(origin) {
  const target = new URL(origin);
  const counts = { bytes: 0, requests: 0, notModified: 0, log: [] };
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        let bytes = `HTTP/1.1 ${answer.statusCode} \r\n`.length + answer.rawHeaders.reduce((n, part) => n + part.length + 2, 0) + 2;
        counts.requests++;
        if (answer.statusCode === 304) counts.notModified++;
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.on('data', (chunk) => (bytes += chunk.length));
        answer.on('end', () => {
          counts.bytes += bytes;
          counts.log.push(`${answer.statusCode} ${req.url} ${bytes}`);
        });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxyOrigin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin: proxyOrigin,
    take() {
      const taken = { bytes: counts.bytes, requests: counts.requests, notModified: counts.notModified, log: counts.log };
      Object.assign(counts, { bytes: 0, requests: 0, notModified: 0, log: [] });
      return taken;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Opens the five pages in one tab; with the worker, waits until it controls the tab and has kept them. */
async function visit({ profile, origin, paths, worker, emptyHttpCache = false }) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ...devices['Pixel 7'],
    viewport: VIEWPORT,
    serviceWorkers: worker ? 'allow' : 'block',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (emptyHttpCache) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
    }
    for (const [index, target] of paths.entries()) {
      await page.goto(origin + target, { waitUntil: 'load' });
      if (worker && index === 0)
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    }
    if (worker) {
      // The worker keeps each page after answering it: wait until all five are kept.
      await page
        .waitForFunction(async (count) => (await (await caches.open('sefer-pages-v1')).keys()).length >= count, paths.length, {
          timeout: 15_000,
          polling: 200,
        })
        .catch(() => {});
    }
    await page.waitForTimeout(500);
  } finally {
    await context.close();
  }
}

/** A first visit and a returning visit of `paths` in a new profile; bytes the app sent for each. */
async function visitor({ proxy, paths, worker, emptyHttpCache }) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'sefer-bench-offline-'));
  try {
    proxy.take();
    await visit({ profile, origin: proxy.origin, paths, worker });
    const first = proxy.take();
    await visit({ profile, origin: proxy.origin, paths, worker, emptyHttpCache });
    const returning = proxy.take();
    return { first, returning };
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

const summary = ({ bytes, requests, notModified }) => ({ bytes, requests, notModified });

/**
 * The worker's size and a returning visitor's bytes over `paths` (five pages), with and without the
 * worker, with the HTTP cache kept and emptied between the two visits.
 * @param {{ origin: string, paths: string[], log?: (line: string) => void }} o
 */
export async function measureOffline({ origin, paths, log = () => {} }) {
  const size = await workerSize(origin);
  log(
    `[offline] worker: ${size.rawBytes} B raw, ${size.gzipBytes} B gzip, ${size.brotliBytes} B brotli (sent ${size.served.bytes} B ${size.served.encoding})`,
  );
  const proxy = await countingProxy(origin);
  const result = { paths, worker: size, returning: {} };
  try {
    for (const [name, emptyHttpCache] of [
      ['httpCacheKept', false],
      ['httpCacheEmptied', true],
    ]) {
      const without = await visitor({ proxy, paths, worker: false, emptyHttpCache });
      const withWorker = await visitor({ proxy, paths, worker: true, emptyHttpCache });
      result.returning[name] = {
        withoutWorker: { first: summary(without.first), returning: summary(without.returning) },
        withWorker: { first: summary(withWorker.first), returning: summary(withWorker.returning) },
        // What the worker costs a first visit (its script, the offline page, the first page again) and saves a returning one.
        firstVisitExtraBytes: withWorker.first.bytes - without.first.bytes,
        savedBytes: without.returning.bytes - withWorker.returning.bytes,
        answers: { withoutWorker: without.returning.log, withWorker: withWorker.returning.log, withWorkerFirst: withWorker.first.log },
      };
      const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
      log(
        `[offline] ${name}: first visit ${kb(without.first.bytes)} without the worker, ${kb(withWorker.first.bytes)} with; ` +
          `returning ${kb(without.returning.bytes)} without, ${kb(withWorker.returning.bytes)} with ` +
          `(${withWorker.returning.notModified} of ${withWorker.returning.requests} answers 304)`,
      );
    }
  } finally {
    await proxy.close();
  }
  return result;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [origin = 'http://localhost:4321', ...given] = process.argv.slice(2);
  let paths = given;
  if (paths.length === 0) {
    const home = await (await fetch(`${origin}/`)).text();
    const listing = /href="(\/listings\/[^"]+)"/.exec(home)?.[1] ?? '/discounts';
    paths = ['/', '/discounts', listing, '/search?query=coffee', '/services'];
  }
  const result = await measureOffline({ origin, paths, log: console.log });
  console.log(JSON.stringify(result, null, 2));
}
