/**
 * Page weight on a first load in headless Chromium (Debian's, at 390 px wide, phone emulation, empty
 * cache): HTML bytes raw and gzip, CSS and JavaScript bytes (inline and files), JavaScript
 * requests, and the bytes of the images on the first screen.
 */
import { gzipSync } from 'node:zlib';
import { chromium, devices } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const VIEWPORT = { width: 390, height: 844 };

/** @param {{ origin: string, pages: Record<string, string> }} o  page type → path */
export async function measureWeights({ origin, pages }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const results = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      const context = await browser.newContext({ ...devices['Pixel 7'], viewport: VIEWPORT });
      const page = await context.newPage();
      const responses = [];
      page.on('response', (response) => responses.push(response));
      const main = await page.goto(origin + path, { waitUntil: 'load' });
      await page.waitForTimeout(300);
      const html = await main.body();
      const dom = await page.evaluate(() => {
        const inlineCss = [...document.querySelectorAll('style')].reduce(
          (n, s) => n + new TextEncoder().encode(s.textContent ?? '').length,
          0,
        );
        const inlineScripts = [...document.querySelectorAll('script:not([src])')].filter(
          (s) => !s.type || /javascript|module/.test(s.type),
        );
        const inlineJs = inlineScripts.reduce((n, s) => n + new TextEncoder().encode(s.textContent ?? '').length, 0);
        const firstScreen = [...document.images]
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return img.complete && img.naturalWidth > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
          })
          .map((img) => img.currentSrc);
        return { inlineCss, inlineJs, inlineScriptCount: inlineScripts.length, firstScreen: [...new Set(firstScreen)] };
      });
      const files = [];
      for (const response of responses) {
        const request = response.request();
        if (response === main) continue;
        let decoded = 0;
        try {
          decoded = (await response.body()).length;
        } catch {
          // redirects and aborted requests have no body
        }
        const sizes = await request.sizes().catch(() => ({ responseBodySize: decoded }));
        files.push({ url: response.url(), type: request.resourceType(), decoded, transfer: sizes.responseBodySize });
      }
      const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
      const css = files.filter((f) => f.type === 'stylesheet');
      const js = files.filter((f) => f.type === 'script');
      const images = files.filter((f) => f.type === 'image');
      const firstScreen = images.filter((f) => dom.firstScreen.includes(f.url));
      const mainSizes = await main.request().sizes();
      results[name] = {
        path,
        status: main.status(),
        htmlBytes: html.length,
        htmlGzipBytes: gzipSync(html).length,
        htmlTransferBytes: mainSizes.responseBodySize,
        htmlEncoding: main.headers()['content-encoding'] ?? 'identity',
        cssBytes: dom.inlineCss + sum(css, 'decoded'),
        cssInlineBytes: dom.inlineCss,
        cssFiles: css.length,
        jsBytes: dom.inlineJs + sum(js, 'decoded'),
        jsInlineBytes: dom.inlineJs,
        jsRequests: js.length,
        jsTransferBytes: sum(js, 'transfer'),
        firstScreenImages: firstScreen.length,
        firstScreenImageBytes: sum(firstScreen, 'transfer'),
        imageRequests: images.length,
        imageBytes: sum(images, 'transfer'),
        requests: files.length + 1,
        transferBytes: mainSizes.responseBodySize + sum(files, 'transfer'),
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** Raw and gzip bytes of non-HTML responses (the JSON API, the sitemap). */
export async function bodyWeights({ origin, paths }) {
  const results = {};
  for (const [name, path] of Object.entries(paths)) {
    const response = await fetch(origin + path, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    results[name] = { path, status: response.status, bytes: body.length, gzipBytes: gzipSync(body).length };
  }
  return results;
}
