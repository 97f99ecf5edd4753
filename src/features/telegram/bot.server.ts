/**
 * The Sefer bot (grammY): one per process, answering webhook updates (or long polling in
 * development) and used by the alert worker to send. Every call goes through grammY's throttler
 * (Telegram's limits: about 30 messages a second in all, one a second per chat) and auto-retry
 * (waits out a 429's retry_after), so a burst of alerts is slowed down, never lost.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, GrammyError, type Composer, type Context } from 'grammy';
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { telegramChats, telegramUpdates } from '#db/schema.ts';
import type { Locale } from '#platform/i18n/locales.ts';
import type { TelegramConfig } from '#platform/config/config.server.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { logger } from '#platform/log/log.server.ts';
import { countSends } from './send-metrics.server.ts';

const log = logger('telegram');

/** What every handler of the bot has besides grammY's context. */
export interface SeferFlavor {
  db: Database;
  telegram: TelegramConfig;
  /** The site's public origin, for links back to listings and sign-in. */
  siteUrl: string;
  /** Where stored media lives (deal photos are uploaded from there). */
  dataDir: string;
  /** The time as the site sees it (end-to-end tests pin it). */
  now: () => Date;
  /** The chat's language (its Telegram language at first, then what the person chose). */
  locale: Locale;
}
export type SeferContext = Context & SeferFlavor;

/** A Telegram 403: the person blocked the bot (or deleted their account). */
export function isBlockedByUser(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403;
}

/** The language a new chat starts in: Amharic for Telegram users set to Amharic, else English. */
export function localeOfTelegram(languageCode: string | undefined): Locale {
  return languageCode?.toLowerCase().startsWith('am') ? 'am' : 'en';
}

/**
 * Telegram redelivers an update it did not get an answer to: each update id is handled once. A
 * handler that fails forgets the id again so the redelivery is handled.
 */
function onceper(db: Database) {
  return async (ctx: SeferContext, next: () => Promise<void>) => {
    const claimed = await db
      .insert(telegramUpdates)
      .values({ updateId: ctx.update.update_id })
      .onConflictDoNothing()
      .returning({ id: telegramUpdates.updateId });
    if (claimed.length === 0) return;
    try {
      await next();
    } catch (error) {
      await db.delete(telegramUpdates).where(sql`${telegramUpdates.updateId} = ${ctx.update.update_id}`);
      throw error;
    }
  };
}

/** Keeps the private chat's row (name, username) and runs the handlers in the chat's language. */
function inChatLanguage(db: Database) {
  return async (ctx: SeferContext, next: () => Promise<void>) => {
    const from = ctx.from;
    if (!from || from.is_bot || ctx.chat?.type === 'channel') return inLocale(ctx.locale, next);
    const [chat] = await db
      .insert(telegramChats)
      .values({
        chatId: from.id,
        firstName: from.first_name,
        lastName: from.last_name ?? null,
        username: from.username ?? null,
        locale: localeOfTelegram(from.language_code),
      })
      .onConflictDoUpdate({
        target: telegramChats.chatId,
        set: {
          firstName: from.first_name,
          lastName: from.last_name ?? null,
          username: from.username ?? null,
          // Writing to the bot again after blocking it means they are back.
          blockedAt: null,
          updatedAt: new Date(),
        },
      })
      .returning({ locale: telegramChats.locale });
    ctx.locale = chat?.locale ?? ctx.locale;
    return inLocale(ctx.locale, next);
  };
}

export interface SeferBotOptions {
  db: Database;
  telegram: TelegramConfig;
  siteUrl: string;
  dataDir: string;
  now?: () => Date;
  /** The handlers, in order (sign-in first, then the commands). */
  handlers: Composer<SeferContext>[];
  /** Tests shorten Telegram's per-chat spacing; production keeps grammY's defaults. */
  throttle?: Parameters<typeof apiThrottler>[0];
}

/** A bot that knows itself (no getMe at start), throttled and retrying, with Sefer's context. */
export function createSeferBot(options: SeferBotOptions): Bot<SeferContext> {
  const { db, telegram, siteUrl, dataDir } = options;
  const bot = new Bot<SeferContext>(telegram.token, {
    client: { apiRoot: telegram.apiRoot },
    botInfo: {
      id: Number(telegram.token.split(':')[0]),
      is_bot: true,
      first_name: 'Sefer',
      username: telegram.username,
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
  });
  // Retry outermost: a 429 goes back through the throttler, and long waits are not retried.
  bot.api.config.use(apiThrottler(options.throttle ?? TELEGRAM_LIMITS));
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowInternalServerErrors: false }));
  // Counted outside the retries: one send, one count (/metrics).
  bot.api.config.use(countSends());
  bot.use(async (ctx, next) => {
    ctx.db = db;
    ctx.telegram = telegram;
    ctx.siteUrl = siteUrl;
    ctx.dataDir = dataDir;
    ctx.now = options.now ?? requestClock;
    ctx.locale = localeOfTelegram(ctx.from?.language_code);
    await next();
  });
  bot.use(onceper(db));
  bot.use(inChatLanguage(db));
  for (const handler of options.handlers) bot.use(handler);
  bot.catch((error) => {
    log.error({ err: error.error }, `[telegram] update ${error.ctx.update.update_id} failed`);
    throw error.error;
  });
  return bot;
}

/**
 * Telegram's limits as the throttler keeps them: starts spaced 40 ms apart in all (25 a second,
 * under the 30 Telegram allows even in a sliding second), one a second per private chat, 20 a
 * minute per group or channel (grammY's defaults for those two).
 */
export const TELEGRAM_LIMITS: NonNullable<Parameters<typeof apiThrottler>[0]> = {
  global: { maxConcurrent: 10, minTime: 40 },
};
