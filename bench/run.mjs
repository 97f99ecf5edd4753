/**
 * `npm run bench`: what visitors feel, from 1,000 to 100,000 listings.
 *
 * For each catalogue size: a fresh data folder seeded with N generated listings, the production
 * server on it (SEED_DEMO=false), autocannon on every page type at a fixed concurrency, the same
 * category HTML served as a static file (Node with `compression`, and Debian's nginx with
 * `gzip_static` and a precompressed copy when installed) as a baseline, and page weight in
 * headless Chromium (English pages and the Amharic home and category). On PostgreSQL, with nginx
 * installed, every page type again through deploy/nginx.conf in front of two app processes. On the
 * largest catalogue: Lighthouse, with the default mobile preset and with issue 17's slow-3G profile
 * (400 ms RTT, 400 kbit/s, 4× CPU; FCP and LCP of home, category, detail and search in both
 * languages) (the run exits 1 when accessibility is below 100 on home, category,
 * detail or search), and a five-page visit on slow 3G with the CSS inlined against a cached
 * stylesheet file (bench/visit.mjs). Results go to bench/results/<date>.json;
 * `node bench/report.mjs <file>` prints the tables of BENCHMARKS.md.
 *
 * Environment (all optional):
 *   BENCH_LISTINGS=1000,100000   catalogue sizes
 *   BENCH_DURATION=10            seconds of load per page type
 *   BENCH_WARMUP=2               seconds of warm-up load per page type before measuring
 *   BENCH_CONNECTIONS=10         concurrent connections
 *   BENCH_PAGES=home,search      only these page types (default: all)
 *   BENCH_LIGHTHOUSE=false       skip Lighthouse;  BENCH_WEIGHT=false skips the page weights
 *   BENCH_UNCACHED=false         skip the pass with the page cache off (PAGE_CACHE_SECONDS=0)
 *   BENCH_MISSES=false           skip the pass where every request misses the running page cache (its own `miss` parameter)
 *   BENCH_DATABASE_URL=postgres://…  also run every size on PostgreSQL (a database is created and dropped per size)
 *   BENCH_NGINX_PROCESSES=2      app processes behind deploy/nginx.conf on PostgreSQL (0: no such pass)
 *   BENCH_VISIT=false            skip the five-page slow-3G visit (inline CSS against a stylesheet file)
 *   BENCH_LITE=false             skip lite mode's bytes (first visits of home, a category and a deal in both languages, with and without Save-Data)
 *   BENCH_OFFLINE=false          skip the offline worker's size and a returning visitor's bytes over five pages
 *   BENCH_LABEL=before           suffix of the results file (<date>-<label>.json)
 *   BENCH_NOTE='…'               free text kept in the results (e.g. which sources were measured)
 *   BENCH_APP_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof'  more node flags for every app process started
 *   BENCH_KEEP_DATA=true         keep the generated data folders under bench/results/tmp/
 *   BENCH_PORT=4381              first of the ports used (app, static Node, static nginx, then deploy nginx
 *                                HTTPS and HTTP, then the extra app processes)
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { get, measure, warm } from './load.mjs';
import { accessibilityShortfalls, runLighthouse, SLOW_3G } from './lighthouse.mjs';
import { NGINX, nginxInstalled, startDeployNginx, startStaticNginx } from './nginx.mjs';
import { renderReport } from './report.mjs';
import { BENCH_AUTH_SECRET, seedCatalogue } from './seed.mjs';
import { renderMixed, runMemory, runMixed } from './mixed.mjs';
import { CATEGORIES } from '#features/listings/categories.ts';
import { ensureBuild, ROOT, startApp, startStaticNode } from './server.mjs';
import { litePages, measureLitePages } from './lite-pages.mjs';
import { measureOffline } from './offline.mjs';
import { buildVariant, measureVisit } from './visit.mjs';
import { bodyWeights, measureWeights } from './weight.mjs';

const env = process.env;
const flag = (v, fallback) => (v === undefined || v === '' ? fallback : !['false', '0', 'no'].includes(v.toLowerCase()));
const settings = {
  listings: (env.BENCH_LISTINGS ?? '1000,100000')
    .split(',')
    .map((s) => Number(s.trim().replace(/_/g, '')))
    .filter((n) => n > 0),
  durationSec: Number(env.BENCH_DURATION ?? 10),
  warmupSec: Number(env.BENCH_WARMUP ?? 2),
  connections: Number(env.BENCH_CONNECTIONS ?? 10),
  pages: env.BENCH_PAGES ? env.BENCH_PAGES.split(',').map((s) => s.trim()) : null,
  lighthouse: flag(env.BENCH_LIGHTHOUSE, true),
  uncached: flag(env.BENCH_UNCACHED, true),
  misses: flag(env.BENCH_MISSES, true),
  weight: flag(env.BENCH_WEIGHT, true),
  databaseUrl: env.BENCH_DATABASE_URL || null,
  nginxProcesses: Number(env.BENCH_NGINX_PROCESSES ?? 2),
  visit: flag(env.BENCH_VISIT, true),
  lite: flag(env.BENCH_LITE, true),
  mixed: flag(env.BENCH_MIXED, true),
  mixedOnly: flag(env.BENCH_MIXED_ONLY, false),
  mixedWrites: (env.BENCH_MIXED_WRITES ?? '0,1,5').split(',').map(Number),
  mixedDurationSec: Number(env.BENCH_MIXED_DURATION ?? 20),
  appRoot: env.BENCH_APP_ROOT || null,
  offline: flag(env.BENCH_OFFLINE, true),
  label: env.BENCH_LABEL || null,
  note: env.BENCH_NOTE || null,
  keepData: flag(env.BENCH_KEEP_DATA, false),
  port: Number(env.BENCH_PORT ?? 4381),
};
const TMP = path.join(ROOT, 'bench/results/tmp');
const log = (m) => console.log(m);

/** The point and the search terms every run uses. */
const NEARBY = '/nearby-shops?lat=8.9963&lng=38.7868';
export const SEARCH_TERMS = ['coffee', 'bole', 'wedding', 'solar'];

