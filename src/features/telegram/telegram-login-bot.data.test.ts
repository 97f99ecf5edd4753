/**
 * The bot's side of "Continue with Telegram" (login-bot.server.ts), through a grammY bot made by
 * createSeferBot against the fake Bot API: the question after `/start login-<nonce>`, Confirm
 * answering with the one-time link (in the chat's language), Cancel, unknown and expired requests,
 * and a plain /start going on to the other commands.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';
import { createSeferBot, type SeferContext } from './bot.server.ts';
import { botCommandsComposer } from './commands.server.ts';
import { telegramLogin } from './login-bot.server.ts';
import { finishTelegramLogin, startTelegramLogin, type StartRequest } from '#features/accounts/telegram-login/login.server.ts';
import { startFakeTelegram, type FakeTelegram } from '#tests/fakes/telegram-server.ts';
import { inlineButtons, sentText, telegramUpdates, type SentCall } from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const TOKEN = '123456:TEST-login-token';
const T0 = new Date('2026-03-10T09:00:00.000Z');
const MINUTE = 60_000;

let fake: FakeTelegram;
let dataDir: string;
const saved = { ...process.env };
beforeAll(async () => {
  // Telegram's pace is the alert tests' business: here the fake and the throttler let replies through at once.
  fake = await startFakeTelegram({ token: TOKEN, botUsername: 'sefer_login_bot', limits: false });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-telegram-login-bot-'));
  Object.assign(process.env, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: 'sefer_login_bot',
    TELEGRAM_WEBHOOK_SECRET: 'sefer-telegram-webhook-secret',
    TELEGRAM_API_ROOT: fake.url,
    SITE_URL: 'https://sefer.test',
    DATA_DIR: dataDir,
  });
  expect(config().telegram?.apiRoot).toBe(fake.url);
});
afterAll(async () => {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
  process.env = saved;
});

type From = { id: number; is_bot: false; first_name: string; last_name?: string; language_code: string };
const person = (id: number, first_name: string, language_code = 'en', last_name?: string): From => ({
  id,
  is_bot: false,
  first_name,
  language_code,
  ...(last_name ? { last_name } : {}),
});
const updates = telegramUpdates(1, () => T0);
const command = (from: From, text: string) => updates.text(from, text) as unknown as Update;
const press = (from: From, data: string) => updates.press(from, data) as unknown as Update;

type Sent = SentCall;
const messagesTo = (chatId: number) => (fake.sent(chatId) as Sent[]).filter((s) => s.method === 'sendMessage');
const lastTo = (chatId: number) => messagesTo(chatId).at(-1)!;
const textOf = sentText;
const buttons = inlineButtons;

describe.each(drivers())('"Continue with Telegram" in the bot on %s', (driver) => {
  let bot: Bot<SeferContext>;
  let clock = T0;
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeAll: async (t) => {
      bot = createSeferBot({
        db: t.db,
        telegram: config().telegram!,
        siteUrl: 'https://sefer.test',
        dataDir,
        now: () => clock,
        handlers: [telegramLogin, botCommandsComposer],
        throttle: { global: { maxConcurrent: 10 }, out: { maxConcurrent: 1, minTime: 0 } },
      });
    },
  });
  beforeEach(() => void (clock = T0));

  /** "Continue with Telegram" pressed on the site: the nonce and the browser's secret. */
  async function started(request: StartRequest = { purpose: 'sign-in' }) {
    const { nonce, browserSecret } = await startTelegramLogin(t.db, request, T0);
    return { nonce, browserSecret };
  }

  it('asks to confirm, and Confirm answers with a one-time link that works in the browser that started', async () => {
    const abebe = person(900_001, 'Abebe', 'en', 'Kebede');
    const { nonce, browserSecret } = await started();
    await bot.handleUpdate(command(abebe, `/start login-${nonce}`));
    const question = lastTo(abebe.id);
    expect(textOf(question)).toBe(
      [
        'Sign in to Sefer as Abebe Kebede?',
        'A new Sefer account will be made with your Telegram name.',
        '',
        '⚠️ Confirm only if you pressed “Continue with Telegram” on Sefer yourself just now. If someone sent you here, press Cancel.',
      ].join('\n'),
    );
    expect(buttons(question)).toEqual([
      { text: '✅ Confirm', callback_data: `login:ok:${nonce}` },
      { text: 'Cancel', callback_data: `login:no:${nonce}` },
    ]);
    expect(Buffer.byteLength(`login:ok:${nonce}`)).toBeLessThanOrEqual(64);

    await bot.handleUpdate(press(abebe, `login:ok:${nonce}`));
    expect(fake.calls('answerCallbackQuery').length).toBeGreaterThan(0);
    const reply = lastTo(abebe.id);
    const url = /https:\/\/sefer\.test\/telegram\/login\?token=([\w-]+)/.exec(textOf(reply));
    expect(url).not.toBeNull();
    expect(textOf(reply)).toContain('It works once, within 5 minutes, and only in the browser where you pressed “Continue with Telegram”');
    expect(buttons(reply)).toEqual([{ text: 'Open Sefer', url: url![0] }]);
    expect(reply.params.link_preview_options).toEqual({ is_disabled: true });

    const token = url![1]!;
    expect(await finishTelegramLogin(t.db, { token, browserSecret: 'not-the-browser-secret-0123456789', userId: null }, T0)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await finishTelegramLogin(t.db, { token, browserSecret, userId: null }, T0)).toMatchObject({
      ok: true,
      value: { purpose: 'sign-in', telegram: { id: abebe.id, firstName: 'Abebe', lastName: 'Kebede' } },
    });

    // The same button pressed again: already confirmed.
    await bot.handleUpdate(press(abebe, `login:ok:${nonce}`));
    expect(textOf(lastTo(abebe.id))).toBe('This sign-in request was already confirmed. Use the link I sent, or start again on Sefer.');
  });

  it('speaks the chat language: an Amharic chat gets the question and the /am/ link in Amharic', async () => {
    const selam = person(900_002, 'Selam', 'am');
    const { nonce } = await started();
    await bot.handleUpdate(command(selam, `/start login-${nonce}`));
    expect(textOf(lastTo(selam.id))).toContain('ወደ ሰፈር እንደ Selam መግባት ይፈልጋሉ?');
    expect(buttons(lastTo(selam.id)).map((b) => b.text)).toEqual(['✅ አረጋግጥ', 'ተው']);
    await bot.handleUpdate(press(selam, `login:ok:${nonce}`));
    expect(textOf(lastTo(selam.id))).toMatch(/^ወደ ሰፈር የሚመልስዎ ሊንክ ይኸውና።/);
    expect(buttons(lastTo(selam.id))[0]).toMatchObject({
      text: 'ሰፈርን ይክፈቱ',
      url: expect.stringMatching(/^https:\/\/sefer\.test\/am\/telegram\/login\?token=[\w-]{43}$/),
    });
  });

  it('asks to link Telegram to the Sefer account that pressed "Link Telegram"', async () => {
    await t.db.insert(users).values({ id: 'u-selam', name: 'Selam Tesfaye', email: 'selam@example.com', emailVerified: true });
    const hanna = person(900_003, 'Hanna');
    const { nonce } = await started({ purpose: 'link', userId: 'u-selam' });
    await bot.handleUpdate(command(hanna, `/start login-${nonce}`));
    expect(textOf(lastTo(hanna.id))).toMatch(/^Link this Telegram account to your Sefer account \(Selam Tesfaye\)\?\n\n⚠️/);
  });

  it('Cancel ends the request; unknown and expired requests are told so; a plain /start is the welcome', async () => {
    const dawit = person(900_004, 'Dawit');
    const { nonce } = await started();
    await bot.handleUpdate(command(dawit, `/start login-${nonce}`));
    await bot.handleUpdate(press(dawit, `login:no:${nonce}`));
    expect(textOf(lastTo(dawit.id))).toBe('Cancelled. Nobody was signed in with this request.');
    await bot.handleUpdate(press(dawit, `login:ok:${nonce}`));
    const unknown = 'This sign-in request is unknown or has expired. Go back to Sefer and press “Continue with Telegram” again.';
    expect(textOf(lastTo(dawit.id))).toBe(unknown);

    await bot.handleUpdate(command(dawit, '/start login-not-a-real-request'));
    expect(textOf(lastTo(dawit.id))).toBe(unknown);
    const late = await started();
    clock = new Date(T0.getTime() + 11 * MINUTE);
    await bot.handleUpdate(command(dawit, `/start login-${late.nonce}`));
    expect(textOf(lastTo(dawit.id))).toBe(unknown);
    expect(buttons(lastTo(dawit.id))).toEqual([]);

    await bot.handleUpdate(command(dawit, '/start'));
    expect(textOf(lastTo(dawit.id))).toContain('Selam Dawit! I am the Sefer bot.');
  });
});
