/**
 * Data tests that store listing media: a DATA_DIR of their own for the file (made before its
 * tests, removed after them) and a small PNG to upload.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';

export interface MediaFolder {
  /** DATA_DIR for this file's tests. */
  readonly dir: string;
  /** An 80 × 60 PNG. */
  readonly png: Buffer;
}

export function useMediaFolder(prefix: string): MediaFolder {
  const folder = { dir: '', png: Buffer.alloc(0) };
  beforeAll(async () => {
    folder.dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    process.env.DATA_DIR = folder.dir;
    folder.png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#065f46' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await rm(folder.dir, { recursive: true, force: true });
  });
  return folder;
}
