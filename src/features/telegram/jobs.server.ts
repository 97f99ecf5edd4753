/**
 * Telegram's background jobs, in the one job queue (src/platform/jobs): a listing verified
 * anywhere (news queued by the sellers' review as 'listing-verified') becomes its alerts and
 * channel post; a chat's day past the alert cap becomes one digest at the end of the day; handled
 * update ids are forgotten after a week. Nothing is sent while Telegram is not configured.
 */
import { lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { telegramUpdates } from '#db/schema.ts';
import { registerJob, registerSchedule } from '#platform/jobs/registry.server.ts';
import { deliverDigest, deliverListingVerified } from './deliver.server.ts';
import { senderFor, sendWith } from './sender.server.ts';
// The account notices' Telegram channel and its buttons (Renew, Stop these notices), at import.
import './notice-channel.server.ts';
import { rekeyFollowedWords } from './alerts.server.ts';
import { forgetOldButtons } from './buttons.server.ts';

/** Handled update ids are kept this long (Telegram gives up redelivering within a day). */
const UPDATE_MEMORY_MS = 7 * 86_400_000;

/** The news a verified listing sends up (queued by src/features/listings/seller-listings.server.ts). */
export interface ListingVerified {
  listingId: number;
}

export interface AlertDigest {
  chatId: number;
  /** The Addis Ababa day (YYYY-MM-DD) the digest gathers. */
  day: string;
}

// The jobs and the account notices send through one lookup (tests set it with `sendWith`).
export { sendWith };

/** Forgets handled update ids older than a week. */
export async function forgetHandledUpdates(db: Database, now: Date): Promise<void> {
  await db.delete(telegramUpdates).where(lte(telegramUpdates.receivedAt, new Date(now.getTime() - UPDATE_MEMORY_MS)));
}

registerJob<ListingVerified>('listing-verified', async ({ listingId }, { db, now }) => {
  const sender = senderFor(db);
  if (sender) await deliverListingVerified(sender, listingId, now);
});
registerJob<AlertDigest>('alert-digest', async ({ chatId, day }, { db }) => {
  const sender = senderFor(db);
  if (sender) await deliverDigest(sender, chatId, day);
});
registerSchedule('forget-telegram-updates', 3_600_000, forgetHandledUpdates);

registerSchedule('rekey-followed-words', 60_000, rekeyFollowedWords);
registerSchedule('forget-telegram-buttons', 3_600_000, forgetOldButtons);
