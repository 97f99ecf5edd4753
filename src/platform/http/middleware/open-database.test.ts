import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, fakeNext, run } from './step-test-kit.ts';

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
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = await run(openDatabase, fakeContext(), () => Promise.reject(new Error('connection refused')));
    expect(down.status).toBe(503);
    await expect(run(openDatabase, fakeContext(), () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
  });
});
