/**
 * The one job queue (queue.server.ts) and its leases (lease.server.ts): a job runs once through its
 * registered handler, a failing job is retried after its back-off and given up after its last
 * attempt, two workers never run the same job, a keyed job is queued once, and one process at a
 * time holds a worker's lease.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { jobs } from '#db/schema.ts';
import { holdLease, releaseLease } from './lease.server.ts';
import { enqueue, forgetFinishedJobs, runDueJobs } from './queue.server.ts';
import { registerJob } from './registry.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const SECOND = 1000;
const T0 = new Date(Date.UTC(2026, 10, 26, 9));
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(drivers())('the job queue on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });
  let errors: ReturnType<typeof captureLog>;
  beforeEach(() => {
    errors = captureLog();
    return () => errors.stop();
  });

  it('runs a queued job once through its handler, with its payload, then marks it done', async () => {
    const seen: unknown[] = [];
    registerJob<{ n: number }>('test-echo', async (payload, { now, attempt }) => void seen.push({ ...payload, now, attempt }));
    await enqueue(t.db, 'test-echo', { n: 1 }, { runAfter: T0 });
    await enqueue(t.db, 'test-echo', { n: 2 }, { runAfter: at(60 * SECOND) });
    expect(await runDueJobs(t.db, () => T0)).toBe(1);
    expect(seen).toEqual([{ n: 1, now: T0, attempt: 1 }]);
    // Not again, and the later one only when due.
    expect(await runDueJobs(t.db, () => at(59 * SECOND))).toBe(0);
    expect(await runDueJobs(t.db, () => at(60 * SECOND))).toBe(1);
    expect(seen).toHaveLength(2);
    const rows = await t.db.select().from(jobs);
    expect(rows.every((r) => r.doneAt !== null && r.attempts === 1 && r.lastError === null)).toBe(true);
  });

  it('retries a job whose handler throws after its back-off, and gives it up after its last attempt', async () => {
    let calls = 0;
    registerJob(
      'test-flaky',
      async () => {
        calls++;
        throw new Error(`failure ${calls}`);
      },
      { maxAttempts: 3 },
    );
    await enqueue(t.db, 'test-flaky', {}, { runAfter: T0 });
    expect(await runDueJobs(t.db, () => T0)).toBe(1);
    const [first] = await t.db.select().from(jobs);
    expect(first).toMatchObject({ attempts: 1, doneAt: null, lastError: 'failure 1', runAfter: at(20 * SECOND) });
    expect(errors.messages()).toContainEqual(expect.stringContaining('(test-flaky) attempt 1 failed: failure 1'));
    // Not before the back-off; then again, with a longer back-off.
    expect(await runDueJobs(t.db, () => at(19 * SECOND))).toBe(0);
    expect(await runDueJobs(t.db, () => at(20 * SECOND))).toBe(1);
    const [second] = await t.db.select().from(jobs);
    expect(second).toMatchObject({ attempts: 2, doneAt: null, lastError: 'failure 2', runAfter: at(60 * SECOND) });
    expect(await runDueJobs(t.db, () => at(60 * SECOND))).toBe(1);
    const [last] = await t.db.select().from(jobs);
    expect(last).toMatchObject({ attempts: 3, lastError: 'failure 3', doneAt: at(60 * SECOND) });
    expect(await runDueJobs(t.db, () => at(3_600 * SECOND))).toBe(0);
    expect(calls).toBe(3);
  });

  it('two workers at once never run the same job', async () => {
    const runs: number[] = [];
    registerJob<{ n: number }>('test-count', async ({ n }) => {
      runs.push(n);
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
    for (let n = 0; n < 30; n++) await enqueue(t.db, 'test-count', { n }, { runAfter: T0 });
    const [a, b] = await Promise.all([runDueJobs(t.db, () => T0), runDueJobs(t.db, () => T0)]);
    expect(a + b).toBe(30);
    expect(runs.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('queues a keyed job once; leaves jobs no handler here knows; forgets finished jobs after a week', async () => {
    const seen: unknown[] = [];
    registerJob('test-keyed', async (payload) => void seen.push(payload));
    expect(await enqueue(t.db, 'test-keyed', { day: 1 }, { runAfter: T0, key: 'chat:day' })).toBe(true);
    expect(await enqueue(t.db, 'test-keyed', { day: 2 }, { runAfter: T0, key: 'chat:day' })).toBe(false);
    await enqueue(t.db, 'test-unknown', {}, { runAfter: T0 });
    expect(await runDueJobs(t.db, () => T0)).toBe(1);
    expect(seen).toEqual([{ day: 1 }]);
    // Done, the key still holds: no second job for the same chat and day.
    expect(await enqueue(t.db, 'test-keyed', { day: 3 }, { runAfter: T0, key: 'chat:day' })).toBe(false);
    const [unknown] = await t.db.select().from(jobs).where(eq(jobs.name, 'test-unknown'));
    expect(unknown).toMatchObject({ attempts: 0, doneAt: null });
    await forgetFinishedJobs(t.db, at(7 * 86_400 * SECOND - SECOND));
    expect(await t.db.select().from(jobs)).toHaveLength(2);
    await forgetFinishedJobs(t.db, at(7 * 86_400 * SECOND));
    expect((await t.db.select({ name: jobs.name }).from(jobs)).map((r) => r.name)).toEqual(['test-unknown']);
  });

  it('one worker at a time: a second process does not get the lease until it expires or is given back', async () => {
    expect(await holdLease(t.db, 'job-queue', 'process-a', T0)).toBe(true);
    expect(await holdLease(t.db, 'job-queue', 'process-b', T0)).toBe(false);
    expect(await holdLease(t.db, 'scheduler', 'process-b', T0)).toBe(true);
    expect(await holdLease(t.db, 'job-queue', 'process-a', at(10 * SECOND))).toBe(true);
    expect(await holdLease(t.db, 'job-queue', 'process-b', at(39 * SECOND))).toBe(false);
    expect(await holdLease(t.db, 'job-queue', 'process-b', at(60 * SECOND))).toBe(true);
    await releaseLease(t.db, 'job-queue', 'process-a');
    expect(await holdLease(t.db, 'job-queue', 'process-b', at(61 * SECOND))).toBe(true);
    await releaseLease(t.db, 'job-queue', 'process-b');
    expect(await holdLease(t.db, 'job-queue', 'process-a', at(62 * SECOND))).toBe(true);
  });
});