function pageTypes(seed) {
  const types = {
    home: ['/'],
    category: ['/homes'],
    search: SEARCH_TERMS.map((t) => `/search?query=${encodeURIComponent(t)}`),
    nearby: [NEARBY],
    detail: seed.samples,
    api: ['/api/products/?category=homes'],
    sitemap: ['/sitemap.xml'],
  };
  return types;
}

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
    nginx: nginxInstalled() ? NGINX : null,
  };
}

async function withPostgresDatabase(url, name, fn) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    const drop = new pg.Client({ connectionString: url });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  }
}

/** Load on every page type of a running server; returns page type → measurement. */
async function loadPages(app, seed, label, { unique = false } = {}) {
  const pages = {};
  const types = pageTypes(seed);
  // The sitemap may be an index: then its first child sitemap is measured too.
  const sitemap = (await get(app.origin + '/sitemap.xml')).body.toString();
  if (sitemap.includes('<sitemapindex')) {
    const first = /<loc>([^<]+)<\/loc>/.exec(sitemap.replace(/<loc>[^<]*\/sitemaps\/pages\.xml<\/loc>/, ''))?.[1];
    if (first) types['sitemap-page'] = [new URL(first).pathname];
  }
  for (const [name, paths] of Object.entries(types)) {
    if (settings.pages && !settings.pages.includes(name) && !(name === 'sitemap-page' && settings.pages.includes('sitemap'))) continue;
    const probe = await get(app.origin + paths[0]);
    const accept = name === 'api' ? 'application/json' : name.startsWith('sitemap') ? 'application/xml' : 'text/html';
    await warm({ origin: app.origin, paths, connections: settings.connections, durationSec: settings.warmupSec, unique });
    const m = await measure({
      origin: app.origin,
      paths,
      connections: settings.connections,
      durationSec: settings.durationSec,
      accept,
      unique,
    });
    for (const server of app.processes ?? [app])
      if (server.exited() !== null)
        throw new Error(`the server stopped (${server.exited()}) while measuring ${name}:\n${server.output.join('')}`);
    pages[name] = {
      paths: paths.length > 4 ? [`${paths.length} paths, e.g. ${paths[0]}`] : paths,
      probeStatus: probe.status,
      probeBytes: probe.body.byteLength,
      ...m,
    };
    log(
      `[bench] ${label.padEnd(9)} ${name.padEnd(12)} ${String(m.rps).padStart(8)} req/s  p50 ${m.latencyMs.p50} ms  p97.5 ${m.latencyMs.p97_5} ms  p99 ${m.latencyMs.p99} ms  non2xx ${m.non2xx}  errors ${m.errors}`,
    );
  }
  return pages;
}

