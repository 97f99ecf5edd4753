import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productSvg, removeAbandonedWork, renderDemoVideo, renderSvgImage } from './demo-media.server.ts';
import { localMediaStorage, mediaRoot } from '#features/media/media-storage.server.ts';

const tempFolders = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith('sefer-video-'));

describe('demo video work folders (an interrupted first start)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-demo-media-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an encode stopped half-way leaves neither a work folder nor a half-written clip', async () => {
    const before = await tempFolders();
    const svg = productSvg('Injera basket', 'Demo', 120, 0);
    const poster = await renderSvgImage(svg, localMediaStorage(mediaRoot(dataDir)), 'seed/poster');
    const stop = new AbortController();
    const encoding = renderDemoVideo(svg, poster, 'seed/clip-video', {
      store: localMediaStorage(mediaRoot(dataDir)),
      dataDir,
      signal: stop.signal,
    });
    // Stopped half-way: once its work folder exists.
    await expect.poll(() => readdir(path.join(dataDir, 'tmp')).catch(() => []), { interval: 5 }).toHaveLength(1);
    stop.abort(new Error('stopping'));
    await expect(encoding).rejects.toThrow('stopping');
    expect(existsSync(path.join(mediaRoot(dataDir), 'seed/clip-video.mp4'))).toBe(false);
    expect(await readdir(path.join(dataDir, 'tmp')).catch(() => [])).toEqual([]);
    expect(await tempFolders()).toEqual(before);
  });

  it('a later seed removes the work folders of processes that are gone, not those of running ones', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    const work = path.join(dataDir, 'tmp');
    for (const name of [`sefer-video-${gone.pid}-abc123`, `sefer-video-${process.pid}-def456`]) {
      await mkdir(path.join(work, name), { recursive: true });
      await writeFile(path.join(work, name, 'frame.png'), 'x');
    }
    await removeAbandonedWork(dataDir);
    expect(await readdir(work)).toEqual([`sefer-video-${process.pid}-def456`]);
  });
});
