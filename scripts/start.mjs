/**
 * `npm start`: builds when needed, opens and migrates the database (seeding an empty embedded one),
 * then serves the app with compression. Cached public pages are answered here, before Astro runs
 * (src/platform/cache/front-cache.server.ts); `/healthz` says the process is alive, `/readyz` that it
 * can serve (the database and, on S3, the media bucket answer), `/metrics` what it did (to the addresses
 * allowed). Every request is logged as one JSON line (platform/log). SIGTERM/SIGINT close the server, then the database.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { ensureBuild } from './ensure-build.mjs';
import { limitRequestBodies } from '#platform/http/body-limit.server.ts';
import { processLifecycle } from '#platform/process/lifecycle.ts';
import { logger, routeConsoleToLog } from '#platform/log/log.server.ts';
import { observeRequests } from '#platform/log/access-log.server.ts';
import { currentRequest } from '#platform/log/request-context.server.ts';
import { isMetricsRequest, metricsHandler } from '#platform/metrics/metrics-endpoint.server.ts';

const log = logger('start');
// Whatever a library prints (Astro's render errors, with their stacks) becomes one JSON line too.
routeConsoleToLog();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
ensureBuild();

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(path.join(root, 'dist/server/entry.mjs'));
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

// Astro's standalone server sends everything uncompressed; visitors pay for every byte.
const compress = compression({ threshold: 1024 });
// Prometheus's scrape (METRICS_ALLOW, METRICS_TOKEN): answered here, never cached nor queued.
const metrics = metricsHandler({ ...settings.metrics, trustProxy: settings.trustProxy });
// Every request gets an id (X-Request-Id), an access line and its metrics (platform/log/access-log.server.ts).
const server = http.createServer(
  observeRequests(
    limitRequestBodies((req, res) => {
      if (isLivenessCheck(req)) return alive(res);
      if (isMetricsRequest(req)) return named('/metrics', () => metrics(req, res));
      if (frontCache()?.(req, res)) return;
      shedder.handle(req, res, () => compress(req, res, () => handler(req, res)));
    }),
  ),
);

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
/** Alive: this process answers, whatever the database does (a balancer restarts a process that does not). */
function alive(res) {
  named('/healthz', () => undefined);
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end('{"ok":true}');
}

server.listen(settings.port, settings.host, async () => {
  const started = Date.now();
  try {
    // Astro loads page and middleware modules on the first request: make that request ourselves.
    // It starts opening the database and is answered at once (503 "starting" until the database
    // is open, migrated and seeded, as is every other request meanwhile); then wait for the
    // database and check that the readiness check passes before anyone is told the server is ready.
    const host = ['0.0.0.0', '::'].includes(settings.host) ? '127.0.0.1' : settings.host;
    const readyz = `http://${host.includes(':') ? `[${host}]` : host}:${settings.port}/readyz`;
    // No kept-alive connection: opening the database can block this process longer than the idle
    // timeout, and the second check would then be written on a socket the server is closing (ECONNRESET).
    const check = () => fetch(readyz, { headers: { connection: 'close' } });
    await (await check()).arrayBuffer();
    await lifecycle()?.ready();
    const response = await check();
    if (!response.ok) throw new Error(`health check answered ${response.status}`);
  } catch (error) {
    if (stopping) return;
    log.fatal({ err: error }, '[start] the database could not be opened');
    log.flush();
    process.exit(1);
  }
  log.info(`[start] Sefer is ready at http://${settings.host}:${settings.port} (warm-up ${Date.now() - started} ms)`);
});

server.on('error', (error) => {
  log.fatal({ err: error }, `[start] ${error.message}`);
  log.flush();
  process.exit(1);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log.info(`[start] ${signal}: closing the server and the database…`);
  server.close();
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  force.unref();
  await new Promise((resolve) => server.once('close', resolve));
  await lifecycle()?.close();
  log.info('[start] stopped cleanly.');
  log.flush();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