/**
 * deploy/nginx.conf in front of `settings.nginxProcesses` app processes on one PostgreSQL database,
 * configured as deploy/README.md says (TRUST_PROXY, one SITE_URL, one data folder); every page type
 * loaded through nginx over HTTPS. Returns the measurements and how many requests each process answered.
 */
async function behindNginx({ n, dataDir, databaseUrl, seed }) {
  const ports = { https: settings.port + 3, http: settings.port + 4 };
  const appPorts = Array.from({ length: settings.nginxProcesses }, (_, i) => settings.port + 5 + i);
  const siteUrl = `https://127.0.0.1:${ports.https}`;
  const processes = [];
  let nginx = null;
  try {
    // One after the other: the first applies the migrations.
    for (const port of appPorts) {
      processes.push(
        await startApp({
          port,
          dataDir,
          databaseUrl,
          env: { TRUST_PROXY: 'true', SITE_URL: siteUrl },
          logFile: path.join(TMP, `app-n${n}-nginx-${port}.log`),
        }),
      );
    }
    nginx = await startDeployNginx({ prefix: path.join(dataDir, 'deploy-nginx'), dataDir, apps: appPorts, ...ports });
    log(`[bench] deploy/nginx.conf in front of ${appPorts.length} processes (${appPorts.join(', ')}) at ${nginx.origin}`);
    const pages = await loadPages({ origin: nginx.origin, processes }, seed, `nginx×${appPorts.length}`);
    // Which process answered: the access log's upstream= field, counted.
    const upstreams = {};
    for (const match of (await readFile(nginx.accessLog, 'utf8')).matchAll(/upstream=(\S+)/g)) {
      upstreams[match[1]] = (upstreams[match[1]] ?? 0) + 1;
    }
    return { processes: appPorts.length, pages, upstreams };
  } finally {
    await nginx?.stop();
    await Promise.all(processes.map((p) => p.stop()));
  }
}

let variants = null;

/**
 * The five-page slow-3G visit with the CSS inlined and as a stylesheet file, each build started in
 * turn on `dataDir`; Lighthouse on the build whose setting is not the checkout's (the checkout's
 * own is measured by the main Lighthouse pass).
 */
