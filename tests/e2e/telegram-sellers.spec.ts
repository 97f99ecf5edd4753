/**
 * A seller who only has Telegram posts a deal from the bot, the admin verifies it from the bot, and
 * the deal is public: on its category page and in the alerts of the people who follow its
 * category. A server of its own (its admin links Telegram, which the shared server's admin must
 * not: every other spec's listings would queue messages to that chat), talking to the shared fake
 * Bot API; updates are posted to its webhook as Telegram would, answers read from the fake.
 */
import type { ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_NOW, E2E_TELEGRAM } from '../../playwright.config.ts';
import { newPhoneContext, signUp, startSefer } from './support.ts';
import {
  botSays,
  buttons,
  callsOf,
  botUpdates,
  buttonNamed,
  confirmInBot,
  fileFromPerson,
  pressTelegramButton,
  sentTo,
  someone,
  textOf,
  toBot,
  update,
  type From,
  type Sent,
} from './telegram-support.ts';

const PORT = 4343;
const BASE = `http://localhost:${PORT}`;
const ADMIN_EMAIL = 'telegram-admin@e2e.test';

let dataDir = '';
let server: ChildProcess | undefined;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-telegram-sellers-'));
  // The shared server's rendered demo media, and its outbox (emailed codes are read from there).
  await cp(path.join(process.env.SEFER_E2E_DATA!, 'media'), path.join(dataDir, 'media'), { recursive: true });
  await mkdir(path.join(process.env.SEFER_E2E_DATA!, 'outbox'), { recursive: true });
  await symlink(path.join(process.env.SEFER_E2E_DATA!, 'outbox'), path.join(dataDir, 'outbox'));
  const sefer = startSefer({
    PORT: String(PORT),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    ADMIN_EMAILS: ADMIN_EMAIL,
    RATE_LIMIT_SCALE: '20',
    SEFER_NOW: E2E_NOW,
    TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
    TELEGRAM_BOT_USERNAME: E2E_TELEGRAM.username,
    TELEGRAM_WEBHOOK_SECRET: E2E_TELEGRAM.secret,
    TELEGRAM_API_ROOT: E2E_TELEGRAM.url,
  });
  await sefer.ready;
  server = sefer.child;
  api = await playwrightRequest.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  await api?.dispose();
  const child = server;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

