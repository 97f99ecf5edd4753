/** The job queue and the leases as a scrape reads them (jobs-metrics.server.ts). */
import { describe, expect, it } from 'vitest';
import { jobs } from '#db/schema.ts';
import { holdLease } from './lease.server.ts';
import { readQueue } from './jobs-metrics.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe.each(drivers())('the job queue metrics on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('count the waiting jobs per kind, the age of the oldest due one, and who holds which lease', async () => {
    const now = Date.now();
    await t.db.insert(jobs).values([
      { name: 'notice', runAfter: new Date(now - 60_000) },
      { name: 'notice', runAfter: new Date(now - 5_000) },
      { name: 'notice', runAfter: new Date(now - 1_000), doneAt: new Date(now) },
      { name: 'alert-digest', runAfter: new Date(now + 3_600_000) },
    ]);
    await holdLease(t.db, 'job-queue', 'host-a:101:abcd1234', new Date(now));
    await holdLease(t.db, 'scheduler', 'host-b:202:ef567890', new Date(now - 120_000)); // expired
    const { queue, leases } = await readQueue(t.db);
    const byKind = Object.fromEntries(queue.map((row) => [row.kind, row]));
    expect(Number(byKind.notice!.depth)).toBe(2);
    expect(Number(byKind.notice!.oldestDueSeconds)).toBeGreaterThanOrEqual(59);
    expect(Number(byKind['alert-digest']!.depth)).toBe(1);
    expect(byKind['alert-digest']!.oldestDueSeconds).toBeNull();
    expect(leases).toEqual([{ lease: 'job-queue', holder: 'host-a:101:abcd1234' }]);
  });
});
