/**
 * Periodic jobs that one process runs for all (run-once.server.ts): once per period, and never
 * while another connection holds the job.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledRuns } from '#db/schema.ts';
import { runOnce } from './run-once.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 26) + hours * HOUR);

describe.each(drivers())('jobs run once on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('runs a job once per period, and counts its runs', async () => {
    let ran = 0;
    const job = async () => void ran++;
    expect(await runOnce(t.db, 'planner-statistics', 6 * HOUR, at(0), job)).toBe(true);
    expect(await runOnce(t.db, 'planner-statistics', 6 * HOUR, at(1), job)).toBe(false);
    expect(await runOnce(t.db, 'planner-statistics', 6 * HOUR, at(5.9), job)).toBe(false);
    expect(await runOnce(t.db, 'other-job', 6 * HOUR, at(1), job)).toBe(true);
    expect(await runOnce(t.db, 'planner-statistics', 6 * HOUR, at(6), job)).toBe(true);
    expect(ran).toBe(3);
    const [row] = await t.db
      .select()
      .from(scheduledRuns)
      .where(sql`${scheduledRuns.name} = 'planner-statistics'`);
    expect(row).toMatchObject({ runs: 2, lastRunAt: at(6) });
  });

  it('does not record a run whose job failed', async () => {
    await expect(runOnce(t.db, 'flaky', HOUR, at(0), () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await runOnce(t.db, 'flaky', HOUR, at(0), async () => undefined)).toBe(true);
  });

  it.runIf(driver === 'postgres')('skips a job another connection is running', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runOnce(t.db, 'digest', HOUR, at(0), async () => {
      started();
      await held;
    });
    await running;
    let second = false;
    expect(await runOnce(t.db, 'digest', HOUR, at(0), async () => void (second = true))).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(second).toBe(false);
  });
});
