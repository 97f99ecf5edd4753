/**
 * The job queue and the leases as metrics (issue 32), read at scrape time by one cheap query each,
 * at most every few seconds: how many jobs of each kind wait and how long the oldest due one has
 * waited, and which process holds which lease (the Telegram sender and the chores run under them).
 */
import { gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { jobs, workerLeases } from '#db/schema.ts';
import { cachedFor } from '#platform/health/cached-for.ts';
import { gauge } from '#platform/metrics/metrics.server.ts';

/** How long a scrape's reading is kept. */
const READ_EVERY_MS = 5000;

/** The queue and lease readings of `db`. */
export function readQueue(db: Database) {
  return Promise.all([
    db
      .select({
        kind: jobs.name,
        depth: sql<number>`count(*)::int`,
        oldestDueSeconds: sql<
          number | null
        >`extract(epoch from now() - min(${jobs.runAfter}) filter (where ${jobs.runAfter} <= now()))::float8`,
      })
      .from(jobs)
      .where(isNull(jobs.doneAt))
      .groupBy(jobs.name),
    db
      .select({ lease: workerLeases.name, holder: workerLeases.holder })
      .from(workerLeases)
      .where(gt(workerLeases.expiresAt, sql`now()`)),
  ]).then(([queue, leases]) => ({ queue, leases }));
}

/** Registers the queue's gauges for `db` (once a process; the first database wins). */
export function observeJobQueue(db: Database): void {
  const read = cachedFor(READ_EVERY_MS, () => readQueue(db));
  gauge('sefer_jobs_waiting', {
    help: 'Jobs not done yet, by kind (due or later)',
    labelNames: ['kind'],
    async collect() {
      const { queue } = await read();
      this.reset();
      for (const row of queue) this.set({ kind: row.kind }, Number(row.depth));
    },
  });
  gauge('sefer_jobs_oldest_due_seconds', {
    help: 'How long the oldest due job of each kind has waited',
    labelNames: ['kind'],
    async collect() {
      const { queue } = await read();
      this.reset();
      for (const row of queue) this.set({ kind: row.kind }, row.oldestDueSeconds === null ? 0 : Number(row.oldestDueSeconds));
    },
  });
  gauge('sefer_lease_holder', {
    help: 'Leases held now (1), by lease and holder (host:pid:loop)',
    labelNames: ['lease', 'holder'],
    async collect() {
      const { leases } = await read();
      this.reset();
      for (const row of leases) this.set({ lease: row.lease, holder: row.holder }, 1);
    },
  });
}
