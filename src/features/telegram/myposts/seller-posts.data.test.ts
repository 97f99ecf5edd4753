/**
 * /myposts against the fake Bot API, through the real webhook route and grammY client: each
 * status in words with the 7-day figures (counted by the statistics service) in English and
 * Amharic, paging, Renew (once), End now (after "Are you sure?"; the deal leaves the running lists
 * and the page cache is emptied), Promote (a plan, then Chapa's hosted page from the Chapa fake),
 * the Edit link, and the refusals: a button pressed from another chat, a deal that is not the
 * pressing account's, an unlinked chat and a banned account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { checkoutSessions, listings, users } from '#db/schema.ts';
import '#platform/process/fulfillers.server.ts';
import { countListingEvent } from '#features/listings/statistics/listing-stats.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { listPublicListings } from '#features/listings/public-listings.server.ts';
import { seedPromotionPlans } from '#features/promotions/promotions.server.ts';
import { pageCache } from '#platform/http/middleware/page-store.server.ts';
import { preparePage } from '#platform/cache/page-cache.server.ts';
import { DAY, FIXED_NOW, draft, listingEndingIn } from '#fixtures/listings.ts';
import { FakeChapa } from '#tests/fakes/chapa-server.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { buttonData } from '../buttons.server.ts';
import { inlineButtons, person, sentText, telegramAccount, useFakeBot, type SentCall } from '../bot.test-kit.server.ts';

const chapa = new FakeChapa({ secretKey: 'CHASECK_TEST-myposts', webhookSecret: 'myposts-webhook-secret' });
// Before the bot's environment is set (useFakeBot's hook runs after this one and restores it all).
beforeAll(async () => {
  await chapa.start();
  Object.assign(process.env, {
    CHAPA_SECRET_KEY: chapa.options.secretKey,
    CHAPA_WEBHOOK_SECRET: chapa.options.webhookSecret,
    CHAPA_API_BASE: chapa.url,
  });
});
afterAll(() => chapa.close());
const bot = useFakeBot();
const { text, press } = telegramUpdates(1, () => FIXED_NOW);
const HOUR = 3_600_000;

/** The last message to `chatId` about the deal `name`. */
const dealMessage = (chatId: number, name: string): SentCall => {
  const found = bot
    .sentTo(chatId)
    .filter((sent) => sentText(sent).includes(`<b>${name}</b>`))
    .at(-1);
  if (!found) throw new Error(`no message about ${name} to ${chatId}`);
  return found;
};
const button = (sent: SentCall, label: string) => inlineButtons(sent).find((b) => b.text === label);
const labels = (sent: SentCall) => inlineButtons(sent).map((b) => b.text);
const lastAnswer = () => String(bot.fake.calls('answerCallbackQuery').at(-1)?.params.text ?? '');

/** Counts `count` visits of a kind from as many visitors, as the listing pages and contact links do. */
async function visits(db: Database, listingId: number, event: 'view' | 'telegram', count: number) {
  for (let i = 0; i < count; i++) {
    const counted = await countListingEvent(db, {
      listingId,
      event,
      viewer: null,
      address: `10.0.${event === 'view' ? 1 : 2}.${i + 1}`,
      userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
      now: FIXED_NOW,
    });
    expect(counted).toBe(true);
  }
}

/** One deal of each status for `ownerId`, the live one viewed 3 times and tapped twice. */
async function dealsOfEveryStatus(db: Database, ownerId: string) {
  const pending = await insertListing(db, draft({ ownerId, productName: 'Pending Mitad' }), {
    status: 'pending',
    datePosted: new Date(FIXED_NOW.getTime() - HOUR),
  });
  const live = await listingEndingIn(db, 3 * DAY, { ownerId, productName: 'Live Teff' });
  const ended = await listingEndingIn(db, -2 * DAY, { ownerId, productName: 'Ended Coffee' });
  const hidden = await listingEndingIn(db, 5 * DAY, { ownerId, productName: 'Hidden Shoes' });
  await db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'reports' }).where(eq(listings.id, hidden));
  const rejected = await insertListing(db, draft({ ownerId, productName: 'Rejected Honey' }), {
    status: 'rejected',
    rejectionReason: 'The photo is <blurry>',
    datePosted: new Date(FIXED_NOW.getTime() - 4 * DAY),
  });
  await visits(db, live, 'view', 3);
  await visits(db, live, 'telegram', 2);
  return { pending, live, ended, hidden, rejected };
}

