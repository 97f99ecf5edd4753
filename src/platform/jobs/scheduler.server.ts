/**
 * The scheduler: periodic jobs (registerSchedule) run by one process at a time, each at most once
 * per its period. The scheduler's lease picks the process; each run is claimed first through
 * runOnce (an advisory lock and the job's last run in scheduled_runs), so a lease handed over
 * mid-turn, or a start-up run, never runs a period twice. Periods follow the real clock; the jobs
 * see the request clock (pinned in tests).
 */
import type { Database } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { startLeasedLoop, type LeasedLoop } from './lease.server.ts';
import { registeredSchedule, registeredSchedules, type Schedule } from './registry.server.ts';
import { runOnce } from './run-once.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('jobs');

const LEASE = 'scheduler';
/** How often the scheduler looks for due jobs (and renews its lease, well within the lease's 30 s). */
export const SCHEDULER_EVERY_MS = 10_000;

/**
 * Runs one periodic job if its period is due and no other process has it; true when it ran. A
 * failing job is logged (its period counts as run: it is tried again next period, as before).
 */
export async function runSchedule(db: Database, schedule: Schedule, now: Date, at = new Date()): Promise<boolean> {
  const claimed = await runOnce(db, schedule.name, schedule.everyMs, at, async () => undefined);
  if (!claimed) return false;
  try {
    await schedule.run(db, now);
  } catch (error) {
    log.error({ err: error, schedule: schedule.name }, `[jobs] ${schedule.name} failed`);
  }
  return true;
}

/** Runs the registered periodic job `name` now if its period is due (the start-up's ANALYZE). */
export async function runScheduleNow(db: Database, name: string): Promise<boolean> {
  const schedule = registeredSchedule(name);
  return schedule ? runSchedule(db, schedule, requestClock()) : false;
}

/** Runs every due periodic job once, in order; a failing one does not stop the others. */
export async function runDueSchedules(db: Database, now: Date, schedules: readonly Schedule[] = registeredSchedules()): Promise<void> {
  for (const schedule of schedules) await runSchedule(db, schedule, now);
}

/** The scheduler loop of one process (every process runs one; the lease lets one of them work). */
export function startScheduler(
  db: Database,
  options: { now?: () => Date; everyMs?: number; schedules?: readonly Schedule[] } = {},
): LeasedLoop {
  const now = options.now ?? requestClock;
  return startLeasedLoop(db, {
    lease: LEASE,
    label: 'scheduler',
    everyMs: options.everyMs ?? SCHEDULER_EVERY_MS,
    work: () => runDueSchedules(db, now(), options.schedules),
  });
}
