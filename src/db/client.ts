/**
 * The one database module: PGlite (embedded PostgreSQL) by default, node-postgres when a
 * connection URL is given. Both speak the same Drizzle schema and migrations.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { pgliteStartParams } from './pglite-memory.ts';
import { withPreparedStatements } from './pglite-prepared.ts';
import { namingStatements } from './postgres-named.ts';
import { claimPgliteFolder } from './pglite-folder.ts';

export type Schema = typeof schema;
/** A Drizzle database on either driver; services take it as their first argument. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (tests use it to dump a template). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection URL; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; absent means in memory. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests: a migrated template). */
  loadDataDir?: Blob;
  /** Folder of drizzle-kit migrations to apply; skipped when absent. */
  migrationsFolder?: string;
  /** Drizzle logger, e.g. to count queries in tests. */
  logger?: Logger;
  /** Pool size for node-postgres. */
  maxConnections?: number;
  /** How long node-postgres waits for a new connection before failing (default 5 s). */
  connectTimeoutMs?: number;
  /** Told of a pooled connection the server dropped (the app logs it); silent when absent. */
  onConnectionLost?: (error: Error) => void;
}

/**
 * Runs the migrations while holding an advisory lock, so that app processes started together on
 * one database migrate one after the other (Drizzle reads the last applied migration before its
 * transaction: two processes would both apply the same one, and the second would fail).
 */
async function migrateAlone(databaseUrl: string, connectTimeoutMs: number, migrate: () => Promise<void>): Promise<void> {
  // A connection of its own: the pool may have room for just the migration's.
  const holder = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
  holder.on('error', () => {
    // the migration itself reports a lost server
  });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock(24307, 1)');
    await migrate();
  } finally {
    // Ending the session releases the lock.
    await holder.end().catch(() => undefined);
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { databaseUrl, migrationsFolder, logger } = options;
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.maxConnections ?? 10,
      // While the server is unreachable a request fails within seconds (a 503) instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    });
    // A server that stops or restarts drops every connection. An 'error' event without a listener
    // ends the process, so each connection gets one: the pool forgets an idle broken connection,
    // a checked-out one fails its next query, and the next request simply opens a new connection.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionLost?.(error));
    });
    pool.on('error', () => {
      // already logged by the connection's own listener above
    });
    // Each connection parses and plans a statement once (postgres-named.ts).
    namingStatements(pool);
    const db = drizzlePostgres({ client: pool, schema, logger });
    if (migrationsFolder)
      await migrateAlone(databaseUrl, options.connectTimeoutMs ?? 5000, () => migratePostgres(db, { migrationsFolder }));
    return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
  }

  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const release = options.dataDir ? claimPgliteFolder(options.dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm, intarray },
      // Bounded: its heap never shrinks (pglite-memory.ts).
      startParams: pgliteStartParams(),
    });
  } catch (error) {
    release();
    throw error;
  }
  // Each distinct statement parsed and planned once (pglite-prepared.ts).
  const db = drizzlePglite({ client: withPreparedStatements(client), schema, logger });
  if (migrationsFolder) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    pglite: client,
    close: () => client.close().finally(release),
  };
}

/** Applies a migrations folder to an open database (a restore: its own migrations, then this build's). */
export async function migrateDatabase(handle: Pick<DatabaseHandle, 'db' | 'driver'>, migrationsFolder: string): Promise<void> {
  if (handle.driver === 'pglite') await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  else await migratePostgres(handle.db as unknown as Parameters<typeof migratePostgres>[0], { migrationsFolder });
}

export { schema };
