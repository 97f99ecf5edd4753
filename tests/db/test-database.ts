/**
 * A fresh database per test file: PGlite loaded from the migrated template, and PostgreSQL (a
 * database copied from the template) when TEST_DATABASE_URL is set. Data-layer suites run on both.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client.ts';
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
}

export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  let count = 0;
  const logger = { logQuery: () => void count++ };
  let handle: DatabaseHandle;
  if (driver === 'pglite') {
    const tar = await readFile(inject('pgliteTemplate'));
    handle = await openDatabase({ loadDataDir: new Blob([tar]), logger });
  } else {
    const url = inject('postgresUrl')!;
    const name = `sefer_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const inner = await openDatabase({ databaseUrl: withDatabase(url, name), logger, maxConnections: 4 });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop database if exists ${name} with (force)`);
        await drop.end();
      },
    };
  }
  return { ...handle, queryCount: () => count, resetQueryCount: () => void (count = 0) };
}
