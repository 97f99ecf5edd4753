/**
 * The process's database: opened, migrated and (first start of an empty embedded database)
 * seeded once, before the server reports ready.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { config } from '#platform/config/config.server.ts';
import { countListings, isSeeded, seedDemoCatalogue } from '#seed/seed.server.ts';
import { seedPromotionPlans } from '#features/promotions/promotions.server.ts';
import { runOnce } from '#platform/jobs/run-once.server.ts';

let opening: Promise<DatabaseHandle> | undefined;
/** Set once the database is open, migrated and seeded: requests are served from then on. */
let opened: DatabaseHandle | undefined;
/** Interrupts a first start's seed when the process is asked to stop. */
let stopOpening: AbortController | undefined;
let analyzeTimer: ReturnType<typeof setInterval> | undefined;

/**
 * PGlite runs no autovacuum, so nothing else ever gathers planner statistics: without them the
 * planner guesses a few rows per table and can walk a whole index where a short range would do
 * (measured at 100,000 listings). ANALYZE samples at most 30,000 rows per table, so it takes about
 * as long at any catalogue size (1.5 s at 100,000 listings on a busy 2-core machine). On
 * PostgreSQL autovacuum also does it, but only after enough rows changed: a freshly imported or
 * restored catalogue would be planned blind until then. Either way one process does it for all.
 */
const ANALYZE_EVERY_MS = 6 * 3_600_000;

async function analyze(db: Database): Promise<void> {
  const started = Date.now();
  const ran = await runOnce(db, 'planner-statistics', ANALYZE_EVERY_MS - 60_000, new Date(), async (tx) => {
    await tx.execute(sql`analyze`);
  });
  if (ran) console.log(`[db] planner statistics gathered in ${Date.now() - started} ms`);
}

async function open(signal: AbortSignal): Promise<DatabaseHandle> {
  const c = config();
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: c.databaseUrl,
    dataDir: c.databaseUrl ? undefined : `${c.dataDir}/pglite`,
    migrationsFolder: c.migrationsFolder,
  });
  console.log(`[db] ${handle.driver} open and migrated in ${Date.now() - started} ms`);
  try {
    // Every database sells promotions, seeded or not: the plans are added when missing.
    await seedPromotionPlans(handle.db);
    if (!c.databaseUrl && c.seedDemo && !(await isSeeded(handle.db)) && (await countListings(handle.db)) === 0) {
      await seedDemoCatalogue(handle.db, { dataDir: c.dataDir, now: requestClock(), log: console.log, signal });
    }
    await analyze(handle.db);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  analyzeTimer = setInterval(() => {
    analyze(handle.db).catch((error: unknown) => console.error('[db] analyze failed:', error));
  }, ANALYZE_EVERY_MS);
  analyzeTimer.unref();
  const { backfillIcons } = await import('#features/media/image-icons.server.ts');
  const { mediaStorage } = await import('#features/media/media-storage.server.ts');
  backfillIcons(handle.db, mediaStorage())
    .then((added) => added > 0 && console.log(`[media] card icons added to ${added} stored images`))
    .catch((error: unknown) => console.error('[media] card icons not added:', error));
  if (c.telegram) {
    const { startTelegramWorker } = await import('#features/telegram/runtime.server.ts');
    startTelegramWorker(handle.db);
  }
  // Renewal reminders and saved-search digests (one process at a time, through a lease).
  const { startChores } = await import('#platform/jobs/chores.server.ts');
  startChores(handle.db);
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
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (current instanceof Error && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Closes the database (on SIGTERM, after the HTTP server has stopped). */
export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  opened = undefined;
  stopOpening?.abort(new Error('the server is stopping'));
  clearInterval(analyzeTimer);
  const { stopPageCacheSync } = await import('#platform/cache/page-cache-sync.server.ts');
  await stopPageCacheSync();
  const { stopChores } = await import('#platform/jobs/chores.server.ts');
  await stopChores().catch((error: unknown) => console.error('[chores] stop failed:', error));
  if (config().telegram) {
    const { stopTelegramWorker } = await import('#features/telegram/runtime.server.ts');
    await stopTelegramWorker();
  }
  // An opening that failed (or was interrupted just now) has closed its database itself.
  const handle = await current?.catch(() => undefined);
  await handle?.close();
}

// The start script (outside the bundle) reaches the database's lifecycle through this symbol.
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.lifecycle')] = {
  ready: () => database(),
  close: closeDatabase,
};
