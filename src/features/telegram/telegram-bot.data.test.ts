/**
 * The Sefer bot against the local fake Bot API (tests/fakes/telegram-server.ts), through the real
 * webhook route and grammY client: the secret, each command and keyboard, a shared location,
 * repeated updates, then alerts and channel posts when listings are verified (matching, once,
 * 200 subscribers within Telegram's limits, a blocked user, the daily cap and its digest).
 */
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { jobs, listings, telegramAlerts, telegramChats, telegramUpdates } from '#db/schema.ts';
import { POST } from '#pages/api/telegram/webhook.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { config } from '#platform/config/config.server.ts';
import { queueAlerts, subscriptionsOf } from './alerts.server.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
import { sendWith } from './jobs.server.ts';
import { telegramBot } from './runtime.server.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { createSeller, draft, FIXED_NOW, listingEndingIn, DAY } from '#fixtures/listings.ts';
import { startFakeTelegram, type FakeTelegram } from '#tests/fakes/telegram-server.ts';
import {
  inlineButtons,
  sentText,
  telegramUpdates as updateBuilders,
  type SentCall,
  type TelegramPerson,
} from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const TOKEN = '123456:TEST-token';
const SECRET = 'sefer-telegram-webhook-secret';
const CHANNEL = '@sefer_deals';
const admin: SessionUser = {
  id: 'admin-1',
  email: 'admin@test.invalid',
  name: 'Admin',
  firstName: 'Admin',
  lastName: null,
  image: null,
  isAdmin: true,
};

let fake: FakeTelegram;
let dataDir: string;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TOKEN, botUsername: 'sefer_test_bot' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-telegram-'));
  // The photo every fixture listing has (test/photo), as the media store keeps it.
  await mkdir(path.join(dataDir, 'media', 'test'), { recursive: true });
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
    .webp()
    .toFile(path.join(dataDir, 'media', 'test', 'photo.webp'));
  Object.assign(process.env, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: 'sefer_test_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_CHANNEL_ID: CHANNEL,
    TELEGRAM_API_ROOT: fake.url,
    SITE_URL: 'https://sefer.test',
    DATA_DIR: dataDir,
    SEFER_NOW: FIXED_NOW.toISOString(),
  });
  expect(config().telegram?.apiRoot).toBe(fake.url);
});
afterAll(async () => {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
  process.env = saved;
});

// ── Updates as Telegram sends them ───────────────────────────────────────────────────────────────

type From = TelegramPerson;
const person = (id: number, language_code = 'en', first_name = 'Abebe'): From => ({ id, first_name, language_code });
const { text, press, location } = updateBuilders(1, () => FIXED_NOW);

async function deliver(db: Database, update: object, secret: string | null = SECRET): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret;
  const request = new Request('https://sefer.test/api/telegram/webhook', { method: 'POST', headers, body: JSON.stringify(update) });
  return POST({ request, locals: { db } } as unknown as APIContext) as Promise<Response>;
}

type Sent = SentCall;
const sentTo = (chatId: number): Sent[] => fake.sent(chatId) as Sent[];
const lastTo = (chatId: number) => sentTo(chatId).at(-1)!;
const textOf = sentText;
const buttons = inlineButtons;

/**
 * Runs the queue's due jobs as the queue worker does (Telegram's handlers: telegram/jobs.server.ts);
 * with the channel only where a test is about it (a channel takes 20 posts a minute, and the fake
 * remembers them across tests).
 */
async function work(db: Database, channelId?: string, now = FIXED_NOW) {
  const bot = telegramBot(db)!;
  sendWith(db, { db, api: bot.api, siteUrl: 'https://sefer.test', dataDir, channelId });
  return runDueJobs(db, () => now);
}

