/**
 * The process's database: opened, migrated and (first start of an empty embedded database)
 * seeded once, before the server reports ready.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { requestClock } from './clock.server.ts';
import { config } from './config.server.ts';
import { countListings, isSeeded, seedDemoCatalogue } from './seed.server.ts';

let opening: Promise<DatabaseHandle> | undefined;
let analyzeTimer: ReturnType<typeof setInterval> | undefined;

/**
 * PGlite runs no autovacuum, so nothing else ever gathers planner statistics: without them the
 * planner guesses a few rows per table and can walk a whole index where a short range would do
 * (measured at 100,000 listings). ANALYZE samples at most 30,000 rows per table, so it takes about
 * as long at any catalogue size (1.5 s at 100,000 listings on a busy 2-core machine).
 */
const ANALYZE_EVERY_MS = 6 * 3_600_000;

async function analyze(db: Database): Promise<void> {
  const started = Date.now();
  await db.execute(sql`analyze`);
  console.log(`[db] planner statistics gathered in ${Date.now() - started} ms`);
}

async function open(): Promise<DatabaseHandle> {
  const c = config();
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: c.databaseUrl,
    dataDir: c.databaseUrl ? undefined : `${c.dataDir}/pglite`,
    migrationsFolder: c.migrationsFolder,
  });
  console.log(`[db] ${handle.driver} open and migrated in ${Date.now() - started} ms`);
  if (!c.databaseUrl && c.seedDemo && !(await isSeeded(handle.db)) && (await countListings(handle.db)) === 0) {
    await seedDemoCatalogue(handle.db, { dataDir: c.dataDir, now: requestClock(), log: console.log });
  }
  if (handle.driver === 'pglite') {
    await analyze(handle.db);
    analyzeTimer = setInterval(() => {
      analyze(handle.db).catch((error: unknown) => console.error('[db] analyze failed:', error));
    }, ANALYZE_EVERY_MS);
    analyzeTimer.unref();
  }
  return handle;
}

/** The shared database, opened on first use. */
export async function database(): Promise<Database> {
  opening ??= open().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return (await opening).db;
}

/** Closes the database (on SIGTERM, after the HTTP server has stopped). */
export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  clearInterval(analyzeTimer);
  if (current) await (await current).close();
}

// The start script (outside the bundle) reaches the database's lifecycle through this symbol.
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.lifecycle')] = {
  ready: () => database(),
  close: closeDatabase,
};
