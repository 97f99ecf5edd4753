/**
 * This process's background work: the queue worker and the scheduler, each a loop that every
 * process runs and one process at a time works (through its lease). Started and stopped by
 * src/platform/process (boot and shutdown), never by a feature.
 */
import type { Database } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { startLeasedLoop, type LeasedLoop } from './lease.server.ts';
import { onEnqueue, runDueJobs } from './queue.server.ts';
import { startScheduler } from './scheduler.server.ts';
import { observeJobQueue } from './jobs-metrics.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('jobs');

const QUEUE_LEASE = 'job-queue';
/** How often the queue worker looks for due jobs when nothing wakes it. */
const QUEUE_EVERY_MS = 2000;

/** The queue worker of one process; a job queued in this process wakes it at once. */
export function startQueueWorker(db: Database, options: { now?: () => Date; everyMs?: number } = {}): LeasedLoop {
  const now = options.now ?? requestClock;
  const loop = startLeasedLoop(db, {
    lease: QUEUE_LEASE,
    label: 'jobs',
    everyMs: options.everyMs ?? QUEUE_EVERY_MS,
    work: () => runDueJobs(db, now),
  });
  const forget = onEnqueue(loop.kick);
  return {
    kick: loop.kick,
    async stop() {
      forget();
      await loop.stop();
    },
  };
}

let running: LeasedLoop[] = [];

/** Starts this process's queue worker and scheduler (once). */
export function startBackgroundWork(db: Database): void {
  if (running.length > 0) return;
  running = [startQueueWorker(db), startScheduler(db)];
  observeJobQueue(db);
}

export async function stopBackgroundWork(): Promise<void> {
  const current = running;
  running = [];
  await Promise.all(current.map((loop) => loop.stop().catch((error: unknown) => log.error({ err: error }, '[jobs] stop failed'))));
}
