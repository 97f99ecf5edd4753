/**
 * Account notices in Telegram (decision 27), through the `notice` job, the bot's throttled client
 * and the fake Bot API: a Telegram-only seller (no email) hears that a deal is verified, rejected
 * with the reason, hidden after reports, and about to end, in the chat's language; the renewal
 * reminder's Renew button renews once and spends the emailed link; a press from another chat does
 * nothing.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { listings, users } from '#db/schema.ts';
import '#features/accounts/notices/jobs.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { renewalLink, renewWithToken, sendRenewalReminders } from '#features/listings/renewals/renewals.server.ts';
import { fileReport } from '#features/trust/reports.server.ts';
import { reportSchema } from '#features/trust/reports.ts';
import { createSeller, DAY, draft, FIXED_NOW, listingEndingIn } from '#fixtures/listings.ts';
import { telegramUpdates } from '#tests/fakes/telegram-updates.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person as sessionOf } from '#tests/db/people.ts';
import { inlineButtons, person, sentText, telegramAccount, useFakeBot, SITE } from './bot.test-kit.server.ts';

const bot = useFakeBot();
const { press } = telegramUpdates(80_000, () => FIXED_NOW);
const admin = sessionOf('admin-1', true);

/** The outbox's emails (quoted-printable decoded), oldest first. */
async function outbox(): Promise<string[]> {
  const dir = path.join(bot.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const decode = (text: string) =>
    Buffer.from(
      text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return Promise.all(files.map(async (file) => decode(await readFile(path.join(dir, file), 'utf8'))));
}

/** A deal of `ownerId` waiting for review. */
const pendingDeal = (db: Database, ownerId: string, productName = 'Electric Injera Mitad') =>
  insertListing(db, draft({ ownerId, productName }), { status: 'pending' });

describe.each(drivers())('account notices in Telegram on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db, admin.id, admin.email) });
  beforeEach(async () => {
    bot.fake.clear();
    await rm(path.join(bot.dataDir, 'outbox'), { recursive: true, force: true });
  });

  it('a Telegram-only seller hears in Telegram that a deal is verified, and that one is rejected with the reason and My Posts', async () => {
    const seller = await telegramAccount(t.db, 7001);
    const verified = await pendingDeal(t.db, seller.userId);
    const rejected = await pendingDeal(t.db, seller.userId, 'Tea & <b>honey</b>');
    await reviewListing(t.db, admin, verified, { verdict: 'verify' });
    await reviewListing(t.db, admin, rejected, { verdict: 'reject', reason: 'Blurry <photo> & no price' });
    // Nothing is sent during the admin's request: the `notice` job sends it.
    expect(bot.sentTo(7001)).toEqual([]);
    await bot.work(t.db);

    const [first, second, ...rest] = bot.sentTo(7001);
    expect(rest).toEqual([]);
    expect(first!.params.parse_mode).toBe('HTML');
    expect(sentText(first!)).toBe('✅ Good news: your deal <b>Electric Injera Mitad</b> is verified and now public on Sefer.');
    const [view, stop] = inlineButtons(first!);
    expect(view).toEqual({ text: 'View the deal', url: `${SITE}/listings/${verified}-electric-injera-mitad` });
    // Every notice ends with a way to stop its kind, as an opaque button.
    expect(stop).toEqual({ text: '🔕 Stop these notices', callback_data: expect.stringMatching(/^b:[\w-]{22}$/) });

    // The seller's and the admin's words are escaped for Telegram's HTML.
    expect(sentText(second!)).toBe(
      '❌ Your deal <b>Tea &amp; &lt;b&gt;honey&lt;/b&gt;</b> was not approved.\n\n' +
        'Reason: Blurry &lt;photo&gt; &amp; no price\n\nEdit it in My Posts and it will be checked again.',
    );
    expect(inlineButtons(second!)[0]).toEqual({ text: 'Open My Posts', url: `${SITE}/myposts` });
    // No email: the account has only a placeholder address.
    expect(await outbox()).toEqual([]);
  });

  it('in Amharic: a deal hidden after reports, with the reasons in Amharic and My Posts in Amharic', async () => {
    const seller = await telegramAccount(t.db, 7002, { locale: 'am' });
    const id = await insertListing(t.db, draft({ ownerId: seller.userId, productName: 'Shiro' }), {
      status: 'verified',
      datePosted: new Date(FIXED_NOW.getTime() - DAY),
    });
    // Three reporters a month old with a confirmed email: their reports hide the deal.
    for (const who of ['r1', 'r2', 'r3']) {
      await createSeller(t.db, who);
      await t.db
        .update(users)
        .set({ createdAt: new Date(FIXED_NOW.getTime() - 30 * DAY) })
        .where(eq(users.id, who));
      const report = reportSchema.parse({ kind: 'listing', id, reason: who === 'r1' ? 'prepayment' : 'scam' });
      expect(await fileReport(t.db, sessionOf(who), report, { address: `address of ${who}`, now: FIXED_NOW })).toMatchObject({ ok: true });
    }
    expect((await t.db.select().from(listings).where(eq(listings.id, id)))[0]?.hiddenReason).toBe('reports');
    await bot.work(t.db);

    const [hidden, ...rest] = bot.sentTo(7002);
    expect(rest).toEqual([]);
    expect(sentText(hidden!)).toContain('ቅናሽዎ <b>Shiro</b> ከሰፈር የሕዝብ ገጾች ተደብቋል');
    expect(sentText(hidden!)).toContain('የተሰጡ ምክንያቶች፦ ማጭበርበር ወይም ሐሰተኛ, አስቀድሞ ክፍያ ጠየቀ');
    expect(inlineButtons(hidden!)).toEqual([
      { text: 'የእኔ ማስታወቂያዎች', url: `${SITE}/am/myposts` },
      { text: '🔕 እነዚህን ማሳወቂያዎች አቁም', callback_data: expect.stringMatching(/^b:/) },
    ]);
  });

  it("the renewal reminder's Renew button renews once; a second press and the emailed link are then used; another chat's press does nothing", async () => {
    const seller = await telegramAccount(t.db, 7003, { email: 'hana@example.com' });
    const id = await listingEndingIn(t.db, 12 * 3_600_000, { ownerId: seller.userId, productName: 'Teff flour' });
    const before = (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
    expect(await sendRenewalReminders(t.db, FIXED_NOW)).toBe(1);
    await bot.work(t.db);

    // By default an account with both hears in both: the email keeps its one-click link.
    const [mail] = await outbox();
    const token = /\/renew\/([\w-]{43})/.exec(mail!)?.[1];
    expect(token).toBeDefined();
    const reminder = bot.lastTo(7003);
    expect(sentText(reminder)).toContain('⏳ Your deal <b>Teff flour</b> ends within 24 hours.');
    const [renew, myPosts, stop] = inlineButtons(reminder);
    expect(renew).toEqual({ text: '🔁 Renew for 2 days', callback_data: expect.stringMatching(/^b:[\w-]{22}$/) });
    expect(myPosts).toEqual({ text: 'Open My Posts', url: `${SITE}/myposts` });
    expect(stop?.text).toBe('🔕 Stop these notices');
    // The link's secret is not in the button.
    expect(renew!.callback_data).not.toContain(token!.slice(0, 22));

    // Someone else who got hold of the button's data: refused, nothing renewed.
    await bot.deliver(t.db, press(person(7999), renew!.callback_data!));
    expect(bot.fake.calls('answerCallbackQuery').at(-1)?.params.text).toBe('This button is no longer valid. Send /alerts again.');
    expect(bot.sentTo(7999)).toEqual([]);
    expect((await t.db.select().from(listings).where(eq(listings.id, id)))[0]!.endsAt).toEqual(before.endsAt);

    await bot.deliver(t.db, press(person(7003), renew!.callback_data!));
    const after = (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
    expect(after.endsAt).toEqual(new Date(before.endsAt!.getTime() + 2 * DAY));
    expect(sentText(bot.lastTo(7003))).toMatch(/^"Teff flour" runs again until \d+ \w+ 2026\.$/);

    await bot.deliver(t.db, press(person(7003), renew!.callback_data!));
    expect(sentText(bot.lastTo(7003))).toBe('This link was already used');
    expect((await t.db.select().from(listings).where(eq(listings.id, id)))[0]!.endsAt).toEqual(after.endsAt);
    expect(await renewalLink(t.db, token!, FIXED_NOW)).toEqual({ ok: false, reason: 'used' });
    expect(await renewWithToken(t.db, token!, FIXED_NOW)).toEqual({ ok: false, reason: 'used' });
  });

  it('a Telegram-only seller gets the renewal reminder in Amharic', async () => {
    const seller = await telegramAccount(t.db, 7004, { locale: 'am' });
    await listingEndingIn(t.db, 12 * 3_600_000, { ownerId: seller.userId, productName: 'Teff' });
    await sendRenewalReminders(t.db, FIXED_NOW);
    await bot.work(t.db);
    const reminder = bot.lastTo(7004);
    expect(sentText(reminder)).toContain('ቅናሽዎ <b>Teff</b> በ24 ሰዓት ውስጥ ያበቃል');
    expect(inlineButtons(reminder).map((b) => b.text)).toEqual(['🔁 ለ2 ቀን ያድሱ', 'የእኔ ማስታወቂያዎች', '🔕 እነዚህን ማሳወቂያዎች አቁም']);
    await bot.deliver(t.db, press(person(7004, 'am'), inlineButtons(reminder)[0]!.callback_data!));
    expect(sentText(bot.lastTo(7004))).toMatch(/^«Teff» እስከ .+ ድረስ እንደገና ይሠራል።$/);
    expect(await outbox()).toEqual([]);
  });
});
