import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { countQueriesOf } from '#platform/db/query-count.server.ts';
import { useTestDatabase } from '#tests/db/test-database.ts';
import { countQueries, dbTiming } from './count-queries.server.ts';
import { fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

describe('countQueries', () => {
  const t = useTestDatabase('pglite');
  beforeAll(() => countQueriesOf(t));
  afterEach(() => {
    delete process.env.SEFER_LOG_QUERIES;
    vi.restoreAllMocks();
  });

  /** A `next` that runs `n` statements, as a page's rendering would, then answers `response`. */
  const nextRunning = (n: number, response: () => Response = () => htmlPage()) =>
    Object.assign(
      async () => {
        for (let i = 0; i < n; i++) await t.db.execute(sql`select ${i}`);
        return response();
      },
      { calls: [] },
    );

  it("says how many statements the request ran and the database's time in Server-Timing", async () => {
    const response = await run(countQueries, fakeContext(), nextRunning(3));
    expect(response.headers.get('Server-Timing')).toMatch(/^db;dur=\d+\.\d;desc="3 queries"$/);
  });

  it('counts each request on its own, side by side', async () => {
    const [a, b] = await Promise.all([run(countQueries, fakeContext(), nextRunning(2)), run(countQueries, fakeContext(), nextRunning(5))]);
    expect(a.headers.get('Server-Timing')).toContain('desc="2 queries"');
    expect(b.headers.get('Server-Timing')).toContain('desc="5 queries"');
  });

  it('keeps a timing set before it, and puts its own on an answer whose headers cannot change', async () => {
    const kept = await run(countQueries, fakeContext(), fakeNext(htmlPage(undefined, { 'Server-Timing': 'render;dur=2' })));
    expect(kept.headers.get('Server-Timing')).toBe('render;dur=2, db;dur=0.0;desc="0 queries"');
    const redirect = await run(
      countQueries,
      fakeContext(),
      nextRunning(1, () => Response.redirect('http://localhost:4321/login', 302)),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('http://localhost:4321/login');
    expect(redirect.headers.get('Server-Timing')).toContain('desc="1 query"');
  });

  it('prints the statements of each request when SEFER_LOG_QUERIES=1', async () => {
    const log = captureLog();
    await run(countQueries, fakeContext({ url: 'http://localhost:4321/homes?page=2' }), nextRunning(2));
    expect(log.lines).toHaveLength(0);
    process.env.SEFER_LOG_QUERIES = '1';
    await run(countQueries, fakeContext({ url: 'http://localhost:4321/homes?page=2' }), nextRunning(2));
    log.stop();
    expect(log.lines).toEqual([expect.objectContaining({ msg: '[queries] GET /homes 2', count: 2, sql: ['select $1', 'select $1'] })]);
  });

  it('words the timing', () => {
    expect(dbTiming({ count: 1, ms: 0.04 })).toBe('db;dur=0.0;desc="1 query"');
    expect(dbTiming({ count: 12, ms: 3.456 })).toBe('db;dur=3.5;desc="12 queries"');
  });
});
