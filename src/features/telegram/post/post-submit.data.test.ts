/**
 * Submit from the bot: whose listing it becomes (the linked account; a new one made as Telegram
 * sign-in makes it; never a banned one's), what it remembers from the seller's last listing (the
 * business name offered, the logo stored again), and one listing per draft however often Submit is
 * pressed.
 */
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts, listings, telegramDrafts, users } from '#db/schema.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { isPlaceholderEmail } from '#platform/email/placeholder-email.ts';
import { config } from '#platform/config/config.server.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { draft as listingDraft, fakeImage } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { linkedAccountOf } from '../linked-account.server.ts';
import { person, sentText, telegramAccount, useFakeBot } from '../bot.test-kit.server.ts';
import { callbacks, draftAt, draftRow, readyDraft, sendAll, textsTo } from './post.test-kit.server.ts';

const bot = useFakeBot();
const { text, press } = telegramUpdates(600_000, requestClock);
const SUBMITTED =
  'Your post submitted successfully! Waiting for verification.\nI will tell you here when it is verified. Your deals: /myposts';

describe.each(drivers())('submitting a deal from the bot on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });
  beforeEach(() => bot.fake.clear());

  it('makes an account for a person not linked yet, as Telegram sign-in does, and posts under it', async () => {
    const newcomer = { ...person(7101, 'en', 'Selam', 'selam_shop'), last_name: 'Tesfaye' };
    await draftAt(t.db, 7101, 'summary', await readyDraft(bot.fake));
    expect(await linkedAccountOf(t.db, 7101)).toBeNull();

    await sendAll(bot, t.db, press(newcomer, 'post:submit'));
    expect(sentText(bot.lastTo(7101))).toBe(SUBMITTED);
    const linked = await linkedAccountOf(t.db, 7101);
    expect(linked).toMatchObject({ banned: false, user: { name: 'Selam Tesfaye', firstName: 'Selam', lastName: 'Tesfaye', email: '' } });
    const [user] = await t.db.select().from(users).where(eq(users.id, linked!.user.id));
    expect(isPlaceholderEmail(user!.email)).toBe(true);
    expect(user!.emailVerified).toBe(false);
    const links = await t.db.select().from(accounts).where(eq(accounts.userId, linked!.user.id));
    expect(links).toEqual([expect.objectContaining({ providerId: 'telegram', accountId: '7101' })]);
    const [listing] = await t.db.select().from(listings);
    expect(listing).toMatchObject({ ownerId: linked!.user.id, status: 'pending' });

    // A second deal uses the same account.
    await draftAt(t.db, 7101, 'summary', await readyDraft(bot.fake, { product: 'Shai' }));
    await sendAll(bot, t.db, press(newcomer, 'post:submit'));
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(await t.db.select().from(listings).where(eq(listings.ownerId, linked!.user.id))).toHaveLength(2);
  }, 30_000);

  it('refuses a banned account at /post and at Submit', async () => {
    const banned = person(7102);
    const { userId } = await telegramAccount(t.db, 7102);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));

    await sendAll(bot, t.db, text(banned, '/post'));
    expect(sentText(bot.lastTo(7102))).toBe('Your Sefer account is blocked: it cannot post deals.');
    expect(await draftRow(t.db, 7102)).toBeUndefined();

    // Banned while the draft was open.
    await draftAt(t.db, 7102, 'summary', await readyDraft(bot.fake));
    await sendAll(bot, t.db, press(banned, 'post:submit'));
    expect(sentText(bot.lastTo(7102))).toBe('Your Sefer account is blocked: it cannot post deals.');
    expect(await t.db.select().from(listings)).toHaveLength(0);
    expect(bot.fake.calls('getFile')).toHaveLength(0);
  }, 30_000);

  it('offers the business of the last listing and stores its logo again as the new one', async () => {
    const seller = person(7103);
    const { userId } = await telegramAccount(t.db, 7103);
    await insertListing(t.db, listingDraft({ ownerId: userId, companyName: 'Tomoca Coffee', logo: fakeImage('test/logo') }));

    await draftAt(t.db, 7103, 'product', { photos: [], video: null });
    await sendAll(bot, t.db, text(seller, 'Macchiato'));
    expect(sentText(bot.lastTo(7103))).toContain('Tap it below if it is the same as last time');
    expect(bot.lastTo(7103).params.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Tomoca Coffee', callback_data: 'post:company' }]] });
    await sendAll(bot, t.db, press(seller, 'post:company'));
    expect(callbacks(bot.lastTo(7103))).toContain('post:catpage:1');
    expect((await draftRow(t.db, 7103))?.data).toMatchObject({ company: 'Tomoca Coffee' });

    await draftAt(t.db, 7103, 'summary', await readyDraft(bot.fake, { company: 'Tomoca Coffee' }));
    await sendAll(bot, t.db, press(seller, 'post:submit'));
    expect(sentText(bot.lastTo(7103))).toBe(SUBMITTED);
    const [posted] = await t.db
      .select()
      .from(listings)
      .where(and(eq(listings.ownerId, userId), eq(listings.status, 'pending')));
    // The old logo (64×48), re-encoded under a key of its own: deleting either listing keeps the other's.
    expect(posted!.logo).toMatchObject({ width: 64, height: 48 });
    expect(posted!.logo!.key).toMatch(/^u\//);
    const meta = await sharp(path.join(config().dataDir, 'media', `${posted!.logo!.key}.webp`)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64 });
  }, 30_000);

  it('posts one listing however often Submit is pressed', async () => {
    const seller = person(7104);
    await telegramAccount(t.db, 7104);
    await draftAt(t.db, 7104, 'summary', await readyDraft(bot.fake));
    // Telegram may deliver two presses at once: only one of them takes the draft.
    const answersBefore = bot.fake.calls('answerCallbackQuery').length;
    await Promise.all([bot.deliver(t.db, press(seller, 'post:submit')), bot.deliver(t.db, press(seller, 'post:submit'))]);
    expect(await t.db.select().from(listings)).toHaveLength(1);
    expect(await t.db.select().from(telegramDrafts)).toHaveLength(0);
    expect(textsTo(bot, 7104).filter((s) => s === SUBMITTED)).toHaveLength(1);
    // The other press is told the deal is no longer open: by a message when it came while the first
    // was taking the draft, or as the press's answer when it came after.
    const answers = bot.fake
      .calls('answerCallbackQuery')
      .slice(answersBefore)
      .map((c) => String(c.params.text ?? ''));
    expect([...textsTo(bot, 7104), ...answers]).toContain('This is no longer open. Send /post to post a deal.');
  }, 30_000);

  it('puts the draft back at the summary when a file can no longer be fetched', async () => {
    const seller = person(7105);
    await telegramAccount(t.db, 7105);
    const ready = await readyDraft(bot.fake);
    await draftAt(t.db, 7105, 'summary', { ...ready, photos: [...ready.photos, { fileId: 'gone-from-telegram', size: 10 }] });
    await sendAll(bot, t.db, press(seller, 'post:submit'));
    expect(sentText(bot.lastTo(7105))).toBe('I could not fetch this file from Telegram. Please send it again.');
    expect((await draftRow(t.db, 7105))?.step).toBe('summary');
    expect(await t.db.select().from(listings)).toHaveLength(0);
  }, 30_000);
});
