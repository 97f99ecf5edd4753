/**
 * Starts and stops the production server (`scripts/start.mjs`, through bench/app.mjs) on a benchmark data folder, and the
 * baseline of a minimal Node static server with the same compression (nginx: bench/nginx.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(new URL('..', import.meta.url).pathname);

async function waitFor(url, timeoutMs, child, fallback) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${url}: the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      // A build from before /readyz (issue 16) is ready when /healthz answers.
      if (response.status === 404 && fallback) return waitFor(fallback, deadline - Date.now(), child);
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The Node flags `npm start` of the checkout at `root` runs with (`node --max-semi-space-size=16 scripts/start.mjs`). */
export function startFlags(root) {
  const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  return (
    /^node\s+(.*?)\s*scripts\/start\.mjs/
      .exec(start)?.[1]
      ?.split(/\s+/)
      .filter((flag) => flag.startsWith('--')) ?? []
  );
}

/**
 * `node scripts/start.mjs` with SEED_DEMO=false on `dataDir` (or on `databaseUrl`), from this
 * checkout or from `appRoot` (another build of it). Resolves when /readyz answers;
 * `stop()` sends SIGTERM and waits for a clean exit.
 */
export async function startApp({ port, dataDir, databaseUrl, logFile, appRoot, env: extra = {}, log = () => {} }) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SITE_URL: `http://127.0.0.1:${port}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    ...extra,
  };
  delete env.SEFER_NOW;
  if (!('PAGE_CACHE_SECONDS' in extra)) delete env.PAGE_CACHE_SECONDS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const root = appRoot ?? ROOT;
  // BENCH_APP_FLAGS: more node flags for the app (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const flags = (process.env.BENCH_APP_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...startFlags(root), ...flags, path.join(root, 'bench/app.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const file = logFile ? createWriteStream(logFile) : null;
  const keep = (chunk) => {
    const text = chunk.toString();
    file?.write(text);
    output.push(text);
    if (output.length > 200) output.shift();
    for (const line of text.split('\n')) if (line.trim()) log(`  [app] ${line}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code, signal) => {
    file?.end(`[bench] server exited: code ${code}, signal ${signal}\n`);
  });
  const started = performance.now();
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`, 120_000, child, `http://127.0.0.1:${port}/healthz`);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output.join('')}`, { cause: error });
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    origin: `http://127.0.0.1:${port}`,
    readyMs,
    pid: child.pid,
    output,
    /** Null while running; the exit code or signal once the server has stopped. */
    exited: () => child.exitCode ?? child.signalCode ?? null,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** node:http + fs serving one file through the same compression, in its own process (bench/static-server.mjs). */
export async function startStaticNode({ port, file }) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/static-server.mjs'), String(port), file], { cwd: ROOT, stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/`, 10_000, child);
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `node scripts/ensure-build.mjs`: builds the production server when the sources changed. */
export function ensureBuild(log = console.log) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
  const ms = Math.round(performance.now() - started);
  log(`[bench] build checked in ${ms} ms`);
  return ms;
}
