/** The notices' background work: each queued notice is delivered by the `notice` job (notify.server.ts). */
import { registerJob } from '#platform/jobs/registry.server.ts';
import { deliverNotice } from './notify.server.ts';
import type { Notice } from './notices.ts';

registerJob<Notice>('notice', async (notice, { db }) => {
  await deliverNotice(db, notice);
});