async function cssVisit({ n, dataDir, seed }) {
  variants ??= {
    always: await buildVariant({ root: ROOT, mode: 'always', log }),
    never: await buildVariant({ root: ROOT, mode: 'never', log }),
  };
  const current = /inlineStylesheets: '(\w+)'/.exec(await readFile(path.join(ROOT, 'astro.config.mjs'), 'utf8'))?.[1];
  const paths = ['/', '/homes', seed.samples[0], `/search?query=${SEARCH_TERMS[0]}`, '/Books_And_Stationaries'];
  const result = { profile: 'slow 3G: 400 ms RTT, 400 kbit/s', paths, current, variants: {} };
  for (const [mode, appRoot] of Object.entries(variants)) {
    const app = await startApp({ port: settings.port, dataDir, appRoot, logFile: path.join(TMP, `app-n${n}-css-${mode}.log`) });
    try {
      const { visits, firstVisitLcpMsTotals } = await measureVisit({ origin: app.origin, paths });
      const weight = await measureWeights({ origin: app.origin, pages: { home: '/' } });
      const lighthouse =
        mode === current || !settings.lighthouse
          ? null
          : await runLighthouse({
              origin: app.origin,
              pages: { home: '/', category: '/homes', detail: seed.samples[0], search: paths[3] },
              log,
            });
      result.variants[mode] = { visits, firstVisitLcpMsTotals, cssBytes: weight.home.cssBytes, cssFiles: weight.home.cssFiles, lighthouse };
      for (const v of visits)
        log(
          `[visit] ${mode.padEnd(6)} round ${v.round}: LCP summed ${v.lcpMsTotal} ms, ${(v.bytesTotal / 1024).toFixed(1)} KB, ${v.requestsTotal} requests (${v.pages.map((p) => p.lcpMs).join(' + ')} ms)`,
        );
    } finally {
      await app.stop();
    }
  }
  return result;
}

/**
 * One catalogue size on one backend: seed, serve (as configured by default, then with the page
 * cache off: what a cache miss and every signed-in visitor cost), load every page type, baseline,
 * weight.
 */
/** Warms up, then measures, the one static page a baseline server at `origin` serves, and logs its rate. */
async function measureStatic(origin, label) {
  await warm({ origin, paths: ['/'], connections: settings.connections, durationSec: settings.warmupSec });
  const measured = await measure({ origin, paths: ['/'], connections: settings.connections, durationSec: settings.durationSec });
  log(`[bench] ${label.padEnd(22)} ${String(measured.rps).padStart(8)} req/s  p50 ${measured.latencyMs.p50} ms`);
  return measured;
}

/** The page cache's pages and bytes after a run, from /metrics (null for a build without those gauges). */
async function pageCacheSize(origin) {
  try {
    const text = await (await fetch(`${origin}/metrics`)).text();
    const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    const pages = value('sefer_page_cache_pages');
    return Number.isNaN(pages) ? null : { pages, mb: Math.round(value('sefer_page_cache_bytes') / 1e5) / 10 };
  } catch {
    return null;
  }
}

/** A category's page per category (its first route), for the mixed workload. */
const CATEGORY_PATHS = CATEGORIES.filter((c) => c.kind !== 'list').map((c) => c.routes[0]);

/**
 * The mixed workload (bench/mixed.mjs) at each write rate, one after the other on one process
 * after a warm-up, then the memory pass on a fresh process: idle, and 100 connections of misses.
 * `BENCH_APP_ROOT` measures another build (the commit before) with this benchmark.
 */
