/**
 * The process's database (db.server.ts) only opens and closes: it runs the preparation the boot set
 * (src/platform/process/boot.server.ts) before anyone gets the database, closes it again when the
 * preparation fails (the next request tries again), and on close tells a running preparation to
 * stop and lets the process stop its users before the database closes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { closeDatabase, database, prepareDatabaseWith, readyDatabase } from './db.server.ts';

let dataDir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-db-'));
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dataDir;
});
afterAll(async () => {
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
  process.env = saved;
});

describe('the process database', () => {
  it('is handed out only once prepared; a failed preparation closes it and the next call opens it again', async () => {
    const steps: string[] = [];
    let fail = true;
    prepareDatabaseWith(async (db: Database) => {
      steps.push(readyDatabase() === undefined ? 'prepare, not ready yet' : 'prepare, already ready');
      await db.execute(sql`select 1`);
      if (fail) throw new Error('seed failed');
    });
    await expect(database()).rejects.toThrow('seed failed');
    fail = false;
    const db = await database();
    expect(readyDatabase()).toBe(db);
    expect(await database()).toBe(db);
    expect(steps).toEqual(['prepare, not ready yet', 'prepare, not ready yet']);
  }, 60_000);

  it('closes after what the process stops first, with the preparation told to stop', async () => {
    await closeDatabase();
    let signal: AbortSignal | undefined;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    prepareDatabaseWith(async (_db, s) => {
      signal = s;
      await held;
    });
    const opening = database().catch((error: unknown) => error);
    await expect.poll(() => signal, { timeout: 30_000 }).toBeDefined();
    const order: string[] = [];
    const closed = closeDatabase(async () => {
      order.push(signal!.aborted ? 'stopped with the preparation aborted' : 'stopped before the abort');
      release();
    });
    await closed;
    expect(order).toEqual(['stopped with the preparation aborted']);
    await opening;
  }, 60_000);
});
