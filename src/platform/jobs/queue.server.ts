/**
 * The one job queue, in the database: a feature that has news (a listing verified) or work for
 * later (a digest at the end of the day) only adds a row, and the queue worker (whichever app
 * process holds its lease) runs it through the handler registered under its name. A job is claimed
 * by one statement that also pushes its time forward, so two workers never run the same job and a
 * run that crashed is tried again after the back-off; a failed job is retried a few times.
 */
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { jobs } from '#db/schema.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { registeredJob, registeredJobNames } from './registry.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('jobs');

/** Finished jobs are kept this long (what ran, and the keys that stop a second digest). */
const FINISHED_MEMORY_MS = 7 * 86_400_000;

export interface EnqueueOptions {
  /** Not before this time (by default: now, on the request clock). */
  runAfter?: Date;
  /** At most one job of this name and key, ever (until the finished job is forgotten). */
  key?: string;
}

/** Workers of this process to wake when a job is queued here (see worker.server.ts). */
const wakers = new Set<() => void>();

export function onEnqueue(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Queues a job for the handler registered as `name`; true when it was added (not a duplicate key). */
export async function enqueue(db: Database, name: string, payload: unknown, options: EnqueueOptions = {}): Promise<boolean> {
  const added = await db
    .insert(jobs)
    .values({ name, payload: payload ?? {}, key: options.key ?? null, runAfter: options.runAfter ?? requestClock() })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (added.length > 0) for (const wake of wakers) wake();
  return added.length > 0;
}

/** 20 s, 40 s, 80 s … after a claim, before the job may run again (if this run fails or crashes). */
const backoff = (attempts: unknown) => sql`make_interval(secs => 10 * power(2, least(${attempts} + 1, 10)))`;

/** Claims the next due job of the given names, or null when none is due. */
async function claimJob(db: Database, names: string[], now: Date) {
  if (names.length === 0) return null;
  const at = sql`${now.toISOString()}::timestamptz`;
  const [claimed] = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, runAfter: sql`${at} + ${backoff(jobs.attempts)}` })
    .where(
      sql`${jobs.id} = (select ${jobs.id} from ${jobs} where ${and(
        isNull(jobs.doneAt),
        lte(jobs.runAfter, now),
        inArray(jobs.name, names),
      )} order by ${jobs.runAfter}, ${jobs.id} limit 1 for update skip locked)`,
    )
    .returning();
  return claimed ?? null;
}

/**
 * Runs the due jobs, one at a time, until none is left (or `limit` ran); how many ran. Jobs whose
 * name no handler claims in this process wait (a newer process may know them).
 */
export async function runDueJobs(db: Database, now: () => Date = requestClock, limit = 50): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const job = await claimJob(db, registeredJobNames(), now());
    if (!job) break;
    ran++;
    const registered = registeredJob(job.name)!;
    try {
      await registered.handler(job.payload, { db, now: now(), attempt: job.attempts });
      await db.update(jobs).set({ doneAt: now(), lastError: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error(
        { job: job.id, kind: job.name, attempt: job.attempts },
        `[jobs] job ${job.id} (${job.name}) attempt ${job.attempts} failed: ${message}`,
      );
      const giveUp = job.attempts >= registered.maxAttempts;
      await db
        .update(jobs)
        .set({ lastError: message.slice(0, 500), ...(giveUp ? { doneAt: now() } : {}) })
        .where(eq(jobs.id, job.id));
    }
  }
  return ran;
}

/** Forgets finished jobs older than a week. */
export async function forgetFinishedJobs(db: Database, now: Date): Promise<void> {
  await db.delete(jobs).where(lte(jobs.doneAt, new Date(now.getTime() - FINISHED_MEMORY_MS)));
}
