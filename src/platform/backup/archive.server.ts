/**
 * One backup, one file (decision 31): a .tar.gz of manifest.json, db/<table>.jsonl, secrets.box
 * (sealed, only with a passphrase) and media/<name>. The same code backs up from the CLI (a
 * stopped PGlite folder, or PostgreSQL) and from the running app's `backup` schedule (the open
 * database); media come through a parameter (the media feature's storage), never imported here.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create, extract } from 'tar';
import type { Database } from '#db/client.ts';
import { appliedMigrations } from './catalog.server.ts';
import { dumpDatabase, type SecretRows } from './dump.server.ts';
import { open, seal } from './encryption.server.ts';
import {
  BACKUP_FORMAT,
  backupFileName,
  backupsToDelete,
  compareMigrations,
  manifestSchema,
  type Manifest,
  type MigrationStamp,
} from './manifest.ts';
import { countRows, emptyTables, loadDatabase } from './load.server.ts';

/** Where media are read from and written to: the media feature's storage fits. */
export interface MediaFiles {
  /** `local` or `s3`, for the manifest. */
  storage: string;
  list(): AsyncIterable<{ name: string; size: number }>;
  read(name: string): Promise<Buffer | null>;
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

export interface BackupOptions {
  db: Database;
  driver: Manifest['driver'];
  media: MediaFiles | null;
  /** Seals the secrets into the backup; without it they are left out. */
  passphrase: string | undefined;
  app: Manifest['app'];
  now?: Date;
}

const staging = (near: string) => mkdtemp(path.join(path.dirname(near), '.sefer-backup-'));

/** Writes the backup to `file` (through `file.partial`, renamed when complete); returns its manifest. */
export async function writeBackup(file: string, options: BackupOptions): Promise<Manifest> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const dir = await staging(path.resolve(file));
  try {
    await mkdir(path.join(dir, 'db'));
    // The database first: every medium its rows name was stored before the snapshot.
    const dump = await dumpDatabase(options.db, path.join(dir, 'db'));
    const sealed = options.passphrase !== undefined;
    if (sealed) await writeFile(path.join(dir, 'secrets.box'), await seal(gzipSync(JSON.stringify(dump.secrets)), options.passphrase!));
    const media = { storage: options.media?.storage ?? 'none', files: 0, bytes: 0 };
    if (options.media) {
      for await (const { name } of options.media.list()) {
        const bytes = await options.media.read(name);
        if (!bytes) continue; // removed since it was listed
        const target = path.join(dir, 'media', name);
        if (!target.startsWith(path.join(dir, 'media') + path.sep)) throw new Error(`Media name outside the media folder: ${name}`);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, bytes);
        media.files++;
        media.bytes += bytes.length;
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: options.app,
      createdAt: (options.now ?? new Date()).toISOString(),
      driver: options.driver,
      migrations: dump.migrations,
      tables: sealed ? dump.tables : Object.fromEntries(Object.entries(dump.tables).map(([t, c]) => [t, { rows: c.rows, secretRows: 0 }])),
      media,
      secrets: sealed ? 'sealed' : 'left-out',
    };
    await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ['manifest.json', 'db', ...(sealed ? ['secrets.box'] : []), ...(media.files > 0 ? ['media'] : [])];
    await create({ file: `${file}.partial`, cwd: dir, gzip: true, portable: true }, entries);
    await rename(`${file}.partial`, file);
    return manifest;
  } finally {
    // A failed backup leaves neither its staging folder nor half an archive.
    await rm(dir, { recursive: true, force: true });
    await rm(`${file}.partial`, { force: true });
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.json': 'application/json',
};

export interface RestoreOptions {
  db: Database;
  /** Applies a migrations folder to `db` (the database's migrator). */
  migrate: (migrationsFolder: string) => Promise<void>;
  /** This build's migrations folder and its migrations. */
  migrationsFolder: string;
  buildMigrations: readonly MigrationStamp[];
  media: MediaFiles | null;
  passphrase: string | undefined;
  /** Restores without the sealed secrets (sign-ins are lost; the app makes new keys). */
  skipSecrets?: boolean;
  /** Empties a database (and writes over media) that already holds rows. */
  force?: boolean;
}

export interface RestoreSummary {
  manifest: Manifest;
  /** Rows per table after loading (before this build's later migrations), each checked against the manifest. */
  counts: Record<string, number>;
  mediaFiles: number;
  mediaBytes: number;
  secrets: 'restored' | 'skipped' | 'left-out';
  laterMigrations: number;
}

/** Copies the first `count` migrations of a drizzle-kit folder into `target` (its journal cut there). */
async function migrationsUpTo(folder: string, count: number, target: string): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  await mkdir(path.join(target, 'meta'), { recursive: true });
  await writeFile(path.join(target, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries)
    await writeFile(path.join(target, `${entry.tag}.sql`), await readFile(path.join(folder, `${entry.tag}.sql`)));
}

/** Restores `file` into an empty database (and media storage), checking every count. */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const dir = await staging(path.resolve(file));
  try {
    await extract({ file, cwd: dir });
    const manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')));
    const fit = compareMigrations(manifest.migrations, options.buildMigrations);
    if (!fit.ok) throw new Error(`This backup cannot be restored by this build: ${fit.reason}.`);
    let secrets: SecretRows | null = null;
    if (manifest.secrets === 'sealed' && !options.skipSecrets) {
      if (options.passphrase === undefined)
        throw new Error(
          'This backup holds sealed secrets: give its passphrase (BACKUP_PASSPHRASE or --passphrase-file), or --skip-secrets.',
        );
      secrets = JSON.parse(
        gunzipSync(await open(await readFile(path.join(dir, 'secrets.box')), options.passphrase)).toString('utf8'),
      ) as SecretRows;
    }

    const existing = Object.entries(await countRows(options.db)).filter(([, n]) => n > 0);
    if (existing.length > 0 && !options.force)
      throw new Error(
        `The target database is not empty (${existing.map(([t, n]) => `${t}: ${n}`).join(', ')}); restore refuses to write over it without --force.`,
      );
    const mediaDir = path.join(dir, 'media');
    const names = (await stat(mediaDir).catch(() => null))
      ? (await readdir(mediaDir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.relative(mediaDir, path.join(e.parentPath, e.name)))
      : [];
    if (options.media && names.length > 0 && !options.force) {
      for await (const _ of options.media.list())
        throw new Error('The target media storage is not empty; restore refuses to write over it without --force.');
    }

    const applied = await appliedMigrations(options.db);
    if (applied.length > fit.prefix)
      throw new Error(
        `The target database is at migration ${applied.length}, past the backup's ${fit.prefix}: restore into a new, empty database.`,
      );
    // The rows go into the schema they were read from; this build's later migrations follow.
    const upTo = path.join(dir, 'migrations');
    await migrationsUpTo(options.migrationsFolder, fit.prefix, upTo);
    await options.migrate(upTo);
    if (options.force) await emptyTables(options.db);
    await loadDatabase(options.db, path.join(dir, 'db'), Object.keys(manifest.tables), secrets);
    const counts = await countRows(options.db);
    const wrong = Object.entries(manifest.tables).filter(([t, c]) => counts[t] !== c.rows + (secrets ? c.secretRows : 0));
    if (wrong.length > 0)
      throw new Error(
        `Restored counts differ from the backup's: ${wrong.map(([t, c]) => `${t} ${counts[t]} ≠ ${c.rows + (secrets ? c.secretRows : 0)}`).join(', ')}`,
      );
    if (fit.later > 0) await options.migrate(options.migrationsFolder);

    let mediaBytes = 0;
    if (options.media) {
      for (const name of names) {
        const bytes = await readFile(path.join(mediaDir, name));
        await options.media.put(
          name.split(path.sep).join('/'),
          bytes,
          CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
        );
        mediaBytes += bytes.length;
      }
    }
    if (options.media && (names.length !== manifest.media.files || mediaBytes !== manifest.media.bytes))
      throw new Error(
        `Restored media differ from the backup's: ${names.length} files, ${mediaBytes} bytes; the manifest says ${manifest.media.files}, ${manifest.media.bytes}.`,
      );
    return {
      manifest,
      counts,
      mediaFiles: options.media ? names.length : 0,
      mediaBytes,
      secrets: manifest.secrets === 'sealed' ? (secrets ? 'restored' : 'skipped') : 'left-out',
      laterMigrations: fit.later,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The schedule's turn: `sefer-<time>.tar.gz` in `dir`, then the oldest beyond `keep` deleted. */
export async function scheduledBackup(
  dir: string,
  keep: number,
  options: BackupOptions,
): Promise<{ file: string; manifest: Manifest; deleted: string[] }> {
  const file = path.join(dir, backupFileName(options.now ?? new Date()));
  const manifest = await writeBackup(file, options);
  const deleted = backupsToDelete(await readdir(dir), keep);
  await Promise.all(deleted.map((name) => rm(path.join(dir, name), { force: true })));
  return { file, manifest, deleted };
}
