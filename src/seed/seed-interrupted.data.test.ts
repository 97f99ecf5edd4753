import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { isSeeded, seedDemoCatalogue } from './seed.server.ts';
import { useTestDatabase } from '#tests/db/test-database.ts';

describe('a first start stopped while it seeds', () => {
  let dataDir: string;
  const t = useTestDatabase('pglite', { timeout: 60_000 });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-seed-stop-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops during a video encode, leaves no work folder and writes no rows', async () => {
    const work = path.join(dataDir, 'tmp');
    const stop = new AbortController();
    const watcher = setInterval(async () => {
      const busy = await readdir(work).catch(() => [] as string[]);
      if (busy.some((name) => name.startsWith('sefer-video-'))) stop.abort(new Error('the server is stopping'));
    }, 10);
    try {
      await expect(seedDemoCatalogue(t.db, { dataDir, signal: stop.signal })).rejects.toThrow('the server is stopping');
    } finally {
      clearInterval(watcher);
    }
    expect(stop.signal.aborted).toBe(true);
    expect(await readdir(work)).toEqual([]);
    expect(await isSeeded(t.db)).toBe(false);
    expect(await t.db.$count(listings)).toBe(0);
  });
});
