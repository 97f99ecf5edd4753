/**
 * The background chores of the app: renewal reminders, saved-search digests and forgetting the
 * statistics' visitors of earlier days, every minute. Every process runs the loop; the 'chores'
 * lease lets one of them work at a time. Each chore claims its rows itself (a reminder by one
 * UPDATE, a digest by its day's row), so even a lease handed over mid-run never sends twice.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { forgetEarlierVisitors } from '#features/listings/statistics/listing-stats.server.ts';
import { sendRenewalReminders } from '#features/listings/renewals/renewals.server.ts';
import { sendDueDigests } from '#features/saved/saved-search-digest.server.ts';
import { holdLease, releaseLease } from '#features/telegram/jobs.server.ts';

const LEASE = 'chores';
/** How often the chores run. */
export const CHORES_EVERY_MS = 60_000;
/** How often the lease is renewed (well within its 30 s), so one process keeps it between runs. */
const LEASE_EVERY_MS = 10_000;

export interface Chore {
  name: string;
  run: (db: Database, now: Date) => Promise<unknown>;
}

export const CHORES: readonly Chore[] = [
  { name: 'renewal reminders', run: sendRenewalReminders },
  { name: 'saved-search digests', run: sendDueDigests },
  { name: "forgetting earlier days' visitors", run: forgetEarlierVisitors },
];

/** Runs each chore once; a failing chore is logged and the others still run. */
export async function runChores(db: Database, now: Date, chores: readonly Chore[] = CHORES): Promise<void> {
  for (const chore of chores) {
    try {
      await chore.run(db, now);
    } catch (error) {
      console.error(`[chores] ${chore.name} failed:`, error);
    }
  }
}

export interface ChoresWorker {
  stop(): Promise<void>;
}

/**
 * The chores loop of one process: it renews (or tries to take) the lease every few seconds and,
 * holding it, runs the chores once every `everyMs`. Nothing it does can crash the process.
 */
export function startChoresWorker(
  db: Database,
  options: { now?: () => Date; everyMs?: number; leaseEveryMs?: number; chores?: readonly Chore[] } = {},
): ChoresWorker {
  const now = options.now ?? requestClock;
  const everyMs = options.everyMs ?? CHORES_EVERY_MS;
  const holder = randomUUID();
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    if (!(await holdLease(db, holder, now(), LEASE))) return;
    // The real clock paces the loop; the chores see the request clock (pinned in tests).
    if (Date.now() - lastRun < everyMs) return;
    lastRun = Date.now();
    await runChores(db, now(), options.chores);
  };
  const run = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => console.error('[chores] worker:', error))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(run, Math.min(everyMs, options.leaseEveryMs ?? LEASE_EVERY_MS));
        timer.unref();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await releaseLease(db, holder, LEASE).catch(() => undefined);
    },
  };
}

let worker: ChoresWorker | undefined;

/** Starts this process's chores loop (once). */
export function startChores(db: Database): void {
  worker ??= startChoresWorker(db);
}

export async function stopChores(): Promise<void> {
  const current = worker;
  worker = undefined;
  await current?.stop();
}
