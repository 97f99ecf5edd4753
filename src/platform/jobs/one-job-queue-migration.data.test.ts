/**
 * Migration 0012_one_job_queue: the Telegram queue's jobs move into the one job queue. A database
 * migrated up to 0011, holding jobs as the old telegram_jobs table held them (inserted with plain
 * SQL), is migrated to 0012: the pending jobs run through the handlers registered under their
 * names, with the payloads those handlers read; a finished digest still stops a second one.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '#db/client.ts';
import { jobs } from '#db/schema.ts';
import { createSeller, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { sellerIdOf } from '#features/listings/listings.server.ts';
import { enqueue, runDueJobs } from './queue.server.ts';
import { registerJob } from './registry.server.ts';
import { drivers, openThrowawayPostgres } from '#tests/db/test-database.ts';

const ALL = path.resolve('drizzle');
const BEFORE = '0011_listing_address_counts';

/** A copy of the migrations folder that stops at BEFORE. */
async function migrationsUpTo(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sefer-migrations-'));
  const journal = JSON.parse(await readFile(path.join(ALL, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo + 1);
  await cp(path.join(ALL, 'meta'), path.join(dir, 'meta'), { recursive: true });
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const file of await readdir(ALL)) {
    if (journal.entries.some((e) => `${e.tag}.sql` === file)) await cp(path.join(ALL, file), path.join(dir, file));
  }
  return dir;
}

async function openEmpty(driver: string, migrationsFolder: string): Promise<DatabaseHandle> {
  if (driver === 'pglite') return openDatabase({ migrationsFolder });
  return openThrowawayPostgres('sefer_m', { migrationsFolder, maxConnections: 2 });
}

const migrateAll = (handle: DatabaseHandle) =>
  handle.driver === 'pglite'
    ? migratePglite(handle.db as never, { migrationsFolder: ALL })
    : migratePostgres(handle.db as never, { migrationsFolder: ALL });

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe.each(drivers())('migration 0012 (one job queue) on %s', (driver) => {
  let handle: DatabaseHandle;
  let folder: string;
  beforeAll(async () => {
    folder = await migrationsUpTo(BEFORE);
    handle = await openEmpty(driver, folder);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps every pending Telegram job: after the migration each runs through its registered handler', async () => {
    const db = handle.db;
    await createSeller(db);
    // Written as the code of 0011 wrote it: no search columns yet (they come with 0013).
    const d = draft();
    const sellerId = await sellerIdOf(db, d.ownerId);
    const inserted = await db.execute<{ id: number }>(sql`insert into listings
      (owner_id, seller_id, product_name, company_name, description, location, latitude, longitude, category, discount, starts_at, status, photo)
      values (${d.ownerId}, ${sellerId}, ${d.productName}, ${d.companyName}, ${d.description}, ${d.location}, ${d.latitude}, ${d.longitude},
        ${d.category}, ${d.discount}, ${FIXED_NOW.toISOString()}, 'verified', ${JSON.stringify(d.photo)}::jsonb) returning id`);
    const listingId = Number((inserted as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await db.execute(sql`insert into telegram_chats (chat_id, first_name) values (501, 'Abebe')`);
    const runAfter = FIXED_NOW.toISOString();
    // As the old queue held them: a fresh alert job, a digest already tried twice, a finished digest.
    await db.execute(sql`insert into telegram_jobs (kind, listing_id, run_after) values ('listing-verified', ${listingId}, ${runAfter})`);
    await db.execute(sql`insert into telegram_jobs (kind, chat_id, day, run_after, attempts, last_error)
      values ('alert-digest', 501, '2026-03-10', ${runAfter}, 2, 'Bad Gateway')`);
    await db.execute(sql`insert into telegram_jobs (kind, chat_id, day, run_after, attempts, done_at)
      values ('alert-digest', 501, '2026-03-09', ${runAfter}, 1, ${runAfter})`);

    await migrateAll(handle);
    expect(await rows(db, sql`select to_regclass('telegram_jobs') as t`)).toEqual([{ t: null }]);

    const ran: { name: string; payload: unknown; attempt: number }[] = [];
    registerJob('listing-verified', async (payload, { attempt }) => void ran.push({ name: 'listing-verified', payload, attempt }));
    registerJob('alert-digest', async (payload, { attempt }) => void ran.push({ name: 'alert-digest', payload, attempt }));
    expect(await runDueJobs(db, () => FIXED_NOW)).toBe(2);
    expect(ran).toEqual([
      { name: 'listing-verified', payload: { listingId }, attempt: 1 },
      // Its attempts carried over: this is its third.
      { name: 'alert-digest', payload: { chatId: 501, day: '2026-03-10' }, attempt: 3 },
    ]);
    const after = await db
      .select({ name: jobs.name, key: jobs.key, done: sql<boolean>`${jobs.doneAt} is not null` })
      .from(jobs)
      .orderBy(asc(jobs.id));
    expect(after).toEqual([
      { name: 'listing-verified', key: null, done: true },
      { name: 'alert-digest', key: '501:2026-03-10', done: true },
      { name: 'alert-digest', key: '501:2026-03-09', done: true },
    ]);
    // The keys are those telegram/alerts.server.ts queues digests by: no second digest for those days.
    expect(await enqueue(db, 'alert-digest', { chatId: 501, day: '2026-03-09' }, { key: '501:2026-03-09' })).toBe(false);
    expect(await enqueue(db, 'alert-digest', { chatId: 501, day: '2026-03-10' }, { key: '501:2026-03-10' })).toBe(false);
    expect(await runDueJobs(db, () => FIXED_NOW)).toBe(0);
  }, 60_000);
});
