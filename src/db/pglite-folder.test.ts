import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimPgliteFolder, FolderInUseError } from './pglite-folder.ts';

describe('a PGlite folder, one process at a time', () => {
  let dir: string;
  let folder: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sefer-folder-'));
    folder = path.join(dir, 'pglite');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is claimed with this pid beside it and released on close', () => {
    const release = claimPgliteFolder(folder);
    expect(readFileSync(`${folder}.pid`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${folder}.pid`)).toBe(false);
  });

  it('is refused while another living process holds it (a running server)', () => {
    writeFileSync(`${folder}.pid`, String(process.ppid));
    expect(() => claimPgliteFolder(folder)).toThrow(FolderInUseError);
    expect(() => claimPgliteFolder(folder)).toThrow(`open in process ${process.ppid}`);
  });

  it('is taken over from a process that ended without closing it', () => {
    writeFileSync(`${folder}.pid`, '2147483646');
    const release = claimPgliteFolder(folder);
    expect(readFileSync(`${folder}.pid`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
