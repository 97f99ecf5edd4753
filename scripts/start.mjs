/**
 * `npm start`: builds when needed, opens and migrates the database (seeding an empty embedded one),
 * then serves the app with compression. Cached public pages are answered here, before Astro runs
 * (src/platform/cache/front-cache.server.ts); `/healthz` says the process is alive, `/readyz` that it
 * can serve (the database and, on S3, the media bucket answer), `/metrics` what it did (to the addresses
 * allowed); /healthz carries the build's version and commit and when the process started. Every request is logged as one JSON line
 * (platform/log). SIGTERM/SIGINT close the server (with ROLLING_RESTART, after draining), then the database.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import compression from 'compression';
import { ensureBuild } from './ensure-build.mjs';
import { listStaticFiles, serveStaticFile } from './static-files.mjs';
import { limitRequestBodies } from '#platform/http/body-limit.server.ts';
import { processLifecycle } from '#platform/process/lifecycle.ts';
import { logger, routeConsoleToLog } from '#platform/log/log.server.ts';
import { observeRequests } from '#platform/log/access-log.server.ts';
import { currentRequest } from '#platform/log/request-context.server.ts';
import { isMetricsRequest, metricsHandler } from '#platform/metrics/metrics-endpoint.server.ts';
import { CHECK_EVERY_MS, createQuietCollector, memoryReducingCollection, QUIET_MS } from '#platform/process/quiet-collector.server.ts';

const log = logger('start');
// Whatever a library prints (Astro's render errors, with their stacks) becomes one JSON line too.
routeConsoleToLog();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
ensureBuild();

// PGlite's Postgres runs on V8's baseline WebAssembly compiler only: TurboFan's compilation of it
// kept about 80 MB for good, for an uncached search 6 % faster (decision 30, seventh session). Set
// here, before the database's module is compiled, so that the process runs alike however it is
// started (NODE_OPTIONS refuses this flag). Set at run time, the flag does not bring what it implies
// on a command line: no tier-up is said too (measured: 370 MB idle without them, 290 MB with them,
// as on a command line). It changes nothing without WebAssembly (PostgreSQL).
setFlagsFromString('--liftoff-only');
setFlagsFromString('--no-wasm-tier-up');
setFlagsFromString('--no-wasm-dynamic-tiering');

// Astro's adapter in middleware mode: the app only; the build's static files are served here (static-files.mjs).
const { handler: astro } = await import(path.join(root, 'dist/server/entry.mjs'));
const client = path.join(root, 'dist/client');
const staticFiles = listStaticFiles(client);
/** A static file of the build, else the app (a path that cannot be decoded is refused, as Astro's own server does). */
function handler(req, res) {
  try {
    decodeURI(req.url ?? '/');
  } catch {
    res.writeHead(400);
    res.end('Bad request.');
    return;
  }
  if (!serveStaticFile(req, res, client, staticFiles)) astro(req, res);
}
const { config } = await import(path.join(root, 'src/platform/config/config.server.ts'));

let settings;
try {
  settings = config();
} catch (error) {
  log.fatal(`[start] ${error.message}`);
  log.flush();
  process.exit(1);
}

// At most MAX_CONCURRENT_RENDERS pages rendered at once; beyond a short queue a quick 503 (cached pages never wait).
const { createLoadShedder, loadSheddingOptions } = await import('#platform/http/load-shedding.server.ts');
const shedder = createLoadShedder(loadSheddingOptions(settings.maxConcurrentRenders));

// AUTH_SECRET rotated: session cookies signed with a previous secret are signed again, nobody is signed out.
const { sessionCookieResigner } = await import('#platform/http/secret-rotation.server.ts');
const resign = sessionCookieResigner(settings.authSecret, settings.authSecretPrevious);

// Memory back when quiet: once ready, and after each spell without requests (platform/process/quiet-collector.server.ts).
const quiet = createQuietCollector({
  quietMs: QUIET_MS,
  checkEveryMs: CHECK_EVERY_MS,
  collect: memoryReducingCollection(),
  collected: ({ rssBeforeMb, rssAfterMb, ms, reason }) =>
    log[reason === 'ready' ? 'info' : 'debug'](
      `[memory] ${reason}: garbage collected in ${ms} ms, resident ${rssBeforeMb} → ${rssAfterMb} MB`,
    ),
});

// Astro's standalone server sends everything uncompressed; visitors pay for every byte.
const compress = compression({ threshold: 1024 });
/** What this build is (written by the build: astro.config.mjs), for /healthz and the log. */
const build = readBuildInfo();
/** When this process started: deploy/restart.sh checks that the process answering after a restart is a new one. */
const startedAt = new Date().toISOString();
// Prometheus's scrape (METRICS_ALLOW, METRICS_TOKEN): answered here, never cached nor queued.
const metrics = metricsHandler({ ...settings.metrics, trustProxy: settings.trustProxy });
// Every request gets an id (X-Request-Id), an access line and its metrics (platform/log/access-log.server.ts).
const listener = observeRequests(
  limitRequestBodies((req, res) => {
    // Draining before a stop: every answer closes its connection, so nginx opens its next one to another process.
    if (draining) res.setHeader('Connection', 'close');
    const resigned = resign?.(
      req.headers.cookie,
      settings.trustProxy ? req.headers['x-forwarded-proto'] === 'https' : Boolean(req.socket.encrypted),
    );
    if (resigned) {
      req.headers.cookie = resigned.cookie;
      res.appendHeader('Set-Cookie', resigned.setCookies);
    }
    if (isLivenessCheck(req)) return alive(res);
    if (draining && isReadinessCheck(req)) return named('/readyz', () => notReady(res));
    if (isMetricsRequest(req)) return named('/metrics', () => metrics(req, res));
    if (frontCache()?.(req, res)) return;
    quiet.request();
    shedder.handle(req, res, () => compress(req, res, () => handler(req, res)));
  }),
);
const server = http.createServer(listener);

