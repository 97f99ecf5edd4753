/**
 * Migrates once into templates that every test file copies: a PGlite data-directory dump and,
 * when TEST_DATABASE_URL is set, a PostgreSQL template database.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
    postgresUrl: string | null;
  }
}

const migrationsFolder = path.resolve('drizzle');

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sefer-test-'));
  const handle = await openDatabase({ migrationsFolder });
  const dump = await handle.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL || null;
  let template: string | null = null;
  if (url) {
    template = `sefer_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const templateUrl = withDatabase(url, template);
    const pgHandle = await openDatabase({ databaseUrl: templateUrl, migrationsFolder, maxConnections: 1 });
    await pgHandle.close();
  }
  project.provide('postgresTemplate', template);
  project.provide('postgresUrl', url);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const rows = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'sefer_t_%' or datname = $1`,
        [template],
      );
      for (const row of rows.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
