/**
 * Backups on both drivers (decision 31): a backup taken while rows are being written restores into
 * a fresh database with every row count of its manifest and every media file's bytes; the secrets
 * are in no byte of a backup without the passphrase; a non-empty target is refused; retention
 * keeps the newest N.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from '#db/client.ts';
import { accounts, appMeta, requestLikes, requests, sessions } from '#db/schema.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { localMediaStorage, s3MediaStorage } from '#features/media/media-storage.server.ts';
import { startLocalS3 } from '#tests/fakes/s3-server.ts';
import { restoreBackup, scheduledBackup, writeBackup, type MediaFiles } from '#platform/backup/archive.server.ts';
import { createSeller, draft } from '#tests/fixtures/listings.ts';
import { drivers, openThrowawayPostgres, useTestDatabase, type Driver } from '#tests/db/test-database.ts';
import { buildMigrations } from './backups.server.ts';

const migrationsFolder = path.resolve('drizzle');
const APP = { version: '0.0.0-test', commit: null };
const PASSPHRASE = 'correct horse battery staple';

function folderMedia(root: string): MediaFiles {
  const storage = localMediaStorage(root);
  return { storage: 'local', list: () => storage.list(), read: (n) => storage.read(n), put: (n, b, t) => storage.put(n, b, t) };
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function everyCount(db: Database): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = current_schema()`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from "${name}"`)))[0]!.n;
  return counts;
}

describe.each(drivers())('backups on %s', (driver: Driver) => {
  const t = useTestDatabase(driver, { fresh: true });
  let work: string;
  let secret: { auth: string; token: string; password: string };

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sefer-backup-test-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  beforeEach(async () => {
    secret = {
      auth: `auth-${randomBytes(16).toString('hex')}`,
      token: `tok-${randomBytes(16).toString('hex')}`,
      password: `pw-${randomBytes(16).toString('hex')}`,
    };
    await createSeller(t.db);
    for (let i = 0; i < 5; i++) await insertListing(t.db, draft({ productName: `Backed up deal ${i}` }), { status: 'verified' });
    await t.db.insert(appMeta).values([
      { key: 'auth_secret', value: secret.auth },
      { key: 'seeded', value: 'plain, kept' },
    ]);
    await t.db.insert(sessions).values({ id: 's1', token: secret.token, userId: 'seller-1', expiresAt: new Date(Date.now() + 86_400_000) });
    await t.db
      .insert(accounts)
      .values({ id: 'a1', accountId: 'seller-1', providerId: 'credential', userId: 'seller-1', password: secret.password });
  });

  /** A fresh, unmigrated database of the driver, restored from `file`; `check` sees it before it closes. */
  async function restoreFresh(
    file: string,
    options: { passphrase?: string; media?: MediaFiles | null } = {},
    check?: (db: Database) => Promise<void>,
  ) {
    const target: DatabaseHandle =
      driver === 'pglite' ? await openDatabase({}) : await openThrowawayPostgres('sefer_t', { maxConnections: 2 });
    try {
      const summary = await restoreBackup(file, {
        db: target.db,
        migrate: (folder) => migrateDatabase(target, folder),
        migrationsFolder,
        buildMigrations: buildMigrations(migrationsFolder),
        media: options.media ?? null,
        passphrase: options.passphrase,
      });
      await check?.(target.db);
      return summary;
    } finally {
      await target.close();
    }
  }

  it('backs up one moment while rows are written, and restores every row and every media file', async () => {
    const sourceMedia = path.join(work, `media-${driver}`);
    const files = new Map<string, Buffer>();
    for (let i = 0; i < 12; i++) {
      const name = i % 3 === 0 ? `seed/deep/f${i}.mp4` : `u/f${i}.webp`;
      const bytes = randomBytes(100 + i * 997);
      files.set(name, bytes);
      await localMediaStorage(sourceMedia).put(name, bytes, 'application/octet-stream');
    }
    // The writer adds a request and its like together, and a listing: in one moment, requests and likes are equal.
    let stop = false;
    let written = 0;
    const writer = (async () => {
      while (!stop) {
        await t.db.transaction(async (tx) => {
          const [request] = await tx
            .insert(requests)
            .values({ name: 'n', message: `m${written}` })
            .returning({ id: requests.id });
          await tx.insert(requestLikes).values({ requestId: request!.id, userId: 'seller-1' });
        });
        await insertListing(t.db, draft({ productName: `Written during the backup ${written}` }));
        written++;
        // PGlite in memory answers without I/O: without a turn of the event loop the test would never go on.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    const file = path.join(work, `concurrent-${driver}.tar.gz`);
    const writtenBefore = written;
    const manifest = await writeBackup(file, { db: t.db, driver, media: folderMedia(sourceMedia), passphrase: PASSPHRASE, app: APP });
    const writtenAtEnd = written;
    stop = true;
    await writer;

    // PostgreSQL goes on writing during the backup; PGlite's one connection holds the writes until the rows are read.
    if (driver === 'postgres') expect(writtenAtEnd).toBeGreaterThan(writtenBefore);
    expect(manifest.tables.requests!.rows).toBeGreaterThanOrEqual(3);
    expect(manifest.tables.request_likes!.rows).toBe(manifest.tables.requests!.rows);
    expect(manifest.tables.listings!.rows).toBeLessThanOrEqual(5 + writtenAtEnd + 1);
    expect(manifest.media).toEqual({ storage: 'local', files: 12, bytes: [...files.values()].reduce((n, b) => n + b.length, 0) });
    expect(manifest.secrets).toBe('sealed');
    expect(manifest.migrations).toEqual(buildMigrations(migrationsFolder));

    const targetMedia = path.join(work, `restored-media-${driver}`);
    const summary = await restoreFresh(file, { passphrase: PASSPHRASE, media: folderMedia(targetMedia) }, async (db) => {
      const counts = await everyCount(db);
      for (const [table, c] of Object.entries(manifest.tables)) expect([table, counts[table]]).toEqual([table, c.rows + c.secretRows]);
      expect(Object.keys(counts).toSorted()).toEqual(Object.keys(manifest.tables).toSorted());
      const [auth] = await db.select().from(appMeta).where(eq(appMeta.key, 'auth_secret'));
      expect(auth?.value).toBe(secret.auth);
      expect((await db.select().from(sessions))[0]?.token).toBe(secret.token);
      expect((await db.select().from(accounts))[0]?.password).toBe(secret.password);
      // Identities continue after the restored rows.
      const [max] = await rows<{ id: number }>(db, sql`select max(id)::int as id from listings`);
      const id = await insertListing(db, draft({ productName: 'After the restore' }));
      expect(id).toBeGreaterThan(max!.id);
    });
    expect(summary.secrets).toBe('restored');
    expect(summary.mediaFiles).toBe(12);
    for (const [name, bytes] of files) expect((await readFile(path.join(targetMedia, name))).equals(bytes)).toBe(true);
  });

  it('holds no secret in any byte without the passphrase, nor in the clear with it', async () => {
    const plain = path.join(work, `plain-${driver}.tar.gz`);
    const sealed = path.join(work, `sealed-${driver}.tar.gz`);
    const manifest = await writeBackup(plain, { db: t.db, driver, media: null, passphrase: undefined, app: APP });
    await writeBackup(sealed, { db: t.db, driver, media: null, passphrase: PASSPHRASE, app: APP });
    expect(manifest.secrets).toBe('left-out');
    for (const file of [plain, sealed]) {
      const tar = gunzipSync(await readFile(file)).toString('latin1');
      expect(tar).toContain('Backed up deal 3'); // the search works: plain rows are there
      expect(tar).toContain('plain, kept');
      for (const value of Object.values(secret)) expect(tar).not.toContain(value);
    }
    await restoreFresh(plain, {}, async (db) => {
      expect((await db.select().from(appMeta)).map((r) => [r.key, r.value])).toEqual([['seeded', 'plain, kept']]);
      expect(await db.select().from(sessions)).toEqual([]);
      const [account] = await db.select().from(accounts);
      expect(account).toMatchObject({ id: 'a1', userId: 'seller-1', password: null });
    });
    await expect(restoreFresh(sealed)).rejects.toThrow(/holds sealed secrets/);
    await expect(restoreFresh(sealed, { passphrase: 'not the passphrase at all' })).rejects.toThrow(/passphrase does not open/);
  });

  it('refuses a target with rows unless forced, and a backup of a newer build', async () => {
    const file = path.join(work, `refuse-${driver}.tar.gz`);
    const manifest = await writeBackup(file, { db: t.db, driver, media: null, passphrase: undefined, app: APP });
    const options = {
      db: t.db,
      migrate: (folder: string) => migrateDatabase(t, folder),
      migrationsFolder,
      buildMigrations: buildMigrations(migrationsFolder),
      media: null,
      passphrase: undefined,
    };
    await expect(restoreBackup(file, options)).rejects.toThrow(/not empty \(users: 1, .*listings: 5/);
    await insertListing(t.db, draft({ productName: 'Added after the backup' }));
    const summary = await restoreBackup(file, { ...options, force: true });
    expect(summary.counts.listings).toBe(manifest.tables.listings!.rows);
    expect(summary.counts.sessions).toBe(0);
    await expect(
      restoreBackup(file, { ...options, force: true, buildMigrations: buildMigrations(migrationsFolder).slice(0, -1) }),
    ).rejects.toThrow(/restore it with a newer build/);
  });

  it('keeps the newest BACKUP_KEEP scheduled backups and no others of its own', async () => {
    const dir = path.join(work, `scheduled-${driver}`);
    await rm(dir, { recursive: true, force: true });
    const made = [];
    for (let hour = 1; hour <= 4; hour++) {
      const { file, deleted } = await scheduledBackup(dir, 2, {
        db: t.db,
        driver,
        media: null,
        passphrase: undefined,
        app: APP,
        now: new Date(`2026-11-28T0${hour}:00:00.000Z`),
      });
      made.push(path.basename(file));
      if (hour === 1) await writeFile(path.join(dir, 'notes.txt'), 'not a backup');
      expect(deleted).toEqual(hour > 2 ? [made[hour - 3]] : []);
    }
    expect((await readdir(dir)).toSorted()).toEqual(['notes.txt', 'sefer-20261128T030000Z.tar.gz', 'sefer-20261128T040000Z.tar.gz']);
  });

  it('copies media out of an S3 bucket and back into a media folder', async () => {
    const s3 = await startLocalS3();
    try {
      const bucket = s3MediaStorage({
        endpoint: s3.endpoint,
        region: s3.env.S3_REGION!,
        bucket: s3.bucket,
        accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
        secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
        publicUrl: undefined,
      });
      const bytes = randomBytes(5000);
      await bucket.put('u/in-the-bucket.webp', bytes, 'image/webp');
      await bucket.put('seed/clip.mp4', Buffer.from('mp4'), 'video/mp4');
      const file = path.join(work, `s3-${driver}.tar.gz`);
      const media = { storage: 's3', list: () => bucket.list(), read: (n: string) => bucket.read(n), put: bucket.put };
      const manifest = await writeBackup(file, { db: t.db, driver, media, passphrase: undefined, app: APP });
      expect(manifest.media).toEqual({ storage: 's3', files: 2, bytes: 5003 });
      const folder = path.join(work, `from-s3-${driver}`);
      await restoreFresh(file, { media: folderMedia(folder) });
      expect((await readFile(path.join(folder, 'u/in-the-bucket.webp'))).equals(bytes)).toBe(true);
      expect(await readFile(path.join(folder, 'seed/clip.mp4'), 'utf8')).toBe('mp4');
    } finally {
      await s3.close();
    }
  });

  it('restores a backup of an older build, then applies this build’s later migrations', async () => {
    // A database one migration behind this build, as an older release left it.
    const older = path.join(work, `older-migrations-${driver}`);
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, -1);
    await mkdir(path.join(older, 'meta'), { recursive: true });
    await writeFile(path.join(older, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(older, `${tag}.sql`));
    const source: DatabaseHandle =
      driver === 'pglite'
        ? await openDatabase({ migrationsFolder: older })
        : await openThrowawayPostgres('sefer_t', { migrationsFolder: older, maxConnections: 2 });
    const file = path.join(work, `older-${driver}.tar.gz`);
    try {
      await createSeller(source.db, 'older-seller');
      const manifest = await writeBackup(file, { db: source.db, driver, media: null, passphrase: undefined, app: APP });
      expect(manifest.migrations).toHaveLength(journal.entries.length);
    } finally {
      await source.close();
    }
    const summary = await restoreFresh(file, {}, async (db) => {
      const [applied] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBe(buildMigrations(migrationsFolder).length);
      expect(await rows(db, sql`select id from users`)).toEqual([{ id: 'older-seller' }]);
    });
    expect(summary.laterMigrations).toBe(1);
  });
});