/** Names the route of a request answered here (its metrics label). */
function named(route, answer) {
  const info = currentRequest();
  if (info) info.route = route;
  answer();
}

/** The lifecycle the bundled app's boot registers (the database lives inside the bundle). */
const lifecycle = processLifecycle;
/** The bundle's page cache, answering a cached page before Astro runs (registered by the middleware). */
const frontCache = () => globalThis[Symbol.for('sefer.frontCache')];

const isLivenessCheck = (req) => (req.method === 'GET' || req.method === 'HEAD') && /^\/healthz(\?|$)/.test(req.url ?? '');
const isReadinessCheck = (req) => /^\/readyz(\?|$)/.test(req.url ?? '');
const NO_STORE_JSON = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
/** Alive: this process answers, whatever the database does (a balancer restarts a process that does not). With the build's version and commit, and when it started. */
function alive(res) {
  named('/healthz', () => undefined);
  res.writeHead(200, NO_STORE_JSON);
  res.end(JSON.stringify({ ok: true, ...build, startedAt }));
}
/** Not ready: this process is about to stop (send visitors elsewhere). */
function notReady(res) {
  res.writeHead(503, { ...NO_STORE_JSON, 'Retry-After': '5' });
  res.end('{"ok":false,"draining":true}');
}

function readBuildInfo() {
  try {
    const info = JSON.parse(readFileSync(path.join(root, 'dist/server/build-info.json'), 'utf8'));
    return { version: String(info.version), commit: info.commit ? String(info.commit) : null };
  } catch {
    return { version: 'unknown', commit: null };
  }
}

/**
 * Waits until the app behind `readyz` is ready: Astro loads page and middleware modules on the
 * first request, so make that request ourselves. It starts opening the database and is answered
 * at once (503 "starting" until the database is open, migrated and seeded); then wait for the
 * database and check that the readiness check passes.
 */
async function warmUp(readyz) {
  // No kept-alive connection: opening the database can block this process longer than the idle
  // timeout, and the second check would then be written on a socket the server is closing (ECONNRESET).
  const check = () => fetch(readyz, { headers: { connection: 'close' } });
  await (await check()).arrayBuffer();
  await lifecycle()?.ready();
  const response = await check();
  if (!response.ok) throw new Error(`health check answered ${response.status}`);
}

const urlOf = (host, port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Listens on the configured port: at once (answering "starting" meanwhile), or with ROLLING_RESTART only once ready. */
async function serve() {
  const started = Date.now();
  const listen = () => new Promise((resolve) => server.listen(settings.port, settings.host, resolve));
  try {
    if (settings.rollingRestart) {
      // Behind nginx with other processes: the port stays closed until this process can serve, so
      // nginx sends every request (a POST too: never sent, it is safe to send elsewhere) to the others.
      const warm = http.createServer(listener);
      await new Promise((resolve) => warm.listen(0, '127.0.0.1', resolve));
      await warmUp(`${urlOf('127.0.0.1', warm.address().port)}/readyz`);
      await new Promise((resolve) => warm.close(resolve));
      await listen();
    } else {
      await listen();
      const host = ['0.0.0.0', '::'].includes(settings.host) ? '127.0.0.1' : settings.host;
      await warmUp(`${urlOf(host, settings.port)}/readyz`);
    }
  } catch (error) {
    if (stopping) return;
    log.fatal({ err: error }, '[start] the database could not be opened');
    log.flush();
    process.exit(1);
  }
  quiet.collectNow('ready');
  quiet.start();
  const version = `version ${build.version}${build.commit ? `, commit ${build.commit.slice(0, 12)}` : ''}`;
  log.info(`[start] Sefer is ready at http://${settings.host}:${settings.port} (${version}; warm-up ${Date.now() - started} ms)`);
}
void serve();

server.on('error', (error) => {
  log.fatal({ err: error }, `[start] ${error.message}`);
  log.flush();
  process.exit(1);
});

let stopping = false;
let draining = false;
/** Seconds a stopping process keeps answering (each answer closing its connection) before it closes its port. */
const DRAIN_SECONDS = 5;
/** Seconds in-flight requests (a phone's upload) may take to finish once the port is closed. */
const IN_FLIGHT_SECONDS = 60;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  quiet.stop();
  if (settings.rollingRestart && server.listening) {
    // nginx keeps idle connections for 4 s (deploy/nginx.conf): closing them under it could lose a
    // POST it was writing. Answer for a while with `Connection: close` instead, then close the port.
    log.info(`[start] ${signal}: draining for ${DRAIN_SECONDS} s…`);
    draining = true;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_SECONDS * 1000));
  }
  log.info(`[start] ${signal}: closing the server and the database…`);
  // Called at once (with an error) when the port was never opened, else once every connection has ended.
  const closed = new Promise((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), IN_FLIGHT_SECONDS * 1000);
  force.unref();
  await closed;
  await lifecycle()?.close();
  log.info('[start] stopped cleanly.');
  log.flush();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
