/**
 * The process's database: opened and migrated once, then prepared by the process (the boot in
 * src/platform/process: seed, ANALYZE, background work) before it is handed out. This module only
 * opens and closes it; it starts nothing and imports no feature.
 */
import { openDatabase, type Database, type DatabaseHandle } from '#db/client.ts';
import { config } from '#platform/config/config.server.ts';
import { queryLogger } from './query-observers.ts';
import { countQueriesOf } from './query-count.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { DependencyUnavailable } from '#platform/health/dependencies.ts';

const log = logger('db');

/** What the process does with a freshly opened database before serving it; throwing fails the opening. */
export type Preparation = (db: Database, signal: AbortSignal) => Promise<void>;

let opening: Promise<DatabaseHandle> | undefined;
/** Set once the database is open, migrated and prepared: requests are served from then on. */
let opened: DatabaseHandle | undefined;
/** Interrupts a first start's preparation (the seed) when the process is asked to stop. */
let stopOpening: AbortController | undefined;
let preparation: Preparation | undefined;

/** Sets the preparation (src/platform/process/boot.server.ts, before the first request). */
export function prepareDatabaseWith(prepare: Preparation): void {
  preparation = prepare;
}

async function open(signal: AbortSignal): Promise<DatabaseHandle> {
  const c = config();
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: c.databaseUrl,
    dataDir: c.databaseUrl ? undefined : `${c.dataDir}/pglite`,
    migrationsFolder: c.migrationsFolder,
    logger: queryLogger,
    onConnectionLost: (error) => log.error({ dependency: 'database' }, `[db] connection lost: ${error.message}`),
  });
  log.info(`[db] ${handle.driver} open and migrated in ${Date.now() - started} ms`);
  // Each request's statements are counted from here on (Server-Timing; query-count.server.ts).
  countQueriesOf(handle);
  try {
    await preparation?.(handle.db, signal);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

/** The shared database, opened on first use. */
export async function database(): Promise<Database> {
  if (!opening) {
    stopOpening = new AbortController();
    opening = open(stopOpening.signal).then(
      (handle) => (opened = handle),
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    );
  }
  return (await opening).db;
}

/**
 * The database when it is ready; otherwise undefined, and its opening is under way (the first
 * start migrates and seeds for a while: requests meanwhile are told to come back).
 */
export function readyDatabase(): Database | undefined {
  if (opened) return opened.db;
  database().catch(() => {
    // the start script reports a failed opening; the next request tries again
  });
  return undefined;
}

/** Driver errors that mean the database server cannot be reached right now (not a bad query). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/** True when the error (or one it wraps, as Drizzle does) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    // Another service's failure (the media bucket's ECONNREFUSED): not the database's.
    if (current instanceof DependencyUnavailable) return current.dependency === 'database';
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (current instanceof Error && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Closes the database (on SIGTERM, after the HTTP server has stopped). `beforeClose` stops what
 * still uses it (the background work, the page-cache sync) once a first start's seed is told to stop.
 */
export async function closeDatabase(beforeClose?: () => Promise<void>): Promise<void> {
  const current = opening;
  opening = undefined;
  opened = undefined;
  stopOpening?.abort(new Error('the server is stopping'));
  await beforeClose?.();
  // An opening that failed (or was interrupted just now) has closed its database itself.
  const handle = await current?.catch(() => undefined);
  await handle?.close();
}
