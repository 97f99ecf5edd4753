/**
 * What the bot's data tests share: the fake Bot API (tests/fakes/telegram-server.ts) and the
 * environment that points the app at it, the webhook route as Telegram calls it, the queue worker
 * as it runs jobs, and Telegram-linked accounts as "Continue with Telegram" leaves them.
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '#db/client.ts';
import { accounts, telegramChats, users } from '#db/schema.ts';
import { POST } from '#pages/api/telegram/webhook.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
import { PLACEHOLDER_DOMAIN } from '#platform/email/placeholder-email.ts';
import { FIXED_NOW } from '#fixtures/listings.ts';
import { startFakeTelegram, type FakeTelegram } from '#tests/fakes/telegram-server.ts';
import { inlineButtons, sentText, type SentCall, type TelegramPerson } from '#tests/fakes/telegram-updates.ts';
// Every job of the app, as the process registers them: work() runs the due jobs as the worker does.
import '#platform/process/jobs-list.server.ts';
import { sendWith } from './jobs.server.ts';
import { telegramBot } from './runtime.server.ts';

export const TOKEN = '123456:TEST-token';
export const SECRET = 'sefer-telegram-webhook-secret';
export const SITE = 'https://sefer.test';

export interface FakeBot {
  /** The fake Bot API (started before the file's tests). */
  readonly fake: FakeTelegram;
  /** The data folder (media, outbox) of the file's tests. */
  readonly dataDir: string;
  /** Everything the bot sent to a chat, oldest first. */
  sentTo(chatId: number): SentCall[];
  lastTo(chatId: number): SentCall;
  /** An update as Telegram posts it to the webhook (with the secret unless told otherwise). */
  deliver(db: Database, update: object, secret?: string | null): Promise<Response>;
  /** Runs the due jobs as the queue worker does, sending through the fake (a channel only when given). */
  work(db: Database, options?: { channelId?: string; now?: Date }): Promise<unknown>;
}

/**
 * Starts the fake Bot API for a test file and points the app at it (Telegram on, SITE_URL, a data
 * folder with the fixture photo `test/photo`, the clock at FIXED_NOW); undone after the file.
 */
export function useFakeBot(env: Record<string, string> = {}): FakeBot {
  let fake: FakeTelegram | undefined;
  let dataDir = '';
  const saved = { ...process.env };
  beforeAll(async () => {
    fake = await startFakeTelegram({ token: TOKEN, botUsername: 'sefer_test_bot' });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-telegram-'));
    await mkdir(path.join(dataDir, 'media', 'test'), { recursive: true });
    for (const name of ['photo', 'logo']) {
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
        .webp()
        .toFile(path.join(dataDir, 'media', 'test', `${name}.webp`));
    }
    Object.assign(process.env, {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'sefer_test_bot',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_ROOT: fake.url,
      SITE_URL: SITE,
      DATA_DIR: dataDir,
      SEFER_NOW: FIXED_NOW.toISOString(),
      ...env,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
    process.env = saved;
  });
  const bot: FakeBot = {
    get fake() {
      if (!fake) throw new Error('the fake Bot API starts in beforeAll');
      return fake;
    },
    get dataDir() {
      return dataDir;
    },
    sentTo: (chatId) => bot.fake.sent(chatId) as SentCall[],
    lastTo: (chatId) => {
      const last = bot.sentTo(chatId).at(-1);
      if (!last) throw new Error(`nothing was sent to chat ${chatId}`);
      return last;
    },
    async deliver(db, update, secret = SECRET) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret;
      const request = new Request(`${SITE}/api/telegram/webhook`, { method: 'POST', headers, body: JSON.stringify(update) });
      return POST({ request, locals: { db } } as unknown as APIContext) as Promise<Response>;
    },
    async work(db, options = {}) {
      const api = telegramBot(db)!.api;
      sendWith(db, { db, api, siteUrl: SITE, dataDir, channelId: options.channelId });
      return runDueJobs(db, () => options.now ?? FIXED_NOW);
    },
  };
  return bot;
}

export const person = (id: number, language_code = 'en', first_name = 'Abebe', username?: string): TelegramPerson => ({
  id,
  first_name,
  language_code,
  ...(username ? { username } : {}),
});

export interface TelegramAccount {
  userId: string;
  chatId: number;
}

/**
 * A Sefer account linked to a Telegram account, as "Continue with Telegram" leaves it: no email of
 * its own (a placeholder address) unless `email` is given, the chat known to the bot.
 */
export async function telegramAccount(
  db: Database,
  chatId: number,
  options: { name?: string; email?: string; emailVerified?: boolean; locale?: 'en' | 'am'; username?: string } = {},
): Promise<TelegramAccount> {
  const userId = `tg-user-${chatId}`;
  const name = options.name ?? `Person ${chatId}`;
  await db.insert(users).values({
    id: userId,
    name,
    firstName: name.split(' ')[0] ?? name,
    email: options.email ?? `telegram-${chatId}@${PLACEHOLDER_DOMAIN}`,
    emailVerified: options.email ? (options.emailVerified ?? true) : false,
  });
  await db.insert(accounts).values({ id: `tg-account-${chatId}`, accountId: String(chatId), providerId: 'telegram', userId });
  await db
    .insert(telegramChats)
    .values({ chatId, firstName: name.split(' ')[0] ?? name, username: options.username ?? null, locale: options.locale ?? 'en' })
    .onConflictDoNothing();
  return { userId, chatId };
}

export { inlineButtons, sentText, type SentCall };
