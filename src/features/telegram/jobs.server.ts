/**
 * The Telegram job queue, in the database: verifying a listing only adds a row, and one worker
 * (whichever app process holds the lease) sends. A failed job is tried again later, a few times.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { telegramJobs, telegramUpdates, workerLeases } from '#db/schema.ts';
import { deliverDigest, deliverListingVerified, type Sender } from './deliver.server.ts';

const LEASE = 'telegram-worker';
/** How long a worker's lease lasts without renewal: another process takes over after it. */
export const LEASE_MS = 30_000;
const MAX_ATTEMPTS = 6;
/** Handled update ids are kept this long (Telegram gives up redelivering within a day). */
const UPDATE_MEMORY_MS = 7 * 86_400_000;

/** Queues the alerts and channel post of a listing an admin just verified. */
export async function queueListingVerified(db: Database, listingId: number, now: Date): Promise<void> {
  await db.insert(telegramJobs).values({ kind: 'listing-verified', listingId, runAfter: now });
}

/**
 * Takes or renews the worker lease: true while this process is the one worker. A lease left by a
 * process that stopped expires after LEASE_MS. `name` picks the lease (other workers hold their own).
 */
export async function holdLease(db: Database, holder: string, now: Date, name = LEASE): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + LEASE_MS);
  const rows = await db
    .insert(workerLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: workerLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${workerLeases.holder} = ${holder} or ${workerLeases.expiresAt} < ${now}`,
    })
    .returning({ holder: workerLeases.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Database, holder: string, name = LEASE): Promise<void> {
  await db.delete(workerLeases).where(and(eq(workerLeases.name, name), eq(workerLeases.holder, holder)));
}

/** The next due job, claimed by pushing its time forward (a crashed run is retried after that). */
async function claimJob(db: Database, now: Date) {
  const [job] = await db
    .select()
    .from(telegramJobs)
    .where(and(isNull(telegramJobs.doneAt), lte(telegramJobs.runAfter, now)))
    .orderBy(asc(telegramJobs.runAfter), asc(telegramJobs.id))
    .limit(1);
  if (!job) return null;
  const retryAt = new Date(now.getTime() + backoffMs(job.attempts + 1));
  const [claimed] = await db
    .update(telegramJobs)
    .set({ attempts: job.attempts + 1, runAfter: retryAt })
    .where(and(eq(telegramJobs.id, job.id), eq(telegramJobs.attempts, job.attempts), isNull(telegramJobs.doneAt)))
    .returning();
  return claimed ?? null;
}

/** 20 s, 40 s, 80 s … before a failed job runs again. */
function backoffMs(attempt: number): number {
  return 10_000 * 2 ** Math.min(attempt, 10);
}

/**
 * Runs the jobs that are due, one at a time, until none is left (or `limit` ran); how many ran.
 * Only the lease holder calls it.
 */
export async function runDueJobs(sender: Sender, now: () => Date, limit = 50): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const job = await claimJob(sender.db, now());
    if (!job) break;
    ran++;
    try {
      if (job.kind === 'listing-verified' && job.listingId !== null) await deliverListingVerified(sender, job.listingId, now());
      if (job.kind === 'alert-digest' && job.chatId !== null && job.day) await deliverDigest(sender, job.chatId, job.day);
      await sender.db.update(telegramJobs).set({ doneAt: now(), lastError: null }).where(eq(telegramJobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[telegram] job ${job.id} (${job.kind}) attempt ${job.attempts} failed: ${message}`);
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      await sender.db
        .update(telegramJobs)
        .set({ lastError: message.slice(0, 500), ...(giveUp ? { doneAt: now() } : {}) })
        .where(eq(telegramJobs.id, job.id));
    }
  }
  return ran;
}

/** Forgets handled update ids and finished jobs older than a week. */
export async function pruneTelegramTables(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - UPDATE_MEMORY_MS);
  await db.delete(telegramUpdates).where(lte(telegramUpdates.receivedAt, before));
  await db.delete(telegramJobs).where(lte(telegramJobs.doneAt, before));
}

export interface Worker {
  /** Runs due jobs soon (a listing was just verified in this process). */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * The worker loop of one process: every `intervalMs` it renews (or tries to take) the lease and,
 * holding it, runs the due jobs. Several processes may run it; one sends at a time.
 */
export function startWorker(sender: Sender, options: { now: () => Date; intervalMs?: number }): Worker {
  const holder = randomUUID();
  const intervalMs = options.intervalMs ?? 2000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;
  let lastPrune = 0;

  const tick = async () => {
    if (!(await holdLease(sender.db, holder, options.now()))) return;
    await runDueJobs(sender, options.now);
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      await pruneTelegramTables(sender.db, options.now());
    }
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = tick()
      .catch((error: unknown) => console.error('[telegram] worker:', error))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
          return;
        }
        timer = setTimeout(run, intervalMs);
        timer.unref();
      });
  };
  run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await releaseLease(sender.db, holder).catch(() => undefined);
    },
  };
}
