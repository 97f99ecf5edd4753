/**
 * What a backup says about itself (manifest.json, the archive's first file), and the pure rules
 * read from it: which migrations a restore needs, which old backups retention deletes.
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 1;

const migration = z.object({ hash: z.string(), createdAt: z.number() });
export type MigrationStamp = z.infer<typeof migration>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  createdAt: z.string(),
  driver: z.enum(['pglite', 'postgres']),
  migrations: z.array(migration),
  /** Rows per table at the snapshot: `rows` in the plain dump, `secretRows` in the sealed box. */
  tables: z.record(z.string(), z.object({ rows: z.number().int(), secretRows: z.number().int() })),
  media: z.object({ storage: z.string(), files: z.number().int(), bytes: z.number().int() }),
  /** sealed: secrets.box holds them (BACKUP_PASSPHRASE); left-out: not in this backup at all. */
  secrets: z.enum(['sealed', 'left-out']),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * How a backup's migrations compare with this build's: `ok` with the build's migrations the backup
 * lacks (applied after its rows are loaded), or why it cannot be restored here.
 */
export function compareMigrations(
  backup: readonly MigrationStamp[],
  build: readonly MigrationStamp[],
): { ok: true; prefix: number; later: number } | { ok: false; reason: string } {
  for (const [i, stamp] of backup.entries()) {
    const ours = build[i];
    if (!ours)
      return {
        ok: false,
        reason: `the backup has ${backup.length} migrations, this build only ${build.length}: restore it with a newer build`,
      };
    if (ours.hash !== stamp.hash || ours.createdAt !== stamp.createdAt)
      return {
        ok: false,
        reason: `migration ${i + 1} of the backup (${stamp.createdAt}) is not this build's: restore it with the build that made it`,
      };
  }
  return { ok: true, prefix: backup.length, later: build.length - backup.length };
}

/** File names of scheduled backups: `sefer-20261128T150147Z.tar.gz` (sorts by time). */
export function backupFileName(at: Date): string {
  return `sefer-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

const SCHEDULED = /^sefer-\d{8}T\d{6}Z\.tar\.gz$/;

/** The scheduled backups beyond the newest `keep`, oldest first; other files are never touched. */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  const ours = names.filter((n) => SCHEDULED.test(n)).toSorted();
  return ours.slice(0, Math.max(0, ours.length - keep));
}
