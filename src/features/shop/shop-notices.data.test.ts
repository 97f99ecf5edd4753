/**
 * The shop's notices to a buyer (decision 27): an order delivered (kind 'order') and a refund
 * decided (kind 'refund'), each told once however often the admin decides, with the words and the
 * page to see it in both languages; and a Telegram-only buyer gets them in Telegram, not by email.
 */
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { fulfilCheckout } from '#features/payments/fulfilment.server.ts';
import '#platform/process/fulfillers.server.ts';
import { deliverRecorded, linkButtons, queuedNotices, telegramOnlyAccount } from '#features/payments/notices.test-kit.server.ts';
import type { Notice } from '#features/accounts/notices/notices.ts';
import { markDelivered } from './orders.server.ts';
import { decideOrder, decideRefund, requestRefund } from './refunds.server.ts';
import { drivers } from '#tests/db/test-database.ts';
import { admin, buyer, useShopData } from '#fixtures/shop.ts';

const titled = (notices: Notice[], title: RegExp) => notices.filter((n) => title.test(n.telegram.en.text));

describe.each(drivers())('shop notices on %s', (driver) => {
  const { t, ids, checkout } = useShopData(driver);

  async function paidOrder(user: SessionUser, items: unknown[]): Promise<number> {
    const { id } = await checkout(user, items);
    const done = await fulfilCheckout(t.db, id);
    if (!done.ok || done.value.orderId === null) throw new Error('no order');
    return done.value.orderId;
  }

  it('an order marked delivered is told once: the order, its products, a link to the completed orders', async () => {
    const orderId = await paidOrder(buyer, [{ id: ids.laptop, quantity: 1 }]);
    await markDelivered(t.db, admin, orderId);
    await Promise.all([markDelivered(t.db, admin, orderId), decideOrder(t.db, admin, { action: 'deliver', id: orderId })]);
    const delivered = titled(await queuedNotices(t.db, 'order'), /delivered/);
    expect(delivered).toHaveLength(1);
    const [notice] = delivered;
    expect(notice!.userId).toBe(buyer.id);
    expect(notice!.telegram.en.text).toBe(
      `<b>Order #${orderId} delivered</b>\nYour order #${orderId} (Laptop Pro 16&quot;) was delivered. ` +
        'If something is wrong, you can ask for a refund from your completed orders.',
    );
    expect(linkButtons(notice!.telegram.en)).toEqual([
      ['See completed orders', expect.stringMatching(/^https?:\/\/[^/]+\/completed-orders$/)],
    ]);
    expect(notice!.telegram.am.text).toContain(`<b>ትዕዛዝ #${orderId} ደርሷል</b>`);
    expect(linkButtons(notice!.telegram.am)[0]![1]).toMatch(/\/am\/completed-orders$/);
    expect(notice!.email.subject).toBe(`ትዕዛዝ #${orderId} ደርሷል / Order #${orderId} delivered`);
    expect(notice!.email.text).toMatch(/See completed orders: https?:\/\/\S+\/completed-orders$/m);
  });

  it('an approved refund is told once, with the amount and the wallet it went to', async () => {
    const orderId = await paidOrder(buyer, [
      { id: ids.phone, quantity: 1 },
      { id: ids.speaker, quantity: 1 },
    ]);
    const requested = await requestRefund(t.db, buyer, orderId);
    if (!requested.ok) throw new Error(requested.error);
    await decideRefund(t.db, admin, requested.value.id, 'approve');
    // A second click, and another admin declining at the same moment: nothing more is decided.
    await Promise.all([
      decideRefund(t.db, admin, requested.value.id, 'approve'),
      decideOrder(t.db, admin, { action: 'decline', id: requested.value.id }),
    ]);
    const [notice, ...more] = await queuedNotices(t.db, 'refund');
    expect(more).toEqual([]);
    expect(notice!.userId).toBe(buyer.id);
    expect(notice!.telegram.en.text).toBe(
      `<b>Refund approved: order #${orderId}</b>\nRefund of 23,700 Birr for order #${orderId} approved and added to your wallet.`,
    );
    expect(linkButtons(notice!.telegram.en)).toEqual([['Open your wallet', expect.stringMatching(/\/wallet$/)]]);
    expect(notice!.telegram.am.text).toContain('ተመላሽ ገንዘብ ጸድቋል');
    expect(notice!.email.text).toMatch(/Open your wallet: https?:\/\/\S+\/wallet$/m);
  });

  it('a declined refund is told once, with a link to the refunds', async () => {
    const orderId = await paidOrder(buyer, [{ id: ids.speaker, quantity: 1 }]);
    const requested = await requestRefund(t.db, buyer, orderId);
    if (!requested.ok) throw new Error(requested.error);
    await decideOrder(t.db, admin, { action: 'decline', id: requested.value.id });
    await decideOrder(t.db, admin, { action: 'decline', id: requested.value.id });
    const [notice, ...more] = await queuedNotices(t.db, 'refund');
    expect(more).toEqual([]);
    expect(notice!.telegram.en.text).toBe(
      `<b>Refund declined: order #${orderId}</b>\nRefund request for order #${orderId} (5,200 Birr) was declined.`,
    );
    expect(linkButtons(notice!.telegram.en)).toEqual([['See your refunds', expect.stringMatching(/\/refunds$/)]]);
  });

  it('a Telegram-only buyer gets the delivery and the refund in Telegram, in the chat language, and no email', async () => {
    const account = await telegramOnlyAccount(t.db, 700_002, 'am');
    const orderId = await paidOrder(account, [{ id: ids.phone, quantity: 1 }]);
    await markDelivered(t.db, admin, orderId);
    const requested = await requestRefund(t.db, account, orderId);
    if (!requested.ok) throw new Error(requested.error);
    await decideRefund(t.db, admin, requested.value.id, 'approve');
    const [delivered] = titled(await queuedNotices(t.db, 'order'), /delivered/);
    const [refund] = await queuedNotices(t.db, 'refund');
    for (const notice of [delivered!, refund!]) {
      expect(notice.userId).toBe(account.id);
      const { delivery, sent } = await deliverRecorded(t.db, notice);
      expect(delivery).toEqual({ telegram: 'sent', email: 'skipped' });
      expect(sent).toEqual([{ chatId: 700_002, kind: notice.kind, message: notice.telegram.am }]);
    }
    expect(delivered!.telegram.am.text).toContain(`ትዕዛዝ #${orderId} ደርሷል`);
  });
});
