import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startSefer } from './support.ts';

const PORT = 4339;

function start(dataDir: string) {
  return startSefer({ PORT: String(PORT), HOST: 'localhost', DATA_DIR: dataDir });
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
}

test('a second start reuses the data, and SIGTERM closes the server and the database cleanly', { tag: '@slow' }, async ({ request }) => {
  test.setTimeout(120_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-lifecycle-'));
  try {
    // The e2e server's media is reused so this seed does not render it again.
    await cp(path.join(process.env.SEFER_E2E_DATA!, 'media'), path.join(dataDir, 'media'), { recursive: true });

    const first = start(dataDir);
    await first.ready;
    expect(first.output()).toMatch(/\[seed\] \d+ listings/);
    const home = await request.get(`http://localhost:${PORT}/`);
    expect(await home.text()).toContain('% OFF');
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const second = start(dataDir);
    await second.ready;
    expect(second.output()).not.toContain('[seed]');
    // Once ready, before its first visitor, the process gives back the garbage its start left (decision 30, seventh session).
    expect(second.output()).toMatch(/\[memory\] ready: garbage collected in \d+ ms, resident \d+ → \d+ MB/);
    expect(await (await request.get(`http://localhost:${PORT}/`)).text()).toContain('% OFF');
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a bad configuration stops the start with a clear message', async () => {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: 'eighty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A fatal log line (JSON on stdout, issue 32), or whatever Node prints on stderr.
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  expect(await exited(child)).toBe(1);
  expect(output).toContain('Invalid configuration');
  expect(output).toContain('PORT');
});
