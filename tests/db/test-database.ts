/**
 * The one database helper for the data-layer tests. A fresh database per describe block: PGlite
 * loaded from the migrated template (always), and PostgreSQL (a database copied from the template)
 * when TEST_DATABASE_URL is set. Test files never open, migrate or empty a database themselves:
 *
 *   describe.each(drivers())('listings on %s', (driver) => {
 *     const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });
 *     it('…', async () => { await insertListing(t.db, …); });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client.ts';
import { queryLogger } from '#platform/db/query-observers.ts';
import { withDatabase } from './global-setup.ts';

export type Driver = 'pglite' | 'postgres';

/** The drivers this run can test: always PGlite, PostgreSQL when configured. */
export function drivers(): Driver[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends DatabaseHandle {
  /** Number of SQL statements run since the last reset. */
  queryCount(): number;
  resetQueryCount(): void;
  /** Empties every table of the schema (identities restart). */
  empty(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Every table is emptied before each test of the block. */
  fresh?: boolean;
  /** Runs once, after the database is opened (e.g. a large data set the block's tests only read). */
  beforeAll?: (t: TestDatabase) => Promise<unknown>;
  /** Runs before each test, after the tables are emptied when `fresh` (e.g. the sellers each test needs). */
  beforeEach?: (t: TestDatabase) => Promise<unknown>;
  /** Time allowed for opening the database and `beforeAll` (a seed takes longer than the default). */
  timeout?: number;
}

/**
 * Opens a database for the enclosing describe block before its tests and closes it after them.
 * Returns a stand-in for it, usable in hooks and tests (not at collection time).
 */
export function useTestDatabase(driver: Driver, options: TestDatabaseOptions = {}): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(driver);
    await options.beforeAll?.(current);
  }, options.timeout);
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  if (options.fresh || options.beforeEach) {
    beforeEach(async () => {
      if (options.fresh) await current!.empty();
      await options.beforeEach?.(current!);
    });
  }
  return new Proxy({} as TestDatabase, {
    get(_, key) {
      if (!current) throw new Error('The test database is open only inside hooks and tests.');
      return Reflect.get(current, key);
    },
  });
}

/**
 * A database of its own on the test PostgreSQL server, made from `template` (or empty, for a test
 * that migrates it itself), dropped when the handle closes.
 */
export async function openThrowawayPostgres(
  prefix: string,
  options: { template?: string; migrationsFolder?: string; logger?: { logQuery: (query: string) => void }; maxConnections: number },
): Promise<DatabaseHandle> {
  const url = inject('postgresUrl')!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  await admin.end();
  const { template: _template, ...open } = options;
  const inner = await openDatabase({ databaseUrl: withDatabase(url, name), ...open });
  return {
    ...inner,
    close: async () => {
      await inner.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      try {
        // FORCE cannot end a server process of another role (an autovacuum worker on the fresh
        // database refuses it: "must be a member of the role…"); it is gone a moment later.
        for (let attempt = 1; ; attempt++) {
          try {
            await drop.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (error) {
            if (attempt >= 10 || !/must be a member of the role/.test((error as Error).message)) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          }
        }
      } finally {
        await drop.end();
      }
    },
  };
}

/** Opens one database from the migrated template; the caller closes it. Prefer `useTestDatabase`. */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  let count = 0;
  // The process's observers see a test's statements too (the page cache's tags), as in the app.
  const logger = {
    logQuery: (query: string) => {
      count++;
      queryLogger.logQuery(query);
    },
  };
  let handle: DatabaseHandle;
  if (driver === 'pglite') {
    const tar = await readFile(inject('pgliteTemplate'));
    handle = await openDatabase({ loadDataDir: new Blob([tar]), logger });
  } else {
    handle = await openThrowawayPostgres('sefer_t', { template: inject('postgresTemplate') ?? undefined, logger, maxConnections: 4 });
  }
  // Both drivers answer `{ rows }`. Only tables holding rows are truncated: a truncate costs
  // file work per table, and most tests touch two or three of the twenty.
  const rowsOf = async <T>(query: SQL) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()`,
  );
  const filled = sql.raw(tables.map((t) => `select '${t.name}' as name where exists (select 1 from ${t.name})`).join(' union all '));
  const empty = async () => {
    const names = (await rowsOf<{ name: string }>(filled)).map((t) => t.name);
    if (names.length > 0) await handle.db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`));
  };
  count = 0;
  return { ...handle, queryCount: () => count, resetQueryCount: () => void (count = 0), empty };
}
