/**
 * Verifying listings from Telegram, through the real webhook route and grammY client against the
 * fake Bot API: a new listing reaches each admin's chat (photo, fields, seller, earlier decisions,
 * Verify / Reject); Verify and both kinds of rejection reason decide it as /admin does; a decision
 * on the web updates the copies; presses from chats that may not moderate, and replays, do nothing.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { listings, moderationDecisions, telegramChats, telegramReviewMessages, users } from '#db/schema.ts';
import { getPublicListing } from '#features/listings/public-listings.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { editListing, reviewListing, submitListing } from '#features/listings/seller-listings.server.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { createSeller, draft, FIXED_NOW, SELLER_SESSION } from '#fixtures/listings.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { inlineButtons, person, sentText, telegramAccount, useFakeBot, type SentCall } from '../bot.test-kit.server.ts';
import { buttonData } from '../buttons.server.ts';
import { linkedAccountOf } from '../linked-account.server.ts';
import { LISTING_ACTIONS, listingForReview } from './listing-review.server.ts';
import { rejectionReasonText } from './rejection-reasons.ts';
import './jobs.server.ts';

const BOSS = 'boss@sefer.test';
const DEPUTY = 'deputy@sefer.test';
const bot = useFakeBot({ ADMIN_EMAILS: `${BOSS},${DEPUTY}` });
const { text, press } = telegramUpdates(5000, () => FIXED_NOW);

const ADMIN = 9001;
const admin = person(ADMIN, 'en', 'Almaz');
const { ownerId: _owner, ...body } = draft();

/** The calls of `method` the fake answered for `chatId`. */
const calls = (method: string, chatId: number) => bot.fake.calls(method).filter((c) => c.chatId === String(chatId)) as SentCall[];
const lastCall = (method: string, chatId: number) => calls(method, chatId).at(-1)!;
const answers = () => bot.fake.calls('answerCallbackQuery').map((c) => String(c.params.text ?? ''));
const button = (sent: SentCall, label: string) => inlineButtons(sent).find((b) => b.text.includes(label))!.callback_data!;
const statusOf = async (db: Database, id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe.each(drivers())('moderating listings from Telegram on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await telegramAccount(t.db, ADMIN, { name: 'Almaz Admin', email: BOSS });
      await createSeller(t.db);
      bot.fake.clear();
    },
  });

  /** A listing submitted by the seller, sent to the admins by the queue worker. */
  async function submitted(overrides = {}): Promise<number> {
    const id = await submitListing(t.db, SELLER_SESSION, { ...body, ...overrides }, FIXED_NOW);
    await bot.work(t.db);
    return id;
  }

  it("a new listing reaches each admin's chat in its language: photo, fields, seller, earlier decisions, Verify / Reject", async () => {
    await telegramAccount(t.db, 9002, { name: 'Dawit Deputy', email: DEPUTY, locale: 'am' });
    await telegramAccount(t.db, 9003, { name: 'Not Admin', email: 'someone@test.invalid' });
    // The seller's record: one deal verified, one rejected, and a ban lifted since.
    await insertListing(t.db, draft({ productName: 'Old mitad' }), { status: 'verified' });
    const old = await insertListing(t.db, draft({ productName: 'Older mitad' }), { status: 'pending' });
    await t.db.update(listings).set({ status: 'rejected', rejectionReason: 'Blurry photo <again>' }).where(eq(listings.id, old));
    await t.db.insert(moderationDecisions).values({ itemKind: 'account', itemId: 'seller-1', action: 'ban', adminId: 'tg-user-9001' });

    const id = await submitted({ description: 'Cast iron, 40 cm <b>wide</b>' });
    expect(bot.sentTo(ADMIN)).toHaveLength(1);
    const sent = bot.lastTo(ADMIN);
    // The listing's photo, uploaded as a JPEG (Telegram shows WebP as a file).
    expect(sent.method).toBe('sendPhoto');
    expect(sent.params.photo).toMatchObject({ file: { filename: 'deal.jpg' } });
    const caption = sentText(sent);
    for (const part of [
      `New listing to verify</b> · #${id}`,
      'Electric Injera Mitad',
      'Company: Bole Home Appliances',
      'Category: Home Appliances',
      'Discount: 20% OFF',
      'Days: from today · 10-day run',
      'Place: Bole, Addis Ababa',
      'Phone: +251911000000',
      'Telegram: https://t.me/bole_home',
      'Description: Cast iron, 40 cm &lt;b&gt;wide&lt;/b&gt;',
      'Seller: <b>Seller seller-1</b> · seller-1@test.invalid',
      'Member since',
      'Earlier decisions: verified 1, rejected 1 · banned 1×',
      'Last rejections: “Blurry photo &lt;again&gt;”',
    ])
      expect(caption).toContain(part);
    expect(sent.params.parse_mode).toBe('HTML');
    // Opaque buttons: nothing in the callback data names the listing.
    const buttons = inlineButtons(sent);
    expect(buttons.map((b) => b.text)).toEqual(['✅ Verify', '❌ Reject']);
    for (const b of buttons) expect(b.callback_data).toMatch(/^b:[\w-]{22}$/);
    // The other admin reads it in Amharic; a linked chat that is not an admin's gets nothing.
    expect(sentText(bot.lastTo(9002))).toContain('የሚረጋገጥ አዲስ ማስታወቂያ');
    expect(inlineButtons(bot.lastTo(9002)).map((b) => b.text)).toEqual(['✅ አረጋግጥ', '❌ ውድቅ አድርግ']);
    expect(bot.sentTo(9003)).toEqual([]);
    const kept = await t.db.select().from(telegramReviewMessages).orderBy(telegramReviewMessages.chatId);
    expect(kept.map((k) => [k.kind, k.item, k.chatId])).toEqual([
      ['listing', String(id), ADMIN],
      ['listing', String(id), 9002],
    ]);
  }, 30_000);

  it('an edit comes as an edit, the older copy loses its buttons, and its press decides nothing; a job run again sends nothing twice', async () => {
    const id = await submitted();
    const older = button(bot.lastTo(ADMIN), 'Verify');
    await enqueue(t.db, 'listing-submitted', { listingId: id });
    await bot.work(t.db);
    expect(bot.sentTo(ADMIN)).toHaveLength(1);

    expect(await editListing(t.db, SELLER_SESSION, id, { productName: 'Bigger mitad' })).toMatchObject({ ok: true });
    await bot.work(t.db);
    expect(bot.sentTo(ADMIN)).toHaveLength(2);
    expect(sentText(bot.lastTo(ADMIN))).toContain(`Edited listing to verify again</b> · #${id}`);
    expect(sentText(bot.lastTo(ADMIN))).toContain('Bigger mitad');
    const marked = lastCall('editMessageCaption', ADMIN);
    expect(String(marked.params.caption)).toContain('Edited by the seller since');
    expect(inlineButtons(marked)).toEqual([]);
    await bot.deliver(t.db, press(admin, older));
    expect(answers()).toEqual(['The seller changed this listing since: decide on the newer message.']);
    expect((await statusOf(t.db, id)).status).toBe('pending');
  }, 30_000);

  it('an edit of a live deal comes as an edit of what it proposes; Verify publishes it, Reject keeps the live version (issue 29)', async () => {
    const id = await submitted();
    await bot.deliver(t.db, press(admin, button(bot.lastTo(ADMIN), 'Verify')));
    expect(await editListing(t.db, SELLER_SESSION, id, { productName: 'Bigger mitad' })).toMatchObject({ ok: true, revision: true });
    await bot.work(t.db);
    expect(sentText(bot.lastTo(ADMIN))).toContain(`Edited listing to verify again</b> · #${id}`);
    expect(sentText(bot.lastTo(ADMIN))).toContain('Bigger mitad');
    expect((await getPublicListing(t.db, id))!.productName).toBe(body.productName);
    await bot.deliver(t.db, press(admin, button(bot.lastTo(ADMIN), 'Verify')));
    expect(answers().at(-1)).toBe('Verified: the deal is public now.');
    expect((await getPublicListing(t.db, id))!.productName).toBe('Bigger mitad');
    expect(String(lastCall('editMessageCaption', ADMIN).params.caption)).toContain('✅ Verified by Almaz Admin at');

    await editListing(t.db, SELLER_SESSION, id, { productName: 'Giant mitad' });
    await bot.work(t.db);
    await bot.deliver(t.db, press(admin, button(bot.lastTo(ADMIN), 'Reject')));
    await bot.deliver(t.db, press(admin, button(lastCall('editMessageReplyMarkup', ADMIN), 'Misleading discount')));
    expect((await getPublicListing(t.db, id))!.productName).toBe('Bigger mitad');
    expect(String(lastCall('editMessageCaption', ADMIN).params.caption)).toMatch(/Rejected by Almaz Admin at/);
    expect((await listingForReview(t.db, id))!.status).toBe('verified');
  }, 60_000);

  it("Verify makes the listing public, recorded with who and when, and every admin's copy says so without buttons", async () => {
    // A seller who has only Telegram, to hear of it there.
    const tgSeller = await telegramAccount(t.db, 7002, { name: 'Hanna' });
    const id = await submitListing(t.db, { ...SELLER_SESSION, id: tgSeller.userId }, body, FIXED_NOW);
    await bot.work(t.db);
    const { messageId } = (await t.db.select().from(telegramReviewMessages))[0]!;
    await bot.deliver(t.db, press(admin, button(bot.lastTo(ADMIN), 'Verify')));

    expect((await statusOf(t.db, id)).status).toBe('verified');
    expect(await getPublicListing(t.db, id)).not.toBeNull();
    expect(answers()).toEqual(['Verified: the deal is public now.']);
    const decisions = await t.db.select().from(moderationDecisions);
    expect(decisions.map((d) => [d.itemKind, d.itemId, d.action, d.adminId])).toEqual([['listing', String(id), 'verify', 'tg-user-9001']]);
    const edit = lastCall('editMessageCaption', ADMIN);
    expect(edit.params.message_id).toBe(messageId);
    expect(String(edit.params.caption)).toContain('✅ Verified by Almaz Admin at');
    expect(inlineButtons(edit)).toEqual([]);
    expect(await t.db.select().from(telegramReviewMessages)).toEqual([]);
    // The seller then hears it in Telegram (the notice job, after the admin's press).
    await bot.work(t.db);
    expect(sentText(bot.lastTo(7002))).toContain('is verified and now public on Sefer');
  }, 30_000);

  it('a standard reason (in the seller’s language) and a typed reason are saved on the listing', async () => {
    // A seller on Telegram in Amharic reads a standard reason in Amharic.
    const tgSeller = await telegramAccount(t.db, 7001, { name: 'Tigist', locale: 'am' });
    const a = await submitListing(t.db, { ...SELLER_SESSION, id: tgSeller.userId }, body, FIXED_NOW);
    const b = await submitted({ productName: 'Coffee pot' });
    const copyOf = (name: string) => bot.sentTo(ADMIN).find((s) => sentText(s).includes(name))!;

    await bot.deliver(t.db, press(admin, button(copyOf(`#${a}`), 'Reject')));
    const reasons = lastCall('editMessageReplyMarkup', ADMIN);
    expect(inlineButtons(reasons).map((r) => r.text)).toEqual([
      'Unclear photo',
      'Details missing',
      'Wrong category',
      'Contact does not work',
      'Misleading discount',
      'Not allowed on Sefer',
      'Already listed',
      '✍️ Type a reason',
      '← Back',
    ]);
    await bot.deliver(t.db, press(admin, button(reasons, 'Unclear photo')));
    expect(await statusOf(t.db, a)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'ፎቶው ግልጽ አይደለም ወይም ምርቱን አያሳይም። እባክዎ የሚሸጡትን ምርት ግልጽ ፎቶ ያክሉ።',
    });

    await bot.deliver(t.db, press(admin, button(copyOf('Coffee pot'), 'Reject')));
    await bot.deliver(t.db, press(admin, button(lastCall('editMessageReplyMarkup', ADMIN), 'Type a reason')));
    expect(sentText(bot.lastTo(ADMIN))).toContain('Type the reason for rejecting “Coffee pot”');
    await bot.deliver(t.db, text(admin, 'The price before the discount is not shown.'));
    expect(await statusOf(t.db, b)).toMatchObject({ status: 'rejected', rejectionReason: 'The price before the discount is not shown.' });
    const [chat] = await t.db.select().from(telegramChats).where(eq(telegramChats.chatId, ADMIN));
    expect(chat?.awaiting).toBeNull();
    const edited = String(lastCall('editMessageCaption', ADMIN).params.caption);
    expect(edited).toContain('Coffee pot');
    expect(edited).toMatch(/Rejected by Almaz Admin at .+: The price before the discount is not shown\./);
    // The standard reason reaches the seller in Telegram, in Amharic.
    await bot.work(t.db);
    expect(sentText(bot.lastTo(7001))).toContain('ፎቶው ግልጽ አይደለም ወይም ምርቱን አያሳይም።');
    // A seller without Telegram reads a standard reason in both languages.
    expect(rejectionReasonText('photo', null)).toContain('The photo is unclear');
    expect(rejectionReasonText('photo', null)).toContain('ፎቶው ግልጽ አይደለም');
  }, 60_000);

  it('a decision on the web updates the Telegram copy, and a later press there says it is already decided', async () => {
    const id = await submitted();
    const verify = button(bot.lastTo(ADMIN), 'Verify');
    const web = (await linkedAccountOf(t.db, ADMIN))!.user;
    expect(await reviewListing(t.db, web, id, { verdict: 'reject', reason: 'Not a real shop' })).toMatchObject({ ok: true });
    await bot.work(t.db);
    const edit = lastCall('editMessageCaption', ADMIN);
    expect(String(edit.params.caption)).toContain('❌ Rejected by Almaz Admin at');
    expect(String(edit.params.caption)).toContain('Not a real shop');
    expect(inlineButtons(edit)).toEqual([]);
    expect(await t.db.select().from(telegramReviewMessages)).toEqual([]);

    await bot.deliver(t.db, press(admin, verify));
    expect(answers()).toEqual(['Already decided.']);
    expect((await statusOf(t.db, id)).status).toBe('rejected');
    // The pressed message itself is brought up to date.
    expect(String(lastCall('editMessageText', ADMIN).params.text)).toContain('Rejected by Almaz Admin');
  }, 30_000);

  it('refuses a linked chat that is not an admin’s, a banned admin, and a press copied from another chat', async () => {
    await telegramAccount(t.db, 9002, { name: 'Dawit Deputy', email: DEPUTY });
    const stranger = await telegramAccount(t.db, 9003, { name: 'Not Admin', email: 'someone@test.invalid' });
    const id = await submitted();
    const { version } = (await listingForReview(t.db, id))!;

    // A button made for the non-admin's own chat (it is never sent one) decides nothing.
    const forged = await buttonData(t.db, stranger.chatId, LISTING_ACTIONS.verify, `${id}:${version}`);
    await bot.deliver(t.db, press(person(9003), forged));
    // The deputy is banned after being sent the listing: their press is refused.
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.email, DEPUTY));
    await bot.deliver(t.db, press(person(9002), button(bot.lastTo(9002), 'Verify')));
    // The admin's button pressed from someone else's chat finds nothing.
    await bot.deliver(t.db, press(person(9004), button(bot.lastTo(ADMIN), 'Verify')));

    expect(answers()).toEqual([
      "Only Sefer's admins can do this, from the Telegram account linked to their admin account.",
      'Your account is banned: the bot does nothing for it.',
      'This button is no longer valid. Send /alerts again.',
    ]);
    expect((await statusOf(t.db, id)).status).toBe('pending');
    expect(await t.db.select().from(moderationDecisions)).toEqual([]);
    // A banned admin is sent no more listings.
    await submitted({ productName: 'Second mitad' });
    expect(bot.sentTo(9002)).toHaveLength(1);
    expect(bot.sentTo(ADMIN)).toHaveLength(2);
  }, 30_000);

  it('a replayed update, and a second press of the same button, decide once', async () => {
    const id = await submitted();
    const update = press(admin, button(bot.lastTo(ADMIN), 'Verify'));
    await bot.deliver(t.db, update);
    await bot.deliver(t.db, update);
    expect(answers()).toEqual(['Verified: the deal is public now.']);
    await bot.deliver(t.db, { ...update, update_id: update.update_id + 10_000 });
    expect(answers()).toEqual(['Verified: the deal is public now.', 'Already decided.']);
    const decisions = await t.db
      .select()
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.itemKind, 'listing'), eq(moderationDecisions.itemId, String(id))));
    expect(decisions).toHaveLength(1);
  }, 30_000);
});
