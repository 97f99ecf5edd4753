/**
 * The scheduler (scheduler.server.ts) and the queue worker (worker.server.ts): a periodic job runs
 * once per period whoever asks, a failing one is logged and waits for its next period; a job queued
 * in this process wakes the worker at once, and a stopped worker gives its lease back.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { scheduledRuns, workerLeases } from '#db/schema.ts';
import { enqueue } from './queue.server.ts';
import { registerJob, registerSchedule, type Schedule } from './registry.server.ts';
import { runDueSchedules, runSchedule, runScheduleNow } from './scheduler.server.ts';
import { startQueueWorker } from './worker.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const MINUTE = 60_000;
const T0 = new Date(Date.UTC(2026, 10, 26, 9));
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(drivers())('the scheduler and the queue worker on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });
  let errors: ReturnType<typeof captureLog>;
  beforeEach(() => {
    errors = captureLog();
    return () => errors.stop();
  });

  it('runs a periodic job once per period (real time), giving it the request clock', async () => {
    const seen: Date[] = [];
    const every: Schedule = { name: 'test-minutely', everyMs: MINUTE, run: async (_db, now) => void seen.push(now) };
    const pinned = new Date(Date.UTC(2026, 2, 10));
    expect(await runSchedule(t.db, every, pinned, at(0))).toBe(true);
    expect(await runSchedule(t.db, every, pinned, at(MINUTE - 1))).toBe(false);
    expect(await runSchedule(t.db, every, pinned, at(MINUTE))).toBe(true);
    expect(seen).toEqual([pinned, pinned]);
    const [row] = await t.db.select().from(scheduledRuns).where(eq(scheduledRuns.name, 'test-minutely'));
    expect(row).toMatchObject({ runs: 2, lastRunAt: at(MINUTE) });
  });

  it('logs a failing periodic job and still runs the others; it waits for its next period', async () => {
    const ran: string[] = [];
    const schedules: Schedule[] = [
      { name: 'test-boom', everyMs: MINUTE, run: () => Promise.reject(new Error('boom')) },
      { name: 'test-after', everyMs: MINUTE, run: async () => void ran.push('after') },
    ];
    await runDueSchedules(t.db, T0, schedules);
    expect(ran).toEqual(['after']);
    expect(errors.lines).toContainEqual(
      expect.objectContaining({ msg: '[jobs] test-boom failed', err: expect.objectContaining({ message: expect.any(String) }) }),
    );
    expect(await runSchedule(t.db, schedules[0]!, T0)).toBe(false);
  });

  it('runs a registered periodic job now, by name (the start-up ANALYZE), unless it just ran', async () => {
    let runs = 0;
    registerSchedule('test-startup', MINUTE, async () => void runs++);
    expect(await runScheduleNow(t.db, 'test-startup')).toBe(true);
    expect(await runScheduleNow(t.db, 'test-startup')).toBe(false);
    expect(await runScheduleNow(t.db, 'test-nothing')).toBe(false);
    expect(runs).toBe(1);
  });

  it('a job queued in this process wakes the worker at once; a stopped worker gives its lease back', async () => {
    const seen: unknown[] = [];
    registerJob('test-wake', async (payload) => void seen.push(payload));
    // A long period: only the wake-up can run the job within the test.
    const worker = startQueueWorker(t.db, { everyMs: 3_600_000 });
    await vi.waitFor(async () => expect(await t.db.select().from(workerLeases)).toHaveLength(1));
    await enqueue(t.db, 'test-wake', { hello: 'world' });
    await vi.waitFor(() => expect(seen).toEqual([{ hello: 'world' }]), { timeout: 5000 });
    await worker.stop();
    expect(await t.db.select().from(workerLeases).where(eq(workerLeases.name, 'job-queue'))).toEqual([]);
  });
});
