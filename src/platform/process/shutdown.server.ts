/**
 * The process's shutdown (SIGTERM, after the HTTP server has stopped): a first start's seed is told
 * to stop, the background work finishes its current job and gives its leases back, the page-cache
 * sync stops listening, then the database closes.
 */
import { closeDatabase } from '#platform/db/db.server.ts';
import { stopPageCacheSync } from '#platform/cache/page-cache-sync.server.ts';
import { stopBackgroundWork } from '#platform/jobs/worker.server.ts';

export async function shutdown(): Promise<void> {
  await closeDatabase(async () => {
    await stopPageCacheSync();
    await stopBackgroundWork();
  });
}
