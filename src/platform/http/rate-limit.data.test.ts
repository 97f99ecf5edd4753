import { describe, expect, it } from 'vitest';
import { allowWrite, hit } from './rate-limit.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe.each(drivers())('rate limiter on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  const now = new Date('2026-03-10T09:00:30.000Z');

  it('allows up to the limit in a window, then refuses with the time left', async () => {
    const limit = { max: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hit(t.db, 'k', limit, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]!.retryAfter).toBe(30);
  });

  it('starts again in the next window', async () => {
    const limit = { max: 1, windowSeconds: 60 };
    expect((await hit(t.db, 'k', limit, now)).allowed).toBe(true);
    expect((await hit(t.db, 'k', limit, now)).allowed).toBe(false);
    expect((await hit(t.db, 'k', limit, new Date(now.getTime() + 60_000))).allowed).toBe(true);
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const limit = { max: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(t.db, 'burst', limit, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('limits per user and per address, separately', async () => {
    for (let i = 0; i < 5; i++) expect((await allowWrite(t.db, 'request', { userId: 'u1', address: '10.0.0.1' }, now)).allowed).toBe(true);
    expect((await allowWrite(t.db, 'request', { userId: 'u1', address: '10.0.0.2' }, now)).allowed).toBe(false);
    expect((await allowWrite(t.db, 'request', { userId: 'u2', address: '10.0.0.1' }, now)).allowed).toBe(false);
    expect((await allowWrite(t.db, 'request', { userId: 'u3', address: '10.0.0.3' }, now)).allowed).toBe(true);
  });
});
