import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToDelete, compareMigrations } from './manifest.ts';

const m = (n: number) => ({ hash: `h${n}`, createdAt: 1000 + n });

describe('a backup’s migrations against this build’s', () => {
  it('restores the same migrations, and an older backup with the later ones to apply after', () => {
    expect(compareMigrations([m(1), m(2)], [m(1), m(2)])).toEqual({ ok: true, prefix: 2, later: 0 });
    expect(compareMigrations([m(1)], [m(1), m(2), m(3)])).toEqual({ ok: true, prefix: 1, later: 2 });
  });

  it('refuses a backup of a newer build, or of another history', () => {
    expect(compareMigrations([m(1), m(2)], [m(1)])).toMatchObject({ ok: false, reason: expect.stringMatching(/newer build/) });
    expect(compareMigrations([m(1), { hash: 'other', createdAt: 1002 }], [m(1), m(2)])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/migration 2 of the backup/),
    });
  });
});

describe('scheduled backup files', () => {
  it('are named by their UTC time, which sorts them', () => {
    expect(backupFileName(new Date('2026-11-28T15:01:47.123Z'))).toBe('sefer-20261128T150147Z.tar.gz');
  });

  it('beyond the newest `keep` are deleted, oldest first; other files never', () => {
    const names = [
      'sefer-20261128T030000Z.tar.gz',
      'notes.txt',
      'sefer-20261128T010000Z.tar.gz',
      'sefer-20261128T020000Z.tar.gz',
      'mine.tar.gz',
    ];
    expect(backupsToDelete(names, 1)).toEqual(['sefer-20261128T010000Z.tar.gz', 'sefer-20261128T020000Z.tar.gz']);
    expect(backupsToDelete(names, 3)).toEqual([]);
    expect(backupsToDelete(['sefer-20261128T010000Z.tar.gz.partial'], 0)).toEqual([]);
  });
});
