/**
 * What the Telegram worker sends: a deal as a photo with its caption and a button to its page
 * (the photo uploaded once, then sent again by Telegram's file_id), the alerts and the channel
 * post of a newly verified listing, and a chat's daily digest.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { InlineKeyboard, InputFile, type Api } from 'grammy';
import sharp from 'sharp';
import type { Database } from '#db/client.ts';
import { listings, telegramChannelPosts, telegramChats, telegramPhotos, type StoredImage } from '#db/schema.ts';
import type { Locale } from '#platform/i18n/locales.ts';
import { dealCaption, dealUrl, digestLine, type TelegramDeal } from './telegram-texts.ts';
import { m } from '#paraglide/messages.js';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import {
  chatBlockedBot,
  claimAlertMessage,
  digestListingIds,
  markDigested,
  queueAlerts,
  queuedAlerts,
  requeueAlert,
} from './alerts.server.ts';
import { isBlockedByUser } from './bot.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('telegram');

export interface Sender {
  db: Database;
  api: Api;
  siteUrl: string;
  dataDir: string;
  channelId: string | undefined;
}

export type DealWithPhoto = TelegramDeal & { photo: StoredImage };

const dealColumns = {
  id: listings.id,
  productName: listings.productName,
  companyName: listings.companyName,
  location: listings.location,
  discount: listings.discount,
  datePosted: listings.datePosted,
  discountStartDays: listings.discountStartDays,
  discountDurationDays: listings.discountDurationDays,
  photo: listings.photo,
};

export { dealColumns };

/** A verified listing as a deal message shows it, or null when it is not (or no longer) public. */
export async function verifiedDeal(db: Database, id: number): Promise<DealWithPhoto | null> {
  const [row] = await db
    .select(dealColumns)
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.status, 'verified')));
  return row ?? null;
}

