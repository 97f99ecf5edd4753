/**
 * Where account notices go (decision 27), through the `notice` job and the fake Bot API: each kind
 * to the channels the account chose; a chat that blocked the bot is marked and the notice comes by
 * email; "Stop these notices" turns off that kind in Telegram only, and only for the chat that got it.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { noticePreferences, telegramChats } from '#db/schema.ts';
import '#features/accounts/notices/jobs.server.ts';
import { noticeChoicesSchema } from '#features/accounts/notices/notice-preferences.ts';
import { saveNoticeChoices } from '#features/accounts/notices/preferences.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { createSeller, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person as sessionOf } from '#tests/db/people.ts';
import { inlineButtons, person, sentText, telegramAccount, useFakeBot, SITE } from './bot.test-kit.server.ts';

const bot = useFakeBot();
const { press } = telegramUpdates(90_000, () => FIXED_NOW);
const admin = sessionOf('admin-1', true);

/** How many emails the outbox holds whose text mentions `text` (names are ASCII: no decoding needed). */
async function mailsAbout(text: string): Promise<number> {
  const dir = path.join(bot.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return texts.filter((mail) => mail.includes(text)).length;
}

/** Reviews a new deal of `ownerId` named `name` (verify, or reject with a reason) and runs the jobs. */
async function reviewed(db: Database, ownerId: string, name: string, verdict: 'verify' | 'reject') {
  const id = await insertListing(db, draft({ ownerId, productName: name }), { status: 'pending' });
  await reviewListing(db, admin, id, verdict === 'verify' ? { verdict } : { verdict, reason: 'Blurry photo' });
  await bot.work(db);
  return id;
}

/** Saves /profile's boxes as ticked: the kinds for each channel (both channels shown). */
const choose = (db: Database, userId: string, ticked: { telegram: string[]; email: string[] }) =>
  saveNoticeChoices(db, userId, noticeChoicesSchema.parse({ action: 'notices', shown: ['telegram', 'email'], ...ticked }));

describe.each(drivers())('where account notices go on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db, admin.id, admin.email) });
  beforeEach(async () => {
    bot.fake.clear();
    await rm(path.join(bot.dataDir, 'outbox'), { recursive: true, force: true });
  });

  it('each kind goes where the account chose: verified to Telegram only, rejected to email only', async () => {
    const seller = await telegramAccount(t.db, 7101, { email: 'both@example.com' });
    await choose(t.db, seller.userId, { telegram: ['listing-verified'], email: ['listing-rejected'] });
    await reviewed(t.db, seller.userId, 'Verified mitad', 'verify');
    await reviewed(t.db, seller.userId, 'Rejected mitad', 'reject');
    expect(bot.sentTo(7101).map(sentText)).toEqual([expect.stringContaining('<b>Verified mitad</b> is verified')]);
    expect(await mailsAbout('Verified mitad')).toBe(0);
    expect(await mailsAbout('Rejected mitad')).toBe(1);

    // With no choice stored, an account with both hears in both (the default).
    await t.db.delete(noticePreferences);
    await reviewed(t.db, seller.userId, 'Default mitad', 'verify');
    expect(sentText(bot.lastTo(7101))).toContain('<b>Default mitad</b>');
    expect(await mailsAbout('Default mitad')).toBe(1);
  });

  it('a chat that blocked the bot is marked, and the notice chosen for Telegram comes by email', async () => {
    const seller = await telegramAccount(t.db, 7102, { email: 'blocked@example.com' });
    await choose(t.db, seller.userId, { telegram: ['listing-verified', 'listing-rejected'], email: [] });
    bot.fake.block(7102);
    await reviewed(t.db, seller.userId, 'Blocked mitad', 'verify');
    expect(bot.fake.calls('sendMessage').filter((c) => c.params.chat_id === 7102 && c.status === 403)).toHaveLength(1);
    expect(await mailsAbout('Blocked mitad')).toBe(1);
    const [chat] = await t.db.select().from(telegramChats).where(eq(telegramChats.chatId, 7102));
    expect(chat?.blockedAt).toEqual(FIXED_NOW);

    // The next notice goes straight to email: the marked chat is not tried again.
    bot.fake.clear();
    await reviewed(t.db, seller.userId, 'Later mitad', 'reject');
    expect(bot.fake.calls('sendMessage')).toEqual([]);
    expect(await mailsAbout('Later mitad')).toBe(1);
  });

  it('"Stop these notices" turns off that kind in Telegram only, keeps its email, and works only from the chat it was sent to', async () => {
    const seller = await telegramAccount(t.db, 7103);
    await reviewed(t.db, seller.userId, 'First mitad', 'verify');
    const stop = inlineButtons(bot.lastTo(7103)).at(-1)!;
    expect(stop.text).toBe('🔕 Stop these notices');

    // Another chat's press of the same data: nothing changes.
    await bot.deliver(t.db, press(person(7999), stop.callback_data!));
    expect(await t.db.select().from(noticePreferences)).toEqual([]);

    await bot.deliver(t.db, press(person(7103), stop.callback_data!));
    expect(sentText(bot.lastTo(7103))).toBe(
      `Done: you will not get these notices in Telegram any more (A deal of mine is verified). You can turn them on again in your profile: ${SITE}/profile`,
    );
    expect(
      await t.db
        .select({ kind: noticePreferences.kind, telegram: noticePreferences.telegram, email: noticePreferences.email })
        .from(noticePreferences),
    ).toEqual([{ kind: 'listing-verified', telegram: false, email: true }]);
    const sent = bot.sentTo(7103).length;
    await reviewed(t.db, seller.userId, 'Second mitad', 'verify');
    expect(bot.sentTo(7103)).toHaveLength(sent);
    // Other kinds still come.
    await reviewed(t.db, seller.userId, 'Third mitad', 'reject');
    expect(sentText(bot.lastTo(7103))).toContain('<b>Third mitad</b> was not approved');
  });

  it('"Stop these notices" answers in the chat\'s language', async () => {
    const seller = await telegramAccount(t.db, 7104, { locale: 'am' });
    await reviewed(t.db, seller.userId, 'Shiro', 'reject');
    const stop = inlineButtons(bot.lastTo(7104)).at(-1)!;
    await bot.deliver(t.db, press(person(7104, 'am'), stop.callback_data!));
    expect(sentText(bot.lastTo(7104))).toBe(
      `ተከናውኗል፦ ከአሁን በኋላ እነዚህን ማሳወቂያዎች በቴሌግራም አይደርሱዎትም (ቅናሼ ሳይጸድቅ ሲቀር (ከምክንያቱ ጋር))። በመገለጫዎ ውስጥ እንደገና ማብራት ይችላሉ፦ ${SITE}/am/profile`,
    );
  });
});