async function mixedPass({ n, backend, dataDir, databaseUrl, seed }) {
  const env = { AUTH_SECRET: BENCH_AUTH_SECRET, RATE_LIMIT_SCALE: '1000', METRICS_ALLOW: '127.0.0.1/32' };
  const appRoot = settings.appRoot ?? undefined;
  const common = { listingPaths: seed.listingPaths, listingIds: seed.listingIds, categoryPaths: CATEGORY_PATHS, sessions: seed.buyers };
  const runs = [];
  let app = await startApp({
    port: settings.port,
    dataDir,
    databaseUrl,
    appRoot,
    env,
    logFile: path.join(TMP, `app-n${n}-${backend}-mixed.log`),
  });
  try {
    await runMixed({ origin: app.origin, pid: app.pid, ...common, connections: settings.connections, durationSec: 5, writesPerSecond: 0 });
    for (const writesPerSecond of settings.mixedWrites) {
      const run = await runMixed({
        origin: app.origin,
        pid: app.pid,
        ...common,
        connections: settings.connections,
        durationSec: settings.mixedDurationSec,
        writesPerSecond,
      });
      run.pageCache = await pageCacheSize(app.origin);
      log(
        `[mixed] ${backend} n=${n} writes ${writesPerSecond}/s: ${run.rps} req/s, hits ${run.hitRate} (all ${run.hitRateAll}, signed-in filled ${run.signedInFilledRate}), p50 ${run.latencyMs.p50} ms p99 ${run.latencyMs.p99} ms, writes ${run.writes.done} done ${run.writes.refused} refused, peak RSS ${run.peakRssMB} MB, timeouts ${run.timeouts}, app cores ${run.appCores}, misses ${JSON.stringify(run.counts.missByKind)}, cache ${JSON.stringify(run.pageCache)}`,
      );
      runs.push(run);
    }
  } finally {
    await app.stop();
  }
  app = await startApp({
    port: settings.port,
    dataDir,
    databaseUrl,
    appRoot,
    env,
    logFile: path.join(TMP, `app-n${n}-${backend}-memory.log`),
  });
  let memory;
  try {
    memory = await runMemory({ origin: app.origin, pid: app.pid, ...common });
    log(
      `[memory] ${backend} n=${n}: idle ${memory.idleRssMB} MB, peak ${memory.peakRssMB} MB at ${memory.connections} connections of misses, ${JSON.stringify(memory.statuses)}, timeouts ${memory.timeouts}`,
    );
  } finally {
    await app.stop();
  }
  return { appRoot: settings.appRoot, runs, memory };
}