const WORDS = {
  en: {
    live: '✅ Live · 3 days left to end',
    pending: '⏳ Waiting for verification',
    ended: '⌛ Ended',
    hidden: '🚫 Hidden after reports',
    rejected: '❌ Rejected: The photo is &lt;blurry&gt;',
    figures: (views: number, taps: number) => `📊 Last 7 days: views ${views} · Telegram taps ${taps}`,
    renew: '🔁 Renew',
    end: '⏹ End now',
    promote: '⭐ Promote',
    edit: '✏️ Edit on the web',
    prefix: '',
  },
  am: {
    live: '✅ በሥራ ላይ · ለማብቃት 3 ቀን ቀረው',
    pending: '⏳ ማረጋገጫ በመጠባበቅ ላይ',
    ended: '⌛ አብቅቷል',
    hidden: '🚫 ከሪፖርቶች በኋላ ተደብቋል',
    rejected: '❌ ውድቅ ተደርጓል፦ The photo is &lt;blurry&gt;',
    figures: (views: number, taps: number) => `📊 ባለፉት 7 ቀናት፦ ዕይታዎች ${views} · የቴሌግራም ንክኪዎች ${taps}`,
    renew: '🔁 አድስ',
    end: '⏹ አሁን አብቃ',
    promote: '⭐ አስተዋውቅ',
    edit: '✏️ በድረ-ገጹ ላይ አስተካክል',
    prefix: '/am',
  },
} as const;

/** A cached page of the deal and one of another category, as the page cache keeps them (decision 30). */
async function keepPages(id: number): Promise<void> {
  const pages = pageCache();
  const page = async (tag: string) => preparePage(200, [['content-type', 'text/html']], `<p>${tag}</p>`, null, { tags: new Set([tag]) });
  pages.set(`/listings/${id}`, await page(`listing:${id}`), pages.generation);
  pages.set('/unrelated-category', await page('category:unrelated'), pages.generation);
}

function expectOnlyTheDealsPagesDropped(): void {
  const kept = [...pageCache().keys()];
  expect(kept).toContain('/unrelated-category');
  expect(kept.some((key) => key.startsWith('/listings/'))).toBe(false);
}

