/**
 * The buyer's payment notices (kind 'order', decision 27): a paid checkout is told once however
 * often it is fulfilled, with the payment update's words and a link to the orders (or the plans),
 * in both languages; a payment Chapa refused is told once; and a Telegram-only buyer gets them in
 * Telegram, in the chat's language, and no email.
 */
import { describe, expect, it } from 'vitest';
import { getCheckoutSession, recordFailedPayment } from './checkout-sessions.server.ts';
import { fulfilCheckout } from './fulfilment.server.ts';
import '#platform/process/fulfillers.server.ts';
import { deliverRecorded, linkButtons, queuedNotices, telegramOnlyAccount } from './notices.test-kit.server.ts';
import { drivers } from '#tests/db/test-database.ts';
import { buyer, useShopData } from '#fixtures/shop.ts';

describe.each(drivers())('payment notices on %s', (driver) => {
  const shop = useShopData(driver);
  const { t, ids, checkout } = shop;

  it('a paid checkout is told once, however often it is fulfilled: the order, the amount, a link to the orders', async () => {
    const { id } = await checkout(buyer, [
      { id: ids.phone, quantity: 1 },
      { id: ids.laptop, quantity: 1 },
    ]);
    const first = await fulfilCheckout(t.db, id);
    const orderId = first.ok ? first.value.orderId : null;
    expect(orderId).toEqual(expect.any(Number));
    // A redelivered webhook and a reloaded success page at once.
    await Promise.all([fulfilCheckout(t.db, id), fulfilCheckout(t.db, id)]);
    const notices = await queuedNotices(t.db);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({ userId: buyer.id, kind: 'order' });
    expect(notice!.telegram.en.text).toBe(
      `<b>Order #${orderId} confirmed</b>\nPayment of 133,500 Birr received for order #${orderId} (Smartphone A15, Laptop Pro 16&quot;).`,
    );
    expect(linkButtons(notice!.telegram.en)).toEqual([['See your orders', expect.stringMatching(/^https?:\/\/[^/]+\/pending-orders$/)]]);
    expect(notice!.telegram.am.text).toContain(`<b>ትዕዛዝ #${orderId} ተረጋግጧል</b>`);
    expect(linkButtons(notice!.telegram.am)).toEqual([['ትዕዛዞችዎን ይመልከቱ', expect.stringMatching(/\/am\/pending-orders$/)]]);
    // The email in both languages, Amharic first, each with its link; the name as text, not markup.
    expect(notice!.email.subject).toBe(`ትዕዛዝ #${orderId} ተረጋግጧል / Order #${orderId} confirmed`);
    expect(notice!.email.text).toMatch(/See your orders: https?:\/\/\S+\/pending-orders$/m);
    expect(notice!.email.text).toMatch(/: https?:\/\/\S+\/am\/pending-orders$/m);
    expect(notice!.email.text).toContain('Laptop Pro 16")');
  });

  it('a checkout of plans only says "Payment received" and links to the plans', async () => {
    const { id } = await checkout(buyer, [{ id: shop.planId, quantity: 1 }]);
    await fulfilCheckout(t.db, id);
    const [notice, ...more] = await queuedNotices(t.db, 'order');
    expect(more).toEqual([]);
    expect(notice!.telegram.en.text).toMatch(/^<b>Payment received<\/b>\nPayment of .+ Birr received for /);
    expect(linkButtons(notice!.telegram.en)).toEqual([['See your plans', expect.stringMatching(/\/subscriptions$/)]]);
  });

  it('a payment Chapa refused is told once, with why', async () => {
    const { id } = await checkout(buyer, [{ id: ids.speaker, quantity: 1 }]);
    const session = (await getCheckoutSession(t.db, id))!;
    await recordFailedPayment(t.db, session, 'cancelled');
    await recordFailedPayment(t.db, session, 'cancelled'); // Chapa's webhook again
    const [notice, ...more] = await queuedNotices(t.db);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ userId: buyer.id, kind: 'order' });
    expect(notice!.telegram.en.text).toMatch(/^<b>Payment not completed<\/b>\nPayment of 5,200 Birr declined: .+/);
    expect(notice!.telegram.am.text).toContain('ክፍያው አልተጠናቀቀም');
    expect(linkButtons(notice!.telegram.en)).toEqual([['See payment updates', expect.stringMatching(/\/payment-updates$/)]]);
  });

  it('a Telegram-only buyer gets the payment notice in Telegram, in the chat language, and no email', async () => {
    const account = await telegramOnlyAccount(t.db, 700_001, 'am');
    const { id } = await checkout(account, [{ id: ids.phone, quantity: 1 }]);
    await fulfilCheckout(t.db, id);
    const [notice] = await queuedNotices(t.db, 'order');
    expect(notice?.userId).toBe(account.id);
    const { delivery, sent } = await deliverRecorded(t.db, notice!);
    expect(delivery).toEqual({ telegram: 'sent', email: 'skipped' });
    expect(sent).toEqual([{ chatId: 700_001, kind: 'order', message: notice!.telegram.am }]);
    expect(sent[0]!.message.text).toContain('18,500');
  });
});