async function runSize({ n, backend, databaseUrl, withLighthouse, withVisit = false }) {
  const dataDir = path.join(TMP, `n${n}-${backend}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  log(`\n[bench] ${n.toLocaleString('en-US')} listings on ${backend}: seeding…`);
  const seed = await seedCatalogue({ n, dataDir, databaseUrl, log });
  // The results keep the seed's counts and timings, not its lists of paths and sessions.
  const seeded = Object.fromEntries(Object.entries(seed).filter(([key]) => !['listingPaths', 'listingIds', 'buyers'].includes(key)));
  const result = { n, backend, seed: { ...seeded, samples: seed.samples.length }, pages: {}, baseline: {} };
  if (settings.mixed) result.mixed = await mixedPass({ n, backend, dataDir, databaseUrl, seed });
  if (settings.mixedOnly) return result;
  try {
    if (settings.uncached) {
      const app = await startApp({
        port: settings.port,
        dataDir,
        databaseUrl,
        env: { PAGE_CACHE_SECONDS: '0' },
        appRoot: settings.appRoot ?? undefined,
        logFile: path.join(TMP, `app-n${n}-${backend}-uncached.log`),
      });
      try {
        log(`[bench] server ready in ${app.readyMs} ms (PAGE_CACHE_SECONDS=0)`);
        result.pagesUncached = await loadPages(app, seed, 'uncached');
      } finally {
        await app.stop();
      }
    }
    const app = await startApp({
      port: settings.port,
      dataDir,
      databaseUrl,
      appRoot: settings.appRoot ?? undefined,
      logFile: path.join(TMP, `app-n${n}-${backend}.log`),
    });
    result.serverReadyMs = app.readyMs;
    log(`[bench] server ready in ${app.readyMs} ms (default configuration)`);
    try {
      // Every request a miss of the running page cache (its own `miss` parameter): what a page that
      // is not cached costs, compression and storing included.
      if (settings.misses) result.pagesMissed = await loadPages(app, seed, 'misses', { unique: true });
      result.pages = await loadPages(app, seed, 'default');

      // Baseline: the category page's exact HTML bytes served as a static file.
      const staticDir = path.join(dataDir, 'static');
      await mkdir(staticDir, { recursive: true });
      const html = (await get(app.origin + '/homes', { 'accept-encoding': 'identity' })).body;
      const file = path.join(staticDir, 'category.html');
      await writeFile(file, html);
      result.baseline.htmlBytes = html.length;
      const node = await startStaticNode({ port: settings.port + 1, file });
      try {
        result.baseline.node = await measureStatic(node.origin, 'static node');
      } finally {
        await node.stop();
      }
      const nginx = await startStaticNginx({ port: settings.port + 2, dir: staticDir, fileName: 'category.html' });
      if (nginx) {
        try {
          result.baseline.nginx = await measureStatic(nginx.origin, 'static nginx');
        } finally {
          await nginx.stop();
        }
      } else {
        result.baseline.nginx = null;
      }

      if (settings.weight) {
        const pages = {
          home: '/',
          category: '/homes',
          search: `/search?query=${SEARCH_TERMS[0]}`,
          nearby: NEARBY,
          detail: seed.samples[0],
          'home (am)': '/am/',
          'category (am)': '/am/homes',
        };
        result.weight = await measureWeights({ origin: app.origin, pages });
        result.bodyWeight = await bodyWeights({
          origin: app.origin,
          paths: { api: '/api/products/?category=homes', sitemap: '/sitemap.xml' },
        });
        log(`[bench] page weight measured (${Object.keys(result.weight).join(', ')})`);
      }
      if (withLighthouse) {
        const pages = {
          home: '/',
          category: '/homes',
          detail: seed.samples[0],
          search: `/search?query=${SEARCH_TERMS[0]}`,
          'home (am)': '/am/',
          'category (am)': '/am/homes',
        };
        result.lighthouse = await runLighthouse({ origin: app.origin, pages, log });
        // Issue 17: the first screen on slow 3G, for the four pages in both languages.
        const slowPages = {
          ...pages,
          'detail (am)': `/am${seed.samples[0]}`,
          'search (am)': `/am/search?query=${SEARCH_TERMS[0]}`,
        };
        result.lighthouseSlow3g = await runLighthouse({ origin: app.origin, pages: slowPages, throttling: SLOW_3G, log });
      }
      // Issues 17 and 30: what lite mode and the offline worker cost and save, on the largest catalogue:
      // home, a category and a deal in both languages, each at least half as heavy in lite mode.
      if (withLighthouse && settings.lite) {
        result.lite = await measureLitePages({ origin: app.origin, pages: await litePages(app.origin, '/homes'), log });
      }
      if (withLighthouse && settings.offline) {
        const paths = ['/', '/homes', seed.samples[0], `/search?query=${SEARCH_TERMS[0]}`, '/Books_And_Stationaries'];
        result.offline = await measureOffline({ origin: app.origin, paths, log });
      }
    } finally {
      await app.stop();
    }
    if (backend === 'postgres' && settings.nginxProcesses > 0) {
      if (nginxInstalled()) result.behindNginx = await behindNginx({ n, dataDir, databaseUrl, seed });
      else log(`[bench] ${NGINX} is not installed: no pass through deploy/nginx.conf`);
    }
    if (withVisit) result.visit = await cssVisit({ n, dataDir, seed });
  } finally {
    if (!settings.keepData) await rm(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** Ratios: each page's throughput to static serving; p50 at the largest size to p50 at the smallest. */
export function summarize(runs) {
  const summary = {};
  const backends = [...new Set(runs.map((r) => r.backend))];
  for (const backend of backends) {
    const list = runs.filter((r) => r.backend === backend).sort((a, b) => a.n - b.n);
    const small = list[0];
    const large = list.at(-1);
    const s = { sizes: list.map((r) => r.n) };
    for (const [pass, key] of [
      ['default', 'pages'],
      ['uncached', 'pagesUncached'],
      ['misses', 'pagesMissed'],
    ]) {
      if (!large?.[key]) continue;
      const toStatic = {};
      for (const r of list) {
        const staticRps = r.baseline.node?.rps;
        toStatic[r.n] = Object.fromEntries(
          Object.entries(r[key] ?? {}).map(([name, p]) => [name, staticRps ? Math.round((p.rps / staticRps) * 1000) / 1000 : null]),
        );
      }
      const p50Growth = {};
      if (small && small !== large) {
        for (const name of Object.keys(large[key])) {
          const a = small[key]?.[name]?.latencyMs.p50;
          const b = large[key][name]?.latencyMs.p50;
          p50Growth[name] = a && b ? Math.round((b / a) * 100) / 100 : null;
        }
      }
      s[pass] = { toStatic, p50Growth };
    }
    // The acceptance of issue 16: each page's throughput to nginx serving the same page precompressed.
    s.toNginx = {};
    for (const r of list) {
      const nginxRps = r.baseline.nginx?.rps;
      if (!nginxRps) continue;
      const ratios = (pages) =>
        Object.fromEntries(Object.entries(pages ?? {}).map(([name, p]) => [name, Math.round((p.rps / nginxRps) * 1000) / 1000]));
      s.toNginx[r.n] = { default: ratios(r.pages), ...(r.behindNginx ? { behindNginx: ratios(r.behindNginx.pages) } : {}) };
    }
    summary[backend] = s;
  }
  return summary;
}

async function main() {
  const started = Date.now();
  const commit = git('rev-parse', 'HEAD');
  const dirty = Boolean(git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'scripts', 'drizzle', 'astro.config.mjs'));
  const report = {
    startedAt: new Date(started).toISOString(),
    commit,
    branch: git('rev-parse', '--abbrev-ref', 'HEAD'),
    sourcesDirty: dirty,
    machine: machine(),
    settings: {
      ...settings,
      databaseUrl: settings.databaseUrl ? '(set)' : null,
      searchTerms: SEARCH_TERMS,
      nearby: NEARBY,
      acceptEncoding: 'gzip, deflate, br',
    },
    command: `BENCH_LISTINGS=${settings.listings.join(',')} BENCH_DURATION=${settings.durationSec} npm run bench`,
    buildMs: ensureBuild(log),
    runs: [],
  };
  const largest = Math.max(...settings.listings);
  for (const n of settings.listings) {
    report.runs.push(
      await runSize({
        n,
        backend: 'pglite',
        withLighthouse: settings.lighthouse && n === largest,
        withVisit: settings.visit && n === largest,
      }),
    );
    if (settings.databaseUrl) {
      const run = await withPostgresDatabase(settings.databaseUrl, `sefer_bench_${n}`, (databaseUrl) =>
        runSize({ n, backend: 'postgres', databaseUrl, withLighthouse: false }),
      );
      report.runs.push(run);
    }
  }
  if (settings.mixedOnly) {
    report.finishedAt = new Date().toISOString();
    report.totalSec = Math.round((Date.now() - started) / 1000);
    const file = path.join(ROOT, 'bench/results', `${report.startedAt.slice(0, 10)}${settings.label ? `-${settings.label}` : ''}.json`);
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    log(`\n${renderMixed(report.runs)}`);
    log(`[bench] results written to ${path.relative(ROOT, file)} in ${report.totalSec} s`);
    return;
  }
  report.summary = summarize(report.runs);
  report.finishedAt = new Date().toISOString();
  report.totalSec = Math.round((Date.now() - started) / 1000);
  const date = report.startedAt.slice(0, 10);
  const file = path.join(ROOT, 'bench/results', `${date}${settings.label ? `-${settings.label}` : ''}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`\n${renderReport(report, path.relative(ROOT, file))}`);
  if (settings.mixed) log(`\n${renderMixed(report.runs)}`);
  log(`[bench] results written to ${path.relative(ROOT, file)} in ${report.totalSec} s`);
  const lighthoused = report.runs.find((r) => r.lighthouse);
  if (lighthoused) {
    const shortfalls = accessibilityShortfalls(lighthoused.lighthouse);
    if (shortfalls.length > 0) {
      console.error(`\n[bench] FAIL: Lighthouse accessibility is below 100 on:\n${shortfalls.map((l) => `  - ${l}`).join('\n')}`);
      process.exitCode = 1;
    } else {
      log('[bench] Lighthouse accessibility is 100 on home, category, detail and search.');
    }
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
