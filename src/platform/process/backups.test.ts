import { describe, expect, it } from 'vitest';
import { registeredSchedule } from '#platform/jobs/registry.server.ts';
import { parseConfig } from '#platform/config/config.server.ts';
import { registerBackupSchedule } from './backups.server.ts';

describe('the backup schedule', () => {
  it('is off unless BACKUP_DIR is set', () => {
    expect(parseConfig({ BACKUP_EVERY_HOURS: '2' }).backup).toBeNull();
    registerBackupSchedule(null, 'pglite');
    expect(registeredSchedule('backup')).toBeUndefined();
  });

  it('runs every BACKUP_EVERY_HOURS, keeping BACKUP_KEEP, with BACKUP_PASSPHRASE', () => {
    const { backup } = parseConfig(
      { BACKUP_DIR: 'backups', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '3', BACKUP_PASSPHRASE: 'twelve chars!' },
      '/srv/sefer',
    );
    expect(backup).toEqual({ dir: '/srv/sefer/backups', everyMs: 6 * 3_600_000, keep: 3, passphrase: 'twelve chars!' });
    registerBackupSchedule(backup, 'pglite');
    expect(registeredSchedule('backup')?.everyMs).toBe(6 * 3_600_000);
  });

  it('refuses a short passphrase and a keep below one', () => {
    expect(() => parseConfig({ BACKUP_DIR: 'b', BACKUP_PASSPHRASE: 'short' })).toThrow(/BACKUP_PASSPHRASE: must be at least 12/);
    expect(() => parseConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});
