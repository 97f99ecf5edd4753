/**
 * The notification service (decision 27): every account notice (a listing verified, rejected,
 * hidden; a renewal reminder; promotions, refunds, orders; saved-search digests) is handed to
 * `notify`, which queues it; the `notice` job delivers it to the channels the account chose for its
 * kind: the linked Telegram chat, in the chat's language, and a confirmed email address. A chat
 * that blocked the bot falls back to email. The Telegram channel is the telegram feature's, given
 * here at boot (`registerTelegramChannel`): accounts sits below it and never imports it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, noticePreferences, telegramChats, users } from '#db/schema.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { sendEmail } from '#platform/email/email.server.ts';
import { isPlaceholderEmail } from '#platform/email/placeholder-email.ts';
import type { Locale } from '#platform/i18n/locales.ts';
import { TELEGRAM_PROVIDER_ID } from '#features/accounts/telegram-login/telegram-login.ts';
import { channelsFor, type Channels, type Notice, type NoticeKind, type Reach, type TelegramNotice } from './notices.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a Telegram send came to: delivered; the person blocked the bot (the channel marks the chat);
 * or Telegram is not configured in this process.
 */
export type TelegramOutcome = 'sent' | 'blocked' | 'unreachable';
export type TelegramChannel = (db: Database, chatId: number, kind: NoticeKind, message: TelegramNotice) => Promise<TelegramOutcome>;

const channels = new WeakMap<Database, TelegramChannel>();
let processChannel: TelegramChannel | null = null;

/**
 * The Telegram channel: the process's (telegram/notice-channel.server.ts, at boot), or one database's
 * (tests send through the fake Bot API). Without one, Telegram is off and notices go by email.
 */
export function registerTelegramChannel(channel: TelegramChannel | null, db?: Database): void {
  if (db) {
    if (channel) channels.set(db, channel);
    else channels.delete(db);
  } else processChannel = channel;
}

/** Queues a notice: it is sent by the `notice` job, after the change that caused it is saved. */
export async function notify(db: Database | Tx, notice: Notice): Promise<void> {
  await enqueue(db as Database, 'notice', notice);
}

/** How an account can be reached: its linked chat (and the chat's language), its confirmed email. */
export interface Recipient {
  email: string | null;
  chatId: number | null;
  chatBlocked: boolean;
  locale: Locale;
}

export async function recipientOf(db: Database, userId: string): Promise<Recipient | null> {
  const [row] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      chatId: accounts.accountId,
      chatBlockedAt: telegramChats.blockedAt,
      chatLocale: telegramChats.locale,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, TELEGRAM_PROVIDER_ID)))
    // A Telegram account id is a number; anything else (never written by the sign-in) joins no chat
    // instead of failing the cast.
    .leftJoin(
      telegramChats,
      eq(telegramChats.chatId, sql`(case when ${accounts.accountId} ~ '^[0-9]{1,15}$' then ${accounts.accountId}::bigint end)`),
    )
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    email: row.emailVerified && !isPlaceholderEmail(row.email) ? row.email : null,
    chatId: row.chatId && /^\d{1,15}$/.test(row.chatId) ? Number(row.chatId) : null,
    chatBlocked: row.chatBlockedAt !== null,
    locale: row.chatLocale ?? 'en',
  };
}

/** What can reach an account: a linked chat (whether or not it blocked the bot), a confirmed address. */
export function reachOf(recipient: Recipient): Reach {
  return { telegram: recipient.chatId !== null, email: recipient.email !== null };
}

/** The channels an account chose for a kind, or null for the default. */
export async function chosenChannels(db: Database, userId: string, kind: NoticeKind): Promise<Channels | null> {
  const [row] = await db
    .select({ telegram: noticePreferences.telegram, email: noticePreferences.email })
    .from(noticePreferences)
    .where(and(eq(noticePreferences.userId, userId), eq(noticePreferences.kind, kind)));
  return row ?? null;
}

export interface Delivery {
  /** skipped: not chosen; unreachable: chosen, but Telegram is off or the chat blocked the bot before. */
  telegram: 'sent' | 'blocked' | 'unreachable' | 'skipped';
  email: 'sent' | 'skipped';
}

/**
 * Sends one notice (the `notice` job): Telegram first, in the chat's language; email when chosen, or
 * when Telegram was chosen and could not reach the person (the chat blocked the bot, or Telegram is
 * off). A Telegram failure other than a block throws before any email, so the job's retry sends
 * nothing twice.
 */
export async function deliverNotice(db: Database, notice: Notice): Promise<Delivery> {
  const recipient = await recipientOf(db, notice.userId);
  if (!recipient) return { telegram: 'skipped', email: 'skipped' };
  const telegram = channels.get(db) ?? processChannel;
  const chosen = channelsFor(reachOf(recipient), await chosenChannels(db, notice.userId, notice.kind));
  const delivery: Delivery = { telegram: 'skipped', email: 'skipped' };
  if (chosen.telegram) {
    delivery.telegram =
      telegram && recipient.chatId !== null && !recipient.chatBlocked
        ? await telegram(db, recipient.chatId, notice.kind, notice.telegram[recipient.locale])
        : 'unreachable';
  }
  const fallback = delivery.telegram === 'blocked' || delivery.telegram === 'unreachable';
  if ((chosen.email || fallback) && recipient.email) {
    await sendEmail({ to: recipient.email, ...notice.email });
    delivery.email = 'sent';
  }
  return delivery;
}
