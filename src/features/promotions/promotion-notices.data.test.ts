/**
 * The seller's promotion notices (kind 'promotion', decision 27): started when the payment is
 * fulfilled (once, and instead of a payment notice), extended when days follow days already paid,
 * ended by itself (the `promotion-endings` schedule, once, only for the listing's last days), and
 * ended early by an admin with the refund; a Telegram-only seller gets them in Telegram, not by email.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promotions } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { startCheckout, testCheckoutProvider } from '#features/payments/payments.server.ts';
import { fulfilCheckout } from '#features/payments/fulfilment.server.ts';
import '#platform/process/fulfillers.server.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
import { deliverRecorded, linkButtons, queuedNotices, telegramOnlyAccount } from '#features/payments/notices.test-kit.server.ts';
import { DAY, FIXED_NOW, SELLER_SESSION, createSeller, listingEndingIn } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { endPromotion, seedPromotionPlans } from './promotions.server.ts';
import { queueEndedPromotions } from './promotion-notices.server.ts';
import './jobs.server.ts';

const seller = SELLER_SESSION;
const admin: SessionUser = { ...seller, id: 'admin-1', email: 'admin@test.invalid', isAdmin: true };
const MINUTE = 60_000;
const NAME = 'Mitad <Deluxe> & Co';
const ESCAPED = 'Mitad &lt;Deluxe&gt; &amp; Co';

describe.each(drivers())('promotion notices on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, admin]) await createSeller(t.db, u.id, u.email);
      await seedPromotionPlans(t.db);
    },
  });

  async function promote(user: SessionUser, listingId: number, days: number, at = FIXED_NOW) {
    const started = await startCheckout(t.db, user, { promotion: { listingId, days } }, testCheckoutProvider, at);
    if (!started.ok) throw new Error(started.error);
    await fulfilCheckout(t.db, started.value.id, at);
    return started.value.id;
  }

  /** The schedule's run at `at`, then the jobs it queued (the `notice` jobs stay queued: no handler here). */
  async function endingsAt(at: Date) {
    await queueEndedPromotions(t.db, at);
    await runDueJobs(t.db, () => at);
  }

  it('a paid promotion is told once, as its payment too: until when, and a link to the promoted deal', async () => {
    const listing = await listingEndingIn(t.db, 20 * DAY, { productName: NAME });
    const checkout = await promote(seller, listing, 7);
    await Promise.all([fulfilCheckout(t.db, checkout, FIXED_NOW), fulfilCheckout(t.db, checkout, FIXED_NOW)]);
    const notices = await queuedNotices(t.db);
    expect(notices.map((n) => n.kind)).toEqual(['promotion']);
    const [notice] = notices;
    expect(notice!.userId).toBe(seller.id);
    expect(notice!.telegram.en.text).toMatch(
      new RegExp(
        `^<b>Your deal is promoted: ${ESCAPED}</b>\\nPayment of 300 Birr received\\. “${ESCAPED}” is shown in the promoted places ` +
          'of its category and of the home page until 17 Mar 2026\\.$',
      ),
    );
    expect(linkButtons(notice!.telegram.en)).toEqual([
      ['See the deal', expect.stringMatching(new RegExp(`^https?://[^/]+/listings/${listing}-mitad-deluxe-co$`))],
    ]);
    expect(notice!.telegram.am.text).toContain(`ቅናሽዎ እየተዋወቀ ነው፦ ${ESCAPED}`);
    expect(linkButtons(notice!.telegram.am)[0]![1]).toMatch(new RegExp(`/am/listings/${listing}-`));
    expect(notice!.email.subject).toBe(`ቅናሽዎ እየተዋወቀ ነው፦ ${NAME} / Your deal is promoted: ${NAME}`);
    expect(notice!.email.text).toMatch(new RegExp(`See the deal: https?://\\S+/listings/${listing}-mitad-deluxe-co$`, 'm'));
  });

  it('days bought while promoted are told as an extension, until the new end', async () => {
    const listing = await listingEndingIn(t.db, 20 * DAY);
    await promote(seller, listing, 3);
    await promote(seller, listing, 7, new Date(FIXED_NOW.getTime() + DAY));
    const [, extended, ...more] = await queuedNotices(t.db, 'promotion');
    expect(more).toEqual([]);
    expect(extended!.telegram.en.text).toBe(
      '<b>Promotion extended: Electric Injera Mitad</b>\nPayment of 300 Birr received for 7 more days. ' +
        '“Electric Injera Mitad” stays promoted until 20 Mar 2026.',
    );
  });

  it("a promotion that ran out is told once, when the listing's last paid day ends", async () => {
    const listing = await listingEndingIn(t.db, 20 * DAY, { productName: NAME });
    await promote(seller, listing, 3);
    await promote(seller, listing, 7); // follows the 3 days: ends after 10
    // The first two told the payments; the rest are ends.
    const ended = async () => (await queuedNotices(t.db, 'promotion')).slice(2);
    await endingsAt(new Date(FIXED_NOW.getTime() + 3 * DAY + MINUTE));
    expect(await ended()).toEqual([]); // still promoted: the next days run
    await endingsAt(new Date(FIXED_NOW.getTime() + 10 * DAY - MINUTE));
    expect(await ended()).toEqual([]);
    await endingsAt(new Date(FIXED_NOW.getTime() + 10 * DAY + MINUTE));
    await endingsAt(new Date(FIXED_NOW.getTime() + 10 * DAY + 2 * MINUTE)); // the next minute's run
    await endingsAt(new Date(FIXED_NOW.getTime() + 10 * DAY + 5 * MINUTE));
    const notices = await ended();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.userId).toBe(seller.id);
    expect(notices[0]!.telegram.en.text).toBe(
      `<b>Promotion ended: ${ESCAPED}</b>\nThe promotion of “${ESCAPED}” has ended: it is no longer in the promoted places. ` +
        'You can promote it again from My Posts.',
    );
    expect(linkButtons(notices[0]!.telegram.en)).toEqual([['Open My Posts', expect.stringMatching(/\/myposts$/)]]);
    expect(notices[0]!.telegram.am.text).toContain('ማስተዋወቂያው አብቅቷል');
  });

  it('an admin ending a promotion early is told once, with the refund; its days running out later are not told again', async () => {
    const listing = await listingEndingIn(t.db, 20 * DAY);
    await promote(seller, listing, 3);
    const [promotion] = await t.db.select().from(promotions).where(eq(promotions.listingId, listing));
    const at = new Date(FIXED_NOW.getTime() + DAY);
    expect(await endPromotion(t.db, admin, { id: promotion!.id, refund: 'unused' }, at)).toMatchObject({ ok: true });
    expect(await endPromotion(t.db, admin, { id: promotion!.id, refund: 'unused' }, at)).toMatchObject({ ok: false, status: 409 });
    await endingsAt(new Date(FIXED_NOW.getTime() + 3 * DAY + MINUTE));
    const [, stopped, ...more] = await queuedNotices(t.db, 'promotion');
    expect(more).toEqual([]);
    expect(stopped!.telegram.en.text).toBe(
      '<b>Promotion ended: Electric Injera Mitad</b>\nSefer ended the promotion of Electric Injera Mitad; 100 Birr for the unused days was refunded.',
    );
    expect(linkButtons(stopped!.telegram.en)).toEqual([['Open your wallet', expect.stringMatching(/\/wallet$/)]]);
  });

  it('a Telegram-only seller gets the start and the end in Telegram, in the chat language, and no email', async () => {
    const account = await telegramOnlyAccount(t.db, 700_003, 'am');
    const listing = await listingEndingIn(t.db, 20 * DAY, { ownerId: account.id });
    await promote(account, listing, 3);
    await endingsAt(new Date(FIXED_NOW.getTime() + 3 * DAY + MINUTE));
    const notices = await queuedNotices(t.db, 'promotion');
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.userId).toBe(account.id);
      const { delivery, sent } = await deliverRecorded(t.db, notice);
      expect(delivery).toEqual({ telegram: 'sent', email: 'skipped' });
      expect(sent).toEqual([{ chatId: 700_003, kind: 'promotion', message: notice.telegram.am }]);
    }
    expect(notices[1]!.telegram.am.text).toContain('ማስተዋወቂያው አብቅቷል');
  });
});