export async function dealsByIds(db: Database, ids: number[]): Promise<DealWithPhoto[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(dealColumns)
    .from(listings)
    .where(and(inArray(listings.id, ids), eq(listings.status, 'verified')));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

/** The stored photo as a JPEG for Telegram (it shows WebP uploads as files, not photos). */
async function photoFile(dataDir: string, photo: StoredImage): Promise<InputFile | null> {
  try {
    const webp = await mediaStorage(dataDir).read(`${photo.key}.webp`);
    if (!webp) throw new Error('not in the media storage');
    const jpeg = await sharp(webp).jpeg({ quality: 80 }).toBuffer();
    return new InputFile(jpeg, 'deal.jpg');
  } catch (error) {
    log.error({ err: error, dependency: 'media' }, `[telegram] photo ${photo.key} unreadable`);
    return null;
  }
}

/** Sends a deal to a chat or channel: its photo with the caption and a button, or text when the photo is gone. */
export async function sendDeal(
  sender: Sender,
  chatId: number | string,
  deal: DealWithPhoto,
  caption: string,
  button: { text: string; url: string } | InlineKeyboard,
): Promise<number> {
  // A link to the deal's page, or a keyboard of the caller's (an admin's Verify / Reject).
  const reply_markup = button instanceof InlineKeyboard ? button : new InlineKeyboard().url(button.text, button.url);
  const [cached] = await sender.db
    .select({ fileId: telegramPhotos.fileId })
    .from(telegramPhotos)
    .where(eq(telegramPhotos.imageKey, deal.photo.key));
  const photo = cached?.fileId ?? (await photoFile(sender.dataDir, deal.photo));
  if (!photo) {
    const sent = await sender.api.sendMessage(chatId, caption, { parse_mode: 'HTML', reply_markup });
    return sent.message_id;
  }
  const sent = await sender.api.sendPhoto(chatId, photo, { caption, parse_mode: 'HTML', reply_markup });
  const fileId = sent.photo?.at(-1)?.file_id;
  if (!cached && fileId) {
    await sender.db.insert(telegramPhotos).values({ imageKey: deal.photo.key, fileId }).onConflictDoNothing();
  }
  return sent.message_id;
}

/** The deal message in a chat's language. */
function dealInLocale(sender: Sender, deal: DealWithPhoto, locale: Locale, now: Date, heading: () => string) {
  return inLocale(locale, () => ({
    caption: dealCaption(deal, now, heading()),
    button: { text: m.tg_view_deal(), url: dealUrl(sender.siteUrl, deal, locale) },
  }));
}

/** Alerts sent at once: the throttler paces them, this only bounds what is in flight. */
const ALERT_BATCH = 50;

/**
 * A newly verified listing: posted to the channel once, and one alert to every matching chat.
 * Throws when some sends failed (other than blocked chats): the job runs again and sends only
 * what is still queued.
 */
export async function deliverListingVerified(sender: Sender, listingId: number, now: Date): Promise<void> {
  const deal = await verifiedDeal(sender.db, listingId);
  if (!deal) return;
  // People first: a channel that refuses (or is slowed by its 20 posts a minute) holds no alert back.
  const channel = sender.channelId
    ? postToChannel(sender, deal, now).then(
        () => null,
        (error: unknown) => error,
      )
    : null;
  await queueAlerts(sender.db, listingId, now);
  let failures = 0;
  // The first alert alone: it uploads the photo, and the rest send Telegram's file_id.
  let size = 1;
  for (;;) {
    const batch = await queuedAlerts(sender.db, listingId, size);
    size = ALERT_BATCH;
    const pending = batch.length;
    if (pending === 0) break;
    const results = await Promise.allSettled(batch.map((alert) => sendAlert(sender, alert, deal, now)));
    const failed = results.filter((r) => r.status === 'rejected');
    failures += failed.length;
    if (failed.length === pending) {
      await channel;
      throw new Error(`every alert of listing ${listingId} failed: ${String((failed[0] as PromiseRejectedResult).reason)}`);
    }
    if (failures > 0) break;
  }
  const channelError = await channel;
  if (failures > 0) throw new Error(`${failures} alert(s) of listing ${listingId} could not be sent; retrying`);
  if (channelError) throw channelError;
}

async function sendAlert(sender: Sender, alert: { chatId: number; locale: Locale }, deal: DealWithPhoto, now: Date): Promise<void> {
  const verdict = await claimAlertMessage(sender.db, alert.chatId, deal.id, now);
  if (verdict === 'digest') return;
  const { caption, button } = dealInLocale(sender, deal, alert.locale, now, m.tg_alert_heading);
  try {
    await sendDeal(sender, alert.chatId, deal, caption, button);
  } catch (error) {
    if (isBlockedByUser(error)) {
      await chatBlockedBot(sender.db, alert.chatId, now);
      return;
    }
    await requeueAlert(sender.db, alert.chatId, deal.id);
    throw error;
  }
}

const channelIds = new Map<string, number>();

/**
 * The channel's numeric id (-100…): grammY's throttler keeps the 20-a-minute channel limit only for
 * chats it can tell are not private ones, by a negative id; an @username it would pace as a person.
 */
async function channelChatId(api: Api, channel: string): Promise<number | string> {
  if (!channel.startsWith('@')) return channel;
  let id = channelIds.get(channel);
  if (id === undefined) {
    id = (await api.getChat(channel)).id;
    channelIds.set(channel, id);
  }
  return id;
}

/** The channel post of a listing, once: the row is claimed first and given back if the post fails. */
async function postToChannel(sender: Sender, deal: DealWithPhoto, now: Date): Promise<void> {
  const claimed = await sender.db
    .insert(telegramChannelPosts)
    .values({ listingId: deal.id, postedAt: now })
    .onConflictDoNothing()
    .returning({ listingId: telegramChannelPosts.listingId });
  if (claimed.length === 0) return;
  // The channel's readers are Amharic first; the link leads to the Amharic page.
  const { caption, button } = dealInLocale(sender, deal, 'am', now, m.tg_channel_heading);
  try {
    const messageId = await sendDeal(sender, await channelChatId(sender.api, sender.channelId!), deal, caption, button);
    await sender.db.update(telegramChannelPosts).set({ messageId }).where(eq(telegramChannelPosts.listingId, deal.id));
  } catch (error) {
    await sender.db.delete(telegramChannelPosts).where(eq(telegramChannelPosts.listingId, deal.id));
    throw error;
  }
}

/** Lines of a digest: 20 links stay well under Telegram's 4,096 characters a message. */
const DIGEST_MAX_LINES = 20;

/** The day's digest of a chat: one message listing the deals past the daily cap. */
export async function deliverDigest(sender: Sender, chatId: number, day: string): Promise<void> {
  const ids = await digestListingIds(sender.db, chatId, day);
  if (ids.length === 0) return;
  const [chat] = await sender.db
    .select({ locale: telegramChats.locale, blockedAt: telegramChats.blockedAt })
    .from(telegramChats)
    .where(eq(telegramChats.chatId, chatId));
  if (!chat || chat.blockedAt) return;
  const deals = await dealsByIds(sender.db, ids);
  if (deals.length > 0) {
    const text = inLocale(chat.locale, () =>
      [
        m.tg_digest_heading({ count: deals.length }),
        ...deals.slice(0, DIGEST_MAX_LINES).map((d) => digestLine(sender.siteUrl, d, chat.locale)),
      ].join('\n'),
    );
    try {
      await sender.api.sendMessage(chatId, text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    } catch (error) {
      if (!isBlockedByUser(error)) throw error;
      await chatBlockedBot(sender.db, chatId, new Date());
      return;
    }
  }
  await markDigested(sender.db, chatId, ids);
}