describe.each(drivers())('/myposts on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => seedPromotionPlans(t.db) });
  /** Chat ids of their own per driver: the fake remembers every chat's messages. */
  const chatId = (n: number) => (driver === 'pglite' ? 71_000 : 72_000) + n;

  /** A linked seller with one live deal ending in `endsIn`, and its /myposts message. */
  async function sellerWithLiveDeal(n: number, endsIn = 3 * DAY) {
    const seller = await telegramAccount(t.db, chatId(n));
    const id = await listingEndingIn(t.db, endsIn, { ownerId: seller.userId, productName: 'Live Teff' });
    const from = person(chatId(n));
    await bot.deliver(t.db, text(from, '/myposts'));
    return { seller, id, from, message: dealMessage(chatId(n), 'Live Teff') };
  }
  const endsAtOf = async (id: number) =>
    (await t.db.select({ endsAt: listings.endsAt }).from(listings).where(eq(listings.id, id)))[0]!.endsAt;

  it.each(['en', 'am'] as const)('lists each deal newest first with its status in words, its figures and buttons (%s)', async (locale) => {
    const words = WORDS[locale];
    const n = locale === 'en' ? 1 : 2;
    const seller = await telegramAccount(t.db, chatId(n), { locale });
    const ids = await dealsOfEveryStatus(t.db, seller.userId);
    await bot.deliver(t.db, text(person(chatId(n), locale), '/myposts'));

    const sent = bot.sentTo(chatId(n));
    expect(sent).toHaveLength(5);
    expect(sentText(sent[0]!)).toContain('<b>Pending Mitad</b>');
    expect(sentText(sent[4]!)).toContain('<b>Rejected Honey</b>');
    const expected = [
      ['Live Teff', words.live, words.figures(3, 2), [words.end, words.promote, words.edit]],
      ['Pending Mitad', words.pending, words.figures(0, 0), [words.edit]],
      ['Ended Coffee', words.ended, words.figures(0, 0), [words.renew, words.edit]],
      ['Hidden Shoes', words.hidden, words.figures(0, 0), [words.edit]],
      ['Rejected Honey', words.rejected, words.figures(0, 0), [words.edit]],
    ] as const;
    for (const [name, status, figures, buttons] of expected) {
      const message = dealMessage(chatId(n), name);
      expect(message.params.parse_mode).toBe('HTML');
      expect(sentText(message)).toContain(status);
      expect(sentText(message)).toContain(figures);
      expect(labels(message)).toEqual(buttons);
    }
    expect(button(dealMessage(chatId(n), 'Hidden Shoes'), words.edit)?.url).toBe(
      `https://sefer.test${words.prefix}/myposts?edit=${ids.hidden}#post-${ids.hidden}`,
    );
    // Action buttons are opaque: no listing id in the callback data.
    for (const action of inlineButtons(dealMessage(chatId(n), 'Live Teff')).filter((b) => b.callback_data)) {
      expect(action.callback_data).toMatch(/^b:[\w-]{22}$/);
    }
  });

  it('pages five deals a message with "More", from the menu button too', async () => {
    const seller = await telegramAccount(t.db, chatId(3));
    for (let i = 1; i <= 6; i++) {
      await insertListing(t.db, draft({ ownerId: seller.userId, productName: `Deal ${i}` }), {
        status: 'pending',
        datePosted: new Date(FIXED_NOW.getTime() - i * HOUR),
      });
    }
    const from = person(chatId(3));
    await bot.deliver(t.db, press(from, 'menu:myposts'));
    const first = bot.sentTo(chatId(3));
    expect(first.map(sentText).slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((i) => expect.stringContaining(`<b>Deal ${i}</b>`)));
    const more = first.at(-1)!;
    expect(sentText(more)).toBe('Shown: 1–5. Tap below for more of your deals.');
    await bot.deliver(t.db, press(from, button(more, 'More deals')!.callback_data!));
    const next = bot.sentTo(chatId(3)).slice(first.length);
    expect(next.map(sentText)).toEqual([expect.stringContaining('<b>Deal 6</b>')]);
  });

  it('Renew renews a deal that ends within a day once, with its new end date; a second press is refused', async () => {
    const { id, from, message } = await sellerWithLiveDeal(4, 12 * HOUR);
    const renew = button(message, '🔁 Renew')!;
    await keepPages(id);
    await bot.deliver(t.db, press(from, renew.callback_data!));
    const endsAt = await endsAtOf(id);
    // Its own two days more (listingEndingIn made it a two-day run).
    expect(endsAt).toEqual(new Date(FIXED_NOW.getTime() + 12 * HOUR + 2 * DAY));
    expect(sentText(bot.lastTo(chatId(4)))).toBe('Renewed: “Live Teff” now runs until 13 Mar 2026.');
    expectOnlyTheDealsPagesDropped();

    await bot.deliver(t.db, press(from, renew.callback_data!));
    expect(sentText(bot.lastTo(chatId(4)))).toBe('This deal cannot run again now: it is waiting for review, hidden, or has no end date.');
    expect(await endsAtOf(id)).toEqual(endsAt);
  });

  it("End now asks first, then ends the deal once: it leaves the running lists and the deal's cached pages are dropped", async () => {
    const { id, from, message } = await sellerWithLiveDeal(5);
    const endingSoon = async () =>
      (await listPublicListings(t.db, { list: 'ending-soon', now: FIXED_NOW }, { page: 1, pageSize: 24 })).items.map((l) => l.id);
    expect(await endingSoon()).toEqual([id]);

    await bot.deliver(t.db, press(from, button(message, '⏹ End now')!.callback_data!));
    const question = bot.lastTo(chatId(5));
    expect(sentText(question)).toMatch(/^Are you sure\? “Live Teff” will end now/);
    expect(await endingSoon()).toEqual([id]);
    await bot.deliver(t.db, press(from, button(question, 'No, keep it')!.callback_data!));
    expect(lastAnswer()).toBe('Nothing changed: the deal runs on.');
    expect(await endingSoon()).toEqual([id]);

    await keepPages(id);
    const yes = button(question, 'Yes, end it now')!.callback_data!;
    await bot.deliver(t.db, press(from, yes));
    expect(sentText(bot.lastTo(chatId(5)))).toBe(
      'Ended: “Live Teff” is no longer among the running deals. You can renew it from /myposts.',
    );
    expect((await endsAtOf(id))!.getTime()).toBeLessThanOrEqual(FIXED_NOW.getTime());
    expect(await endingSoon()).toEqual([]);
    expectOnlyTheDealsPagesDropped();

    const sent = bot.sentTo(chatId(5)).length;
    await bot.deliver(t.db, press(from, yes));
    expect(lastAnswer()).toBe('This button was already used.');
    expect(bot.sentTo(chatId(5))).toHaveLength(sent);
    // Now ended: the list offers Renew, no longer End now or Promote.
    await bot.deliver(t.db, text(from, '/myposts'));
    expect(labels(dealMessage(chatId(5), 'Live Teff'))).toEqual(['🔁 Renew', '✏️ Edit on the web']);
  });

  it("Promote offers the plans, then Chapa's hosted checkout for this deal", async () => {
    const { seller, id, from, message } = await sellerWithLiveDeal(6);
    await bot.deliver(t.db, press(from, button(message, '⭐ Promote')!.callback_data!));
    const plans = bot.lastTo(chatId(6));
    expect(sentText(plans)).toMatch(/^Promote “Live Teff”/);
    expect(labels(plans)).toEqual([
      expect.stringMatching(/^3 days · /),
      expect.stringMatching(/^7 days · /),
      expect.stringMatching(/^14 days · /),
    ]);

    await bot.deliver(t.db, press(from, button(plans, labels(plans)[1]!)!.callback_data!));
    const pay = bot.lastTo(chatId(6));
    expect(sentText(pay)).toMatch(/^Pay .*300.* for 7 days of promotion of “Live Teff”/);
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, seller.userId));
    expect(session).toMatchObject({ provider: 'chapa', amountBirr: 300, lines: [{ kind: 'promotion', listingId: id, days: 7 }] });
    const transaction = chapa.transaction(session!.id);
    expect(inlineButtons(pay)).toEqual([
      { text: 'Pay with telebirr, CBE Birr or card', url: `${chapa.url}/checkout/payment/${transaction.token}` },
    ]);
  });

  it("a button pressed from another chat, or for a deal that is not the account's, does nothing", async () => {
    const { id, message } = await sellerWithLiveDeal(7, 12 * HOUR);
    const renew = button(message, '🔁 Renew')!.callback_data!;
    const before = await endsAtOf(id);
    // Another person (linked to an account of their own) copies the seller's button.
    await telegramAccount(t.db, chatId(8));
    const other = person(chatId(8), 'en', 'Kebede');
    await bot.deliver(t.db, press(other, renew));
    expect(lastAnswer()).toBe('This button is no longer valid. Send /alerts again.');
    expect(bot.sentTo(chatId(8))).toEqual([]);
    expect(await endsAtOf(id)).toEqual(before);

    // A button of the other chat naming the seller's deal is refused by the listings policy.
    const forged = await buttonData(t.db, chatId(8), 'mine-promote', id);
    await bot.deliver(t.db, press(other, forged));
    expect(lastAnswer()).toBe('You can only manage your own deals.');
    expect(bot.sentTo(chatId(8))).toEqual([]);
  });

  it.each(['en', 'am'] as const)('an unlinked chat gets a link to sign in and link, in its language (%s)', async (locale) => {
    const n = locale === 'en' ? 9 : 10;
    await bot.deliver(t.db, text(person(chatId(n), locale), '/myposts'));
    const answer = bot.lastTo(chatId(n));
    expect(sentText(answer)).toContain(locale === 'en' ? 'not linked to a Sefer account' : 'ከሰፈር መለያ ጋር ገና አልተገናኘም');
    expect(inlineButtons(answer)).toEqual([
      { text: locale === 'en' ? 'Sign in and link' : 'ይግቡና ያገናኙ', url: `https://sefer.test${locale === 'en' ? '' : '/am'}/profile` },
    ]);
  });

  it("a banned account's /myposts and button presses are refused", async () => {
    const { seller, id, from, message } = await sellerWithLiveDeal(11);
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.id, seller.userId));
    const sent = bot.sentTo(chatId(11)).length;
    await bot.deliver(t.db, press(from, button(message, '⏹ End now')!.callback_data!));
    expect(lastAnswer()).toBe('Your Sefer account is banned: the bot cannot manage its deals.');
    expect(bot.sentTo(chatId(11))).toHaveLength(sent);
    expect((await endsAtOf(id))!.getTime()).toBeGreaterThan(FIXED_NOW.getTime());

    await bot.deliver(t.db, text(from, '/myposts'));
    expect(sentText(bot.lastTo(chatId(11)))).toBe('Your Sefer account is banned: the bot cannot manage its deals.');
    expect(bot.sentTo(chatId(11))).toHaveLength(sent + 1);
  });
});
