/**
 * The background work of contact kinds (contact-kinds.server.ts), in the one job queue: a username
 * queued when a listing is submitted or its contact edited (listings/contact-kind.server.ts), and a
 * sweep every 10 minutes for the ones nobody queued and the month-old answers. Nothing is asked
 * while Telegram is not configured.
 */
import { CONTACT_KIND_JOB, type ContactKindCheck } from '#features/listings/contact-kind.server.ts';
import { registerJob, registerSchedule } from '#platform/jobs/registry.server.ts';
import { checkContactKind, sweepContactKinds } from './contact-kinds.server.ts';
import { senderFor } from './sender.server.ts';

/** How often the sweep runs (it asks at most SWEEP_BATCH usernames each time). */
export const CONTACT_SWEEP_EVERY_MS = 10 * 60_000;

registerJob<ContactKindCheck>(
  CONTACT_KIND_JOB,
  async ({ username }, { db, now }) => {
    await checkContactKind(db, senderFor(db)?.api ?? null, username, now);
  },
  // A contact Telegram cannot tell now is left to the sweep.
  { maxAttempts: 3 },
);
registerSchedule('telegram-contact-kinds', CONTACT_SWEEP_EVERY_MS, (db, now) => sweepContactKinds(db, senderFor(db)?.api ?? null, now));