describe.each(drivers())('the Sefer bot on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: async (t) => createSeller(t.db, admin.id, admin.email) });

  it('answers 401 without the secret header or with a wrong one, and handles nothing', async () => {
    const abebe = person(101);
    expect((await deliver(t.db, text(abebe, '/start'), null)).status).toBe(401);
    expect((await deliver(t.db, text(abebe, '/start'), 'wrong-secret-value-123')).status).toBe(401);
    expect(await t.db.select().from(telegramUpdates)).toEqual([]);
    expect(sentTo(101)).toEqual([]);
  });

  it('/start welcomes with the menu; the same update delivered twice is handled once', async () => {
    const abebe = person(102);
    const update = text(abebe, '/start');
    expect((await deliver(t.db, update)).status).toBe(200);
    expect((await deliver(t.db, update)).status).toBe(200);
    expect(sentTo(102)).toHaveLength(1);
    const welcome = lastTo(102);
    expect(textOf(welcome)).toContain('Selam Abebe');
    expect(buttons(welcome).map((b) => b.callback_data ?? b.url)).toEqual([
      'menu:deals',
      'menu:alerts',
      'menu:mysubs',
      'menu:language',
      'menu:post',
      'menu:myposts',
      'https://sefer.test/',
      'https://sefer.test/profile',
    ]);
  });

  it('speaks Amharic to an Amharic Telegram user, and switches language on request', async () => {
    const selam = person(103, 'am', 'Selam');
    await deliver(t.db, text(selam, '/start'));
    expect(textOf(lastTo(103))).toContain('ሰላም Selam');
    expect(buttons(lastTo(103)).find((b) => b.url)?.url).toBe('https://sefer.test/am/');
    await deliver(t.db, press(selam, 'lang:en'));
    expect(textOf(lastTo(103))).toBe('I will write to you in English.');
    const [chat] = await t.db.select().from(telegramChats).where(eq(telegramChats.chatId, 103));
    expect(chat?.locale).toBe('en');
    await deliver(t.db, text(selam, '/stop'));
    expect(textOf(lastTo(103))).toContain('All your alerts are stopped');
  });

  it('/deals shows the best deals ending soon with photo, names, discount, days left and a button', async () => {
    await createSeller(t.db);
    await listingEndingIn(t.db, 3 * DAY, { productName: 'Teff flour', companyName: 'Merkato Grains', discount: '30' });
    await listingEndingIn(t.db, 2 * DAY, { productName: 'Coffee beans', discount: '10' });
    await listingEndingIn(t.db, 20 * DAY, { productName: 'Far away deal', discount: '50' });
    const abebe = person(104);
    await deliver(t.db, text(abebe, '/deals'));
    const [heading, first, second, ...rest] = sentTo(104);
    expect(textOf(heading!)).toBe('The best deals ending soon:');
    expect(rest).toEqual([]);
    expect(first!.method).toBe('sendPhoto');
    expect(first!.params.photo).toMatchObject({ file: { filename: 'deal.jpg' } });
    expect(textOf(first!)).toContain('<b>Teff flour</b>');
    expect(textOf(first!)).toContain('Merkato Grains');
    expect(textOf(first!)).toContain('30% OFF');
    expect(textOf(first!)).toContain('3 days left to end');
    expect(buttons(first!)[0]).toMatchObject({
      text: 'View the deal',
      url: expect.stringMatching(/^https:\/\/sefer\.test\/listings\/\d+-teff-flour$/),
    });
    // The photo went up once; the second deal with the same photo is sent by its file_id.
    expect(typeof second!.params.photo).toBe('string');
    expect(textOf(second!)).toContain('Coffee beans');
  });

  it('/alerts toggles categories, follows words and a shared place; /mysubs lists and removes; /stop ends all', async () => {
    const abebe = person(105);
    await deliver(t.db, text(abebe, '/alerts'));
    const keyboard = buttons(lastTo(105));
    expect(keyboard.find((b) => b.callback_data === 'cat:appliances')?.text).not.toContain('✅');
    await deliver(t.db, press(abebe, 'cat:appliances'));
    const answer = fake.calls('answerCallbackQuery').at(-1) as Sent;
    expect(answer.params.text).toMatch(/^Following /);
    const edited = fake.calls('editMessageReplyMarkup').at(-1) as Sent;
    expect(buttons(edited).find((b) => b.callback_data === 'cat:appliances')?.text).toContain('✅');

    await deliver(t.db, press(abebe, 'alerts:word'));
    expect(textOf(lastTo(105))).toContain('Send me the words');
    await deliver(t.db, text(abebe, 'Teff, shoes'));
    expect(textOf(lastTo(105))).toBe('Following: teff, shoes. I will alert you when a new deal mentions them.');
    await deliver(t.db, text(abebe, 'just chatting'));
    expect(textOf(lastTo(105))).toContain('I did not understand');

    await deliver(t.db, press(abebe, 'alerts:near'));
    expect((lastTo(105).params.reply_markup as { keyboard: { request_location?: boolean }[][] }).keyboard[0]![0]!.request_location).toBe(
      true,
    );
    await deliver(t.db, location(abebe, 9.0, 38.75));
    expect(textOf(lastTo(105))).toContain('within 2 km');
    expect(await subscriptionsOf(t.db, 105)).toMatchObject({
      categories: ['appliances'],
      keywords: [{ keyword: 'shoes' }, { keyword: 'teff' }],
      place: { latitude: 9.0, longitude: 38.75 },
    });

    await deliver(t.db, text(abebe, '/mysubs'));
    const list = buttons(lastTo(105));
    expect(list.map((b) => b.callback_data)).toEqual([
      'rm:c:appliances',
      expect.stringMatching(/^rm:k:\d+$/),
      expect.stringMatching(/^rm:k:\d+$/),
      'rm:p',
    ]);
    await deliver(t.db, press(abebe, list[1]!.callback_data!));
    expect((await subscriptionsOf(t.db, 105)).keywords.map((k) => k.keyword)).toEqual(['teff']);
    await deliver(t.db, text(abebe, '/stop'));
    expect(await subscriptionsOf(t.db, 105)).toEqual({ categories: [], keywords: [], place: null });
    await deliver(t.db, text(abebe, '/mysubs'));
    expect(textOf(lastTo(105))).toContain('You follow nothing yet');
  }, 30_000);

  it('a verified listing alerts exactly the matching subscribers once, and is posted to the channel once', async () => {
    await createSeller(t.db);
    const [byCategory, byWord, byPlace, farAway, otherCategory] = [person(201), person(202), person(203), person(204), person(205)];
    await deliver(t.db, press(byCategory, 'cat:appliances'));
    await deliver(t.db, press(otherCategory, 'cat:books'));
    await deliver(t.db, press(byWord, 'alerts:word'));
    await deliver(t.db, text(byWord, 'mitad'));
    // The fixture listing is at 8.9963, 38.7868: 1 km north of it matches, 5 km does not.
    await deliver(t.db, location(byPlace, 9.0053, 38.7868));
    await deliver(t.db, location(farAway, 9.0413, 38.7868));
    fake.clear();

    const id = await insertListing(t.db, draft(), { status: 'pending' });
    expect((await reviewListing(t.db, admin, id, { verdict: 'verify' })).ok).toBe(true);
    // Verifying only queued a job: nothing was sent during the admin's request.
    expect(fake.sent()).toEqual([]);
    expect(await t.db.select({ name: jobs.name, payload: jobs.payload }).from(jobs).where(eq(jobs.name, 'listing-verified'))).toEqual([
      { name: 'listing-verified', payload: { listingId: id } },
    ]);
    await work(t.db, CHANNEL);

    for (const who of [byCategory, byWord, byPlace]) {
      expect(sentTo(who.id)).toHaveLength(1);
      expect(textOf(lastTo(who.id))).toContain('A new deal you follow');
    }
    expect(sentTo(204)).toEqual([]);
    expect(sentTo(205)).toEqual([]);
    // Posted by the channel's numeric id, so that grammY's throttler keeps the channel's limit.
    const channelId = (await telegramBot(t.db)!.api.getChat(CHANNEL)).id;
    expect(channelId).toBeLessThan(0);
    const posts = fake.sent(channelId) as Sent[];
    expect(posts).toHaveLength(1);
    expect(textOf(posts[0]!)).toContain('Electric Injera Mitad');

    // Edited back into review and verified again: no second alert, no second post.
    await t.db.update(listings).set({ status: 'pending' }).where(eq(listings.id, id));
    await reviewListing(t.db, admin, id, { verdict: 'verify' });
    await work(t.db, CHANNEL);
    expect(fake.sent().length).toBe(4);
  }, 30_000);

  it('200 subscribers: every one gets the alert, within the fake Telegram limits', async () => {
    await createSeller(t.db);
    const ids = Array.from({ length: 200 }, (_, i) => 300_000 + i);
    await t.db.insert(telegramChats).values(ids.map((chatId) => ({ chatId, firstName: `User ${chatId}` })));
    const { telegramAlertCategories } = await import('#db/schema.ts');
    await t.db.insert(telegramAlertCategories).values(ids.map((chatId) => ({ chatId, category: 'appliances' })));
    fake.clear();
    const id = await insertListing(t.db, draft(), { status: 'pending' });
    await reviewListing(t.db, admin, id, { verdict: 'verify' });
    // Matching 200 subscribers is two statements (the listing, then one insert … select), not a loop.
    t.resetQueryCount();
    expect(await queueAlerts(t.db, id, FIXED_NOW)).toBe(200);
    expect(t.queryCount()).toBe(2);
    await work(t.db);
    expect(fake.refused()).toEqual([]);
    // One upload; the other 199 photos went by the file_id Telegram gave back.
    expect(fake.calls('sendPhoto').filter((c) => typeof c.params.photo === 'object')).toHaveLength(1);
    for (const chatId of ids) expect(sentTo(chatId)).toHaveLength(1);
    const states = await t.db.select({ state: telegramAlerts.state }).from(telegramAlerts).where(eq(telegramAlerts.listingId, id));
    expect(states.every((s) => s.state === 'sent')).toBe(true);
  }, 60_000);

  it('a 429 is waited out and retried; a user who blocked the bot is unsubscribed', async () => {
    await createSeller(t.db);
    const [blocker, patient] = [person(401), person(402)];
    await deliver(t.db, press(blocker, 'cat:appliances'));
    await deliver(t.db, press(patient, 'cat:appliances'));
    fake.block(401);
    fake.failNext('sendPhoto', { status: 429, retryAfter: 1 });
    fake.clear();
    const id = await insertListing(t.db, draft(), { status: 'pending' });
    await reviewListing(t.db, admin, id, { verdict: 'verify' });
    await work(t.db);
    expect(fake.calls('sendPhoto').filter((c) => c.status === 429)).toHaveLength(1);
    expect(sentTo(402)).toHaveLength(1);
    expect(await subscriptionsOf(t.db, 401)).toEqual({ categories: [], keywords: [], place: null });
    const [chat] = await t.db.select().from(telegramChats).where(eq(telegramChats.chatId, 401));
    expect(chat?.blockedAt).not.toBeNull();
  }, 30_000);

  it('at most 10 alert messages a day; the rest arrive as one digest at the end of the day', async () => {
    await createSeller(t.db);
    const busy = person(501);
    await deliver(t.db, press(busy, 'cat:appliances'));
    fake.clear();
    for (let i = 0; i < 13; i++) {
      const id = await insertListing(t.db, draft({ productName: `Mitad number ${i}` }), { status: 'pending' });
      await reviewListing(t.db, admin, id, { verdict: 'verify' });
    }
    await work(t.db);
    expect(sentTo(501)).toHaveLength(10);
    const digests = await t.db.select().from(jobs).where(eq(jobs.name, 'alert-digest'));
    expect(digests).toHaveLength(1);
    // At the end of the Addis Ababa day the digest goes out: one message naming the other three.
    await work(t.db, undefined, new Date(FIXED_NOW.getTime() + DAY));
    expect(sentTo(501)).toHaveLength(11);
    const digest = textOf(lastTo(501));
    expect(digest).toContain('3 more new deals');
    for (const i of [10, 11, 12]) expect(digest).toContain(`Mitad number ${i}`);
    const waiting = await t.db
      .select()
      .from(telegramAlerts)
      .where(and(eq(telegramAlerts.chatId, 501), eq(telegramAlerts.state, 'digest')));
    expect(waiting).toEqual([]);
  }, 60_000);
});
