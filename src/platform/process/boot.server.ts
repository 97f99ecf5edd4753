/**
 * The process's boot: what happens to a freshly opened and migrated database before the first
 * request is served (promotion plans, the demo seed of an empty embedded database, planner
 * statistics), then what runs beside the requests (card icons back-filled, the job queue worker
 * and the scheduler). `bootProcess()` is called once by src/middleware.ts, which loads before any
 * request; it also hands the start script its lifecycle (lifecycle.ts).
 */
import type { Database } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { config } from '#platform/config/config.server.ts';
import { database, prepareDatabaseWith } from '#platform/db/db.server.ts';
import { runScheduleNow } from '#platform/jobs/scheduler.server.ts';
import { startBackgroundWork } from '#platform/jobs/worker.server.ts';
import { countListings, isSeeded, seedDemoCatalogue } from '#seed/seed.server.ts';
import { backfillIcons } from '#features/media/image-icons.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { seedPromotionPlans } from '#features/promotions/promotions.server.ts';
import { registerLifecycle } from './lifecycle.ts';
import { shutdown } from './shutdown.server.ts';
import './jobs-list.server.ts';
import './fulfillers.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { registerBackupSchedule } from './backups.server.ts';

const log = logger('boot');

/** Before the first request: throwing fails the opening (the start script reports it). */
export async function prepareDatabase(db: Database, signal: AbortSignal): Promise<void> {
  const c = config();
  // Every database sells promotions, seeded or not: the plans are added when missing.
  await seedPromotionPlans(db);
  if (!c.databaseUrl && c.seedDemo && !(await isSeeded(db)) && (await countListings(db)) === 0) {
    await seedDemoCatalogue(db, { dataDir: c.dataDir, now: requestClock(), log: (line) => log.info(line), signal });
  }
  // A fresh seed (or restore) is planned blind until ANALYZE, and never vacuumed on PGlite: once now, then by the scheduler.
  await runScheduleNow(db, 'planner-statistics');
  backfillIcons(db, mediaStorage())
    .then((added) => added > 0 && log.info(`[media] card icons added to ${added} stored images`))
    .catch((error: unknown) => log.error({ err: error, dependency: 'media' }, '[media] card icons not added'));
  // Telegram sends, digests, reminders, clean-ups: one process at a time, through leases.
  startBackgroundWork(db);
}

let booted = false;

/** Sets up this process's boot and shutdown (once); the database opens on the first request. */
export function bootProcess(): void {
  if (booted) return;
  booted = true;
  // Here, not when the module loads: the configuration is read once, and tests set theirs later.
  registerBackupSchedule(config().backup, config().databaseUrl ? 'postgres' : 'pglite');
  prepareDatabaseWith(prepareDatabase);
  registerLifecycle({ ready: () => database(), close: shutdown });
}
