import { Writable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '#platform/log/log.server.ts';
import { DependencyUnavailable } from '#platform/health/dependencies.ts';
import { fakeContext, fakeNext, run } from './step-test-kit.ts';

// The process's logger, as the step finds it: lines kept here.
const lines: string[] = [];
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.log')] = createLogger({
  destination: new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }),
});

const db = vi.hoisted(() => ({ ready: undefined as object | undefined }));
vi.mock('#platform/db/db.server.ts', () => ({
  readyDatabase: () => db.ready,
  database: async () => db.ready,
  isDatabaseUnavailable: (error: unknown) => error instanceof Error && error.message === 'connection refused',
}));
const { openDatabase } = await import('./open-database.server.ts');

describe('openDatabase', () => {
  beforeEach(() => {
    db.ready = undefined;
  });

  it('tells every request to come back soon while the database is first opened', async () => {
    const next = fakeNext();
    const response = await run(openDatabase, fakeContext(), next);
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBeTruthy();
    expect(next.calls).toHaveLength(0);
  });

  it('puts the open database in locals and goes on', async () => {
    db.ready = { name: 'the database' };
    const context = fakeContext();
    expect(await (await run(openDatabase, context, fakeNext())).text()).toBe('ok');
    expect(context.locals.db).toBe(db.ready);
  });

  it('answers a friendly 503 when the database goes away, and lets any other error through', async () => {
    db.ready = {};
    const down = await run(openDatabase, fakeContext(), () => Promise.reject(new Error('connection refused')));
    expect(down.status).toBe(503);
    await expect(run(openDatabase, fakeContext(), () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
  });

  it('names the media bucket, not the database, when the bucket is what is down', async () => {
    db.ready = {};
    lines.length = 0;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    const down = await run(openDatabase, fakeContext({ url: 'http://localhost:4321/media/u/a.webp' }), () =>
      Promise.reject(new DependencyUnavailable('media', refused)),
    );
    expect(down.status).toBe(503);
    await expect.poll(() => lines.length).toBe(1);
    const line = JSON.parse(lines[0]!) as { dependency: string; msg: string };
    expect(line.dependency).toBe('media');
    expect(line.msg).toMatch(/^\[media\] unavailable for GET \/media\/u\/a\.webp/);
    expect(line.msg).not.toContain('[db]');
  });
});
