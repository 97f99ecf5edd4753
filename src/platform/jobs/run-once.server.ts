/**
 * Periodic jobs that one process runs for all: with several app processes on one PostgreSQL, each
 * process's timer fires, and the first to take the job's advisory lock runs it; the others find it
 * locked, or find it ran within its period, and skip. The lock is transaction-scoped, so a process
 * that dies mid-job releases it with its connection.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { scheduledRuns } from '#db/schema.ts';

/** The first key of every advisory lock taken here (the second is the job's name hashed). */
const LOCK_SPACE = 0x5ef3;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `job` unless another process holds it right now or it ran less than `everyMs` before `now`.
 * True when this call ran it.
 */
export async function runOnce(
  db: Database,
  name: string,
  everyMs: number,
  now: Date,
  job: (tx: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(${name})) as locked`);
    // Both drivers answer with `rows`; Drizzle types the raw result per driver.
    if (!(lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return false;
    const [last] = await tx
      .select({ at: scheduledRuns.lastRunAt })
      .from(scheduledRuns)
      .where(sql`${scheduledRuns.name} = ${name}`);
    if (last && now.getTime() - last.at.getTime() < everyMs) return false;
    await job(tx);
    await tx
      .insert(scheduledRuns)
      .values({ name, lastRunAt: now })
      .onConflictDoUpdate({ target: scheduledRuns.name, set: { lastRunAt: now, runs: sql`${scheduledRuns.runs} + 1` } });
    return true;
  });
}
