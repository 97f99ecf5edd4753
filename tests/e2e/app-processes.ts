/**
 * App processes of their own for e2e tests that need more than the shared e2e server: several
 * processes on one PostgreSQL, a server restarted or started with other settings.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface AppProcess {
  child: ChildProcess;
  /** Resolves once the process reports ready; rejects with its log when it exits or takes 45 s. */
  ready: Promise<void>;
  /** Everything it printed (stdout and stderr). */
  log: string[];
}

/** Starts `node scripts/start.mjs` with `env` added to this process's environment. */
export function startApp(env: Record<string, string>, log: string[] = []): AppProcess {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${log.join('')}`)), 45_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes('Sefer is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before it was ready:\n${log.join('')}`));
    });
  });
  ready.catch(() => undefined);
  child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { child, ready, log };
}

/** Stops a process with SIGTERM (SIGKILL after 5 s) and waits for it to exit. */
export async function stopApp(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(force);
}

/** An app's environment on PostgreSQL: its own data folder, no demo seed, write limits out of the way. */
export const postgresAppEnv = (databaseUrl: string, port: number, dataDir: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  RATE_LIMIT_SCALE: '1000',
  ...extra,
});

/**
 * A new, empty database on the server of `serverUrl` (TEST_DATABASE_URL): its URL, and a function
 * that drops it.
 */
export async function freshDatabase(serverUrl: string, prefix = 'sefer_e2e'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A throwaway PostgreSQL server of a test's own (scripts/postgres-test-server.sh on `port`, its files
 * in `dir`), which the test may stop and start again without disturbing the shared test server.
 * `start()` resolves with its admin URL (database `postgres`) once it accepts connections.
 */
export function ownPostgres(port: number, dir: string) {
  const run = promisify(execFile);
  const script = path.join(ROOT, 'scripts/postgres-test-server.sh');
  const env = { ...process.env, PGTEST_PORT: String(port), PGTEST_DIR: dir };
  return {
    start: async () => {
      const { stdout } = await run(script, ['start'], { env });
      return /TEST_DATABASE_URL=(\S+)/.exec(stdout)![1]!;
    },
    stop: () => run(script, ['stop'], { env }),
  };
}
