/**
 * Backups put together (decision 31): the platform's archive code (src/platform/backup/) with the
 * media feature's storage, for `npm run backup` / `npm run restore` (scripts/) and for the running
 * app's `backup` schedule, registered only when BACKUP_DIR is set.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '#db/client.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { scheduledBackup, type MediaFiles } from '#platform/backup/archive.server.ts';
import type { Manifest, MigrationStamp } from '#platform/backup/manifest.ts';
import { config, type BackupConfig } from '#platform/config/config.server.ts';
import { registerSchedule } from '#platform/jobs/registry.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('backup');

/** The configured media storage as the backup reads and writes it. */
export function backupMedia(dataDir = config().dataDir): MediaFiles {
  const storage = mediaStorage(dataDir);
  return {
    storage: config().media.storage,
    list: () => storage.list(),
    read: (name) => storage.read(name),
    put: (name, bytes, contentType) => storage.put(name, bytes, contentType),
  };
}

/** This build's version (package.json) and commit (when it runs from a git checkout). */
export function appIdentity(cwd = process.cwd()): Manifest['app'] {
  const { version } = JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { version: string };
  let commit: string | null = null;
  try {
    commit =
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null;
  } catch {
    // not a checkout, or no git
  }
  return { version, commit };
}

/** This build's migrations, as drizzle stamps them. */
export function buildMigrations(migrationsFolder = config().migrationsFolder): MigrationStamp[] {
  return readMigrationFiles({ migrationsFolder }).map((m) => ({ hash: m.hash, createdAt: m.folderMillis }));
}

/** Registers the `backup` schedule when backups are configured. */
export function registerBackupSchedule(
  backup: BackupConfig | null,
  driver: Manifest['driver'],
  media: () => MediaFiles = backupMedia,
): void {
  if (!backup) return;
  registerSchedule('backup', backup.everyMs, async (db: Database, now: Date) => {
    const started = Date.now();
    const { file, manifest, deleted } = await scheduledBackup(backup.dir, backup.keep, {
      db,
      driver,
      media: media(),
      passphrase: backup.passphrase,
      app: appIdentity(),
      now,
    });
    const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows + t.secretRows, 0);
    log.info(
      `[backup] ${file}: ${rows} rows, ${manifest.media.files} media files, secrets ${manifest.secrets}, in ${Date.now() - started} ms` +
        (deleted.length > 0 ? `; deleted ${deleted.join(', ')}` : ''),
    );
  });
}

/** The passphrase of `--passphrase-file` (its first line), else BACKUP_PASSPHRASE. */
export function backupPassphrase(file: string | undefined): string | undefined {
  if (!file) return config().backupPassphrase;
  const passphrase = readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
  if (passphrase.length < 12) throw new Error(`The passphrase in ${file} is shorter than 12 characters.`);
  return passphrase;
}