/** The newest message to `chatId` (any method) whose text or caption matches. */
async function botSent(chatId: number, text: RegExp, timeout = 20_000): Promise<Sent> {
  let found: Sent | undefined;
  await expect
    .poll(
      async () => {
        found = (await sentTo(api, chatId)).findLast((s) => text.test(textOf(s)));
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

async function press(from: From, sent: Sent, name: string | RegExp): Promise<void> {
  await toBot(api, update(from, { data: buttonNamed(sent, name).callback_data! }));
}

async function say(from: From, text: string): Promise<void> {
  await toBot(api, update(from, { text }));
}

test('a Telegram-only seller posts from the bot, the admin verifies from the bot, the deal is public and alerted', async ({ browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100_000;
  const productName = `Yirgacheffe beans ${stamp}`;

  // A buyer follows food and drink deals in the bot.
  const buyer = someone('Hanna');
  await say(buyer, '/start');
  await toBot(api, update(buyer, { data: 'cat:foods' }));

  // The admin: an email account of this server, Telegram linked from /profile.
  const context = await newPhoneContext(browser, BASE);
  const page = await context.newPage();
  await signUp(page, { email: ADMIN_EMAIL, firstName: 'Meron', lastName: 'Alemu' });
  await page.goto('/profile');
  const admin = someone('Meron', { username: `meron${stamp}` });
  const link = await confirmInBot(api, admin, await pressTelegramButton(page, 'Link Telegram'), /^Link this Telegram account/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Telegram linked' })).toBeVisible();
  // Notices: with Telegram linked and a confirmed email, each kind offers both, both ticked; saved without JavaScript.
  await page.goto('/profile');
  const notices = page.getByRole('heading', { name: 'Notices' });
  await expect(notices).toBeVisible();
  await page.locator('section#notices').screenshot({ path: test.info().outputPath('telegram-profile-notices-390.png') });
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByText('Your notice choices are saved.')).toBeVisible();
  await page.goto('/am/profile');
  await page.locator('section#notices').screenshot({ path: test.info().outputPath('telegram-profile-notices-am-390.png') });

  // The seller has never opened the site: the whole deal is posted from the bot.
  const seller = someone('Abebe', { username: `abebe_buna${stamp}` });
  await say(seller, '/post');
  await botSays(api, seller.id, /Send 1 to 7 photos/);
  const photo = await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#7c2d12' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  await toBot(api, botUpdates.photo(seller, await fileFromPerson(api, photo, 'beans.jpg')));
  await botSays(api, seller.id, /^Photo 1 of 7 received/);
  await toBot(api, update(seller, { data: 'post:done' }));
  await botSays(api, seller.id, /short video/);
  await toBot(api, update(seller, { data: 'post:skipvideo' }));
  await botSays(api, seller.id, /product or service called/);
  await say(seller, productName);
  await botSays(api, seller.id, /name of your business/);
  await say(seller, 'Abebe Buna');
  await botSays(api, seller.id, /Which category/);
  // "ቡና" (coffee) is in the search glossary: it offers Food and beverages.
  await say(seller, 'ቡና');
  const matches = await botSays(api, seller.id, /These categories match/);
  expect(matches.params.reply_markup).toMatchObject({
    inline_keyboard: expect.arrayContaining([expect.arrayContaining([expect.objectContaining({ callback_data: 'post:cat:foods' })])]),
  });
  await toBot(api, update(seller, { data: 'post:cat:foods' }));
  await botSays(api, seller.id, /How big is the discount/);
  await toBot(api, update(seller, { data: 'post:disc:20' }));
  await botSays(api, seller.id, /For how many days/);
  await toBot(api, update(seller, { data: 'post:days:7' }));
  await botSays(api, seller.id, /^Neighbourhoods:/);
  await toBot(api, botUpdates.location(seller, 8.9966, 38.7871));
  await botSays(api, seller.id, /Which phone number should buyers call/);
  await toBot(api, botUpdates.contact(seller, '251911223344'));
  await botSays(api, seller.id, /Describe the offer/);
  await say(seller, 'Washed Yirgacheffe, roasted every morning in Bole.');
  const contactAsk = await botSays(api, seller.id, /Which Telegram account should buyers write to/);
  await press(seller, contactAsk, new RegExp(`@${seller.username}`));
  const summary = await botSays(api, seller.id, /Your deal/);
  expect(textOf(summary)).toContain(productName);
  expect(textOf(summary)).toContain('Bole Medhanialem');
  await toBot(api, update(seller, { data: 'post:submit' }));
  await botSays(api, seller.id, /^Your post submitted successfully! Waiting for verification\./);

  // The admin's chat gets the deal to check, with its photo, and verifies it there.
  const review = await botSent(admin.id, new RegExp(productName));
  expect(review.method).toBe('sendPhoto');
  expect(textOf(review)).toContain('Abebe Buna');
  await press(admin, review, '✅ Verify');
  // The admin's copy says who decided, and has no buttons left to press twice.
  let edited: Sent | undefined;
  await expect
    .poll(
      async () => {
        const edits = [...(await callsOf(api, 'editMessageCaption')), ...(await callsOf(api, 'editMessageText'))];
        edited = edits.findLast((c) => String(c.params.chat_id) === String(admin.id) && /Verified by Meron/.test(textOf(c)));
        return Boolean(edited);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(buttons(edited!)).toEqual([]);

  // The seller hears of it in Telegram (they have no email), with a way to stop such notices.
  const verified = await botSent(seller.id, /is verified and now public on Sefer/);
  expect(buttonNamed(verified, '🔕 Stop these notices').callback_data).toMatch(/^b:[\w-]{22}$/);

  // Public: on its category page, in English and Amharic, and in the follower's alerts.
  await page.goto('/food-and-beverages');
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('telegram-deal-category-390.png'), fullPage: false });
  await page.getByRole('heading', { name: productName }).click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('telegram-deal-page-390.png'), fullPage: true });
  await page.goto('/am/food-and-beverages');
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('telegram-deal-category-am-390.png'), fullPage: false });
  const alert = await botSent(buyer.id, new RegExp(productName));
  expect(alert.method).toBe('sendPhoto');
  expect(textOf(alert)).toContain('A new deal you follow');
  await context.close();
});
