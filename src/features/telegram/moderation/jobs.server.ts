/**
 * Moderation news, in the one job queue: a listing submitted or edited (queued by listings) goes
 * to the admins' chats, and a listing reviewed anywhere updates their copies; a report that puts
 * an item in the queue and an admin's decision on it (queued by trust) do the same for reports.
 * Nothing is sent while Telegram is not configured.
 */
import type { Database } from '#db/client.ts';
import { config } from '#platform/config/config.server.ts';
import { registerJob } from '#platform/jobs/registry.server.ts';
import type { Sender } from '../deliver.server.ts';
import { telegramBot } from '../runtime.server.ts';
import { sendListingToAdmins, showListingDecision } from './listing-review.server.ts';
import { parseItem, sendReportToAdmins, showReportDecision } from './reported-items.server.ts';

/** News of a listing (queued by src/features/listings/seller-listings.server.ts). */
export interface ListingNews {
  listingId: number;
  /** An edit of an existing listing (editListing), rather than a new one. */
  edited?: boolean;
}

/** News of a reported item (queued by src/features/trust): `listing:12`, `comment:3`, … */
export interface ReportNews {
  item: string;
}

/** The process's bot and settings (no channel: moderation goes to admins' chats only). */
function senderFor(db: Database): Sender | null {
  const c = config();
  const bot = telegramBot(db);
  if (!bot || !c.telegram) return null;
  return { db, api: bot.api, siteUrl: c.siteUrl, dataDir: c.dataDir, channelId: undefined };
}

registerJob<ListingNews>('listing-submitted', async ({ listingId, edited }, { db }) => {
  const sender = senderFor(db);
  if (sender) await sendListingToAdmins(sender, listingId, edited);
});

registerJob<ListingNews>('listing-reviewed', async ({ listingId }, { db }) => {
  const sender = senderFor(db);
  if (sender) await showListingDecision(sender, listingId);
});

registerJob<ReportNews>('report-queued', async ({ item }, { db }) => {
  const sender = senderFor(db);
  const ref = parseItem(item);
  if (sender && ref) await sendReportToAdmins(sender, ref);
});

registerJob<ReportNews>('report-decided', async ({ item }, { db }) => {
  const sender = senderFor(db);
  const ref = parseItem(item);
  if (sender && ref) await showReportDecision(sender, ref);
});
