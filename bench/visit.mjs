/**
 * What a visit of five pages costs on a slow link, with the page CSS inlined in every page
 * (`build.inlineStylesheets: 'always'`) or in one stylesheet file the browser keeps
 * (`'never'`): each variant is built in a throwaway copy of this checkout (never in its dist/,
 * which others may be serving), started on the same data, and visited in Chromium with the
 * DevTools Protocol's network throttling (400 ms round trip, 400 kbit/s each way, the "slow 3G"
 * profile): home → category → detail → search → another category in one tab, its cache kept,
 * twice (a first visit, then the same five pages again as a returning visitor), in a fresh
 * browser each of `repeats` times. Time to the largest contentful paint and bytes received are
 * recorded per page; the repeat with the median LCP sum of its first visit is the one reported.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, VIEWPORT } from './weight.mjs';

/** Chrome DevTools' slow 3G: 400 ms added to each round trip, 400 kbit/s down and up. */
export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

const SKIP = new Set(['node_modules', 'dist', 'data', '.git', '.astro', 'test-results', 'playwright-report']);

/**
 * A copy of the checkout at `root` with `build.inlineStylesheets` set to `mode`, built; returns
 * its folder. node_modules is linked, not copied; bench/results is left out.
 */
export async function buildVariant({ root, mode, log = () => {} }) {
  const dir = path.join(os.tmpdir(), `sefer-bench-css-${mode}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(root, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return !SKIP.has(relative.split(path.sep)[0]) && relative !== path.join('bench', 'results');
    },
  });
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const configFile = path.join(dir, 'astro.config.mjs');
  const config = await readFile(configFile, 'utf8');
  const setting = /inlineStylesheets: '(always|auto|never)'/;
  if (!setting.test(config)) throw new Error('astro.config.mjs has no build.inlineStylesheets setting to vary');
  await writeFile(configFile, config.replace(setting, `inlineStylesheets: '${mode}'`));
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`the ${mode} build failed:\n${result.stdout}\n${result.stderr}`);
  log(`[visit] built inlineStylesheets: '${mode}' in ${dir} (${Math.round(performance.now() - started)} ms)`);
  return dir;
}

/** Time to the largest contentful paint of the page in the tab (ms from navigation start), or null. */
function largestContentfulPaint() {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? null)).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
    setTimeout(() => resolve(null), 5000);
  });
}

/**
 * Visits `paths` in order in one tab on the slow-3G profile, `rounds` times, the cache kept
 * throughout. Per page: time to LCP and FCP, bytes received (headers included), requests made
 * over the network and served from the cache, and stylesheet files fetched.
 * @param {{ origin: string, paths: string[], rounds?: number }} o
 */
export async function measureVisit({ origin, paths, rounds = 2, repeats = 3 }) {
  const all = [];
  for (let i = 0; i < repeats; i++) all.push(await visitOnce({ origin, paths, rounds }));
  const firstVisitLcp = all.map((visits) => visits[0].lcpMsTotal);
  const median = [...all].sort((a, b) => a[0].lcpMsTotal - b[0].lcpMsTotal)[Math.floor(all.length / 2)];
  return { visits: median, firstVisitLcpMsTotals: firstVisitLcp };
}

async function visitOnce({ origin, paths, rounds }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], viewport: VIEWPORT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    let counts = { bytes: 0, requests: 0, fromCache: 0, stylesheets: 0 };
    const types = new Map();
    cdp.on('Network.requestWillBeSent', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.requestServedFromCache', () => counts.fromCache++);
    cdp.on('Network.loadingFinished', (e) => {
      counts.bytes += e.encodedDataLength;
      if (e.encodedDataLength > 0) counts.requests++;
      if (types.get(e.requestId) === 'Stylesheet' && e.encodedDataLength > 0) counts.stylesheets++;
    });
    const visits = [];
    for (let round = 1; round <= rounds; round++) {
      const pages = [];
      for (const target of paths) {
        counts = { bytes: 0, requests: 0, fromCache: 0, stylesheets: 0 };
        const response = await page.goto(origin + target, { waitUntil: 'load' });
        const lcpMs = await page.evaluate(largestContentfulPaint);
        const fcpMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
        // Late requests (lazy images) belong to the page that asked for them.
        await page.waitForTimeout(300);
        pages.push({
          path: target,
          status: response?.status() ?? null,
          lcpMs: lcpMs === null ? null : Math.round(lcpMs),
          fcpMs: fcpMs === null ? null : Math.round(fcpMs),
          ...counts,
        });
      }
      const sum = (key) => pages.reduce((n, p) => n + (p[key] ?? 0), 0);
      visits.push({ round, pages, lcpMsTotal: sum('lcpMs'), bytesTotal: sum('bytes'), requestsTotal: sum('requests') });
    }
    await context.close();
    return visits;
  } finally {
    await browser.close();
  }
}
