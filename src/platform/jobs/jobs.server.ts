/**
 * The platform's own periodic jobs: VACUUM with planner statistics (ANALYZE), and forgetting finished jobs.
 * Registered on import (src/platform/process/jobs-list.server.ts imports every job list).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { forgetFinishedJobs } from './queue.server.ts';
import { registerSchedule } from './registry.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('db');

/**
 * PGlite runs no autovacuum, so nothing else ever vacuums or gathers planner statistics. Without
 * VACUUM every edit leaves its old row behind for good, and no page is ever marked all-visible, so
 * index-only scans read the table anyway: a freshly seeded 100,000-deal catalogue answered 25
 * searches a second under load before it and 34 after (BENCHMARKS.md, search at scale). Without
 * statistics the
 * planner guesses a few rows per table and can walk a whole index where a short range would do
 * (measured at 100,000 listings). ANALYZE samples at most 30,000 rows per table, so it takes about
 * as long at any catalogue size (1.5 s at 100,000 listings on a busy 2-core machine). On
 * PostgreSQL autovacuum also does it, but only after enough rows changed: a freshly imported or
 * restored catalogue would be planned blind until then; its VACUUM skips the pages autovacuum has
 * already marked. Either way one process does it for all.
 */
export const PLANNER_STATISTICS_EVERY_MS = 6 * 3_600_000;

export async function gatherPlannerStatistics(db: Database): Promise<void> {
  const started = Date.now();
  await db.execute(sql`vacuum (analyze)`);
  log.info(`[db] vacuumed and planner statistics gathered in ${Date.now() - started} ms`);
}

registerSchedule('planner-statistics', PLANNER_STATISTICS_EVERY_MS, gatherPlannerStatistics);
registerSchedule('forget-finished-jobs', 3_600_000, forgetFinishedJobs);
