/** The backup settings of the environment (decision 31), a part of config.server.ts. */
import path from 'node:path';
import { z } from 'zod';

export const backupEnv = {
  BACKUP_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 31)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  BACKUP_PASSPHRASE: z
    .string()
    .min(12, 'must be at least 12 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

export interface BackupConfig {
  /** Absolute folder of the `sefer-<time>.tar.gz` files. */
  dir: string;
  everyMs: number;
  /** The newest this many scheduled backups are kept; older ones are deleted. */
  keep: number;
  /** Seals the secrets into each backup; without it they are left out. */
  passphrase: string | undefined;
}

export function backupConfig(
  e: { BACKUP_DIR?: string; BACKUP_EVERY_HOURS: number; BACKUP_KEEP: number; BACKUP_PASSPHRASE?: string },
  cwd: string,
): BackupConfig | null {
  if (!e.BACKUP_DIR) return null;
  return {
    dir: path.resolve(cwd, e.BACKUP_DIR),
    everyMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000),
    keep: e.BACKUP_KEEP,
    passphrase: e.BACKUP_PASSPHRASE,
  };
}
