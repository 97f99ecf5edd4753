/**
 * Lite mode's bytes (issue 17): one page's first visit in a fresh headless Chromium context (empty
 * cache, no service worker yet), without and with `Save-Data: on`, counting every byte of HTTP the
 * visit moved, the page's and the service worker's (its script and whatever it fetches when it
 * installs), in both directions: on a metered phone, what the browser sends is paid too.
 *
 * The count is taken on the wire, by a TCP proxy between the browser and the server: Chromium's
 * own accounting leaves out the body of a worker's script (measured: 778 bytes reported for a
 * 5.7 KB response). The browser's per-request sizes are kept to say where the bytes went.
 *
 * `node bench/lite.mjs http://localhost:4321 /weekly-discounts` prints the two as JSON.
 */
import net from 'node:net';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORT } from './weight.mjs';

/** How long to wait for a worker's install fetches to finish after the page has loaded. */
const SETTLE_MS = 1500;

/**
 * @param {{ origin: string, path: string }} o
 * @returns {Promise<{ normal: Visit, lite: Visit }>}
 * @typedef {{ status: number, documentBytes: number, totalBytes: number, downloadBytes: number, requests: number, productImages: number, files: { url: string, bytes: number, worker: boolean }[] }} Visit
 */
export async function measureLiteBytes({ origin, path }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    return {
      normal: await firstVisit(browser, origin, path, {}),
      lite: await firstVisit(browser, origin, path, { 'Save-Data': 'on' }),
    };
  } finally {
    await browser.close();
  }
}

/**
 * A TCP proxy to `origin` on a port of its own that counts the bytes it passes each way. A new
 * origin for the browser too: no cookie, cache entry or service worker of another visit applies.
 * @param {string} origin  http://host:port of the server
 */
export async function wireCounter(origin) {
  const target = new URL(origin);
  let sent = 0;
  let received = 0;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 80), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => (sent += chunk.length));
    upstream.on('data', (chunk) => (received += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    /** Bytes so far: from the browser, to the browser, and both. */
    bytes: () => ({ sent, received, total: sent + received }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * One first visit in its own context, through a wire counter; `extraHTTPHeaders` go with every
 * request of the context, the worker's included, as a browser's data saver sends Save-Data.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} origin
 * @param {string} path
 * @param {Record<string, string>} extraHTTPHeaders
 * @returns {Promise<Visit>}
 */
export async function firstVisit(browser, origin, path, extraHTTPHeaders) {
  const counter = await wireCounter(origin);
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: VIEWPORT, extraHTTPHeaders });
  try {
    const page = await context.newPage();
    const visit = await visitCounted(page, counter, `${counter.origin}${path}`);
    return { ...visit, files: visit.files.map((f) => ({ ...f, url: f.url.replace(counter.origin, '') })) };
  } finally {
    await context.close();
    await counter.close();
  }
}

/**
 * Opens `url` on `page` (whose origin is `counter`'s) and waits until the visit is over: loaded,
 * the worker installed if there is one, the network quiet. What it cost, by the wire counter and
 * by the browser's own per-request accounting.
 * @param {import('@playwright/test').Page} page
 * @param {Awaited<ReturnType<typeof wireCounter>>} counter
 * @param {string} url
 * @returns {Promise<Visit>}
 */
export async function visitCounted(page, counter, url) {
  const wire = countWire(page.context());
  const before = counter.bytes();
  const main = await page.goto(url, { waitUntil: 'load' });
  await settled(page, wire);
  const productImages = await page.evaluate(
    () => [...document.images].filter((img) => new URL(img.currentSrc || img.src, location.href).pathname.startsWith('/media/')).length,
  );
  const files = await wire.done();
  const after = counter.bytes();
  return {
    status: main?.status() ?? 0,
    documentBytes: files.find((f) => f.url === url)?.bytes ?? 0,
    downloadBytes: after.received - before.received,
    totalBytes: after.total - before.total,
    requests: files.length,
    productImages,
    files: files.map(({ url: u, bytes, worker }) => ({ url: u, bytes, worker })),
  };
}

/**
 * Every request of `context` (pages and service workers), with its size once finished or failed.
 * @param {import('@playwright/test').BrowserContext} context
 */
export function countWire(context) {
  /** @type {Promise<{ url: string, bytes: number, download: number, worker: boolean }>[]} */
  const sizes = [];
  let pending = 0;
  const measure = async (request) => {
    try {
      const s = await request.sizes();
      const download = s.responseHeadersSize + s.responseBodySize;
      return {
        url: request.url(),
        download,
        bytes: download + s.requestHeadersSize + s.requestBodySize,
        worker: !!request.serviceWorker(),
      };
    } catch {
      return { url: request.url(), download: 0, bytes: 0, worker: !!request.serviceWorker() };
    }
  };
  context.on('request', () => pending++);
  const finished = (request) => {
    pending--;
    sizes.push(measure(request));
  };
  context.on('requestfinished', finished);
  context.on('requestfailed', finished);
  return {
    /** Requests started and not yet finished. */
    get pending() {
      return pending;
    },
    done: () => Promise.all(sizes),
  };
}

/** Waits for the worker (if the page registers one) to be ready and the network to be quiet. */
async function settled(page, wire) {
  await page
    .evaluate(
      (ms) =>
        'serviceWorker' in navigator
          ? Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))])
          : false,
      SETTLE_MS,
    )
    .catch(() => false);
  const quietSince = Date.now();
  let last = quietSince;
  while (Date.now() - last < 500 && Date.now() - quietSince < 10_000) {
    if (wire.pending > 0) last = Date.now();
    await page.waitForTimeout(100);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin = 'http://localhost:4321', path = '/weekly-discounts'] = process.argv.slice(2);
  console.log(JSON.stringify(await measureLiteBytes({ origin, path }), null, 2));
}
