/**
 * The process's database: opened, migrated and (first start of an empty embedded database)
 * seeded once, before the server reports ready.
 */
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { requestClock } from './clock.server.ts';
import { config } from './config.server.ts';
import { countListings, isSeeded, seedDemoCatalogue } from './seed.server.ts';

let opening: Promise<DatabaseHandle> | undefined;

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
  if (current) await (await current).close();
}

// The start script (outside the bundle) reaches the database's lifecycle through this symbol.
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.lifecycle')] = {
  ready: () => database(),
  close: closeDatabase,
};
