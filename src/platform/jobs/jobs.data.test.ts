/**
 * The platform's maintenance job (jobs.server.ts): PGlite has no autovacuum, so the job vacuums as
 * well as gathering planner statistics, on both drivers.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { scheduledRuns } from '#db/schema.ts';
import { gatherPlannerStatistics } from './jobs.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe.each(drivers())('database maintenance on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('vacuums away the rows edits left behind and gathers planner statistics', async () => {
    const at = new Date(Date.UTC(2026, 10, 27));
    await t.db.insert(scheduledRuns).values(Array.from({ length: 200 }, (_, i) => ({ name: `job-${i}`, lastRunAt: at })));
    await t.db.update(scheduledRuns).set({ runs: 2 });
    await t.db.delete(scheduledRuns).where(sql`${scheduledRuns.name} like 'job-1%'`);
    // The edits' counts reach pg_stat at the next flush (at most once a second): flushed now, they
    // cannot land after the vacuum and count its removed rows as dead again.
    await t.db.execute(sql`select pg_stat_force_next_flush()`);
    await t.db.execute(sql`select 1`);
    const log = captureLog();
    await gatherPlannerStatistics(t.db);
    log.stop();
    expect(log.messages().join(' ')).toMatch(/vacuumed and planner statistics gathered/);
    type Row = { vacuumed: boolean; analyzed: boolean; dead: number | string; tuples: number | string };
    await t.db.execute(sql`select pg_stat_force_next_flush()`);
    await t.db.execute(sql`select pg_stat_clear_snapshot()`);
    const result = await t.db.execute<Row>(sql`
      select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed, s.n_dead_tup as dead, c.reltuples as tuples
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'scheduled_runs'`);
    const [row] = (result as unknown as { rows: Row[] }).rows;
    expect(row).toMatchObject({ vacuumed: true, analyzed: true });
    expect(Number(row?.dead)).toBe(0);
    expect(Number(row?.tuples)).toBe(89);
  });
});
