import { describe, expect, it } from 'vitest';
import { checkoutSessions, orders, paymentUpdates, subscriptions, walletEntries } from '#db/schema.ts';
import { adminListOrders, listOrders, markDelivered } from './orders.server.ts';
import { listPaymentUpdates } from '#features/payments/payment-updates.server.ts';
import { adminOpenRefunds, decideOrder, decideRefund, listRefunds, requestRefund } from './refunds.server.ts';
import { cancelSubscription, listSubscriptions } from './subscriptions.server.ts';
import { walletOf } from '#features/payments/wallet.server.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { startCheckout, testCheckoutProvider } from '#features/payments/payments.server.ts';
import { listShopItems } from './shop.server.ts';
import { CHECKOUT_TTL_MS, expireIfStale, getCheckoutSession, recordDeclinedPayment } from '#features/payments/checkout-sessions.server.ts';
import { fulfilCheckout } from '#features/payments/fulfilment.server.ts';
import '#platform/process/fulfillers.server.ts';
import { payWithTestCard } from '#features/payments/providers/test-checkout.server.ts';
import { drivers } from '#tests/db/test-database.ts';
import { admin, buyer, firstPage, other, PRODUCTS, useShopData } from '#fixtures/shop.ts';

describe.each(drivers())('shop, checkout and account data on %s', (driver) => {
  const shop = useShopData(driver);
  const { t, ids, checkout } = shop;

  it('lists products by position and searches names case-insensitively, wildcards as text', async () => {
    expect((await listShopItems(t.db, { kind: 'product' })).map((p) => p.name)).toEqual(PRODUCTS.map((p) => p.name));
    expect((await listShopItems(t.db, { kind: 'product', q: 'SMART' })).map((p) => p.name)).toEqual(['Smartphone A15']);
    expect(await listShopItems(t.db, { kind: 'product', q: '%' })).toEqual([]);
    expect((await listShopItems(t.db, { kind: 'plan' })).length).toBeGreaterThanOrEqual(1);
  });

  it('prices every item from the database: names and prices sent by the client are ignored', async () => {
    const { id, url } = await checkout(buyer, [
      { id: ids.phone, name: 'Free phone', price: 1, quantity: 1 },
      { id: String(ids.speaker), name: '<script>', price: -5, quantity: 1 },
    ]);
    expect(url).toBe(`/checkout/${id}`);
    const session = await getCheckoutSession(t.db, id);
    expect(session).toMatchObject({ userId: buyer.id, provider: 'test', status: 'open', amountBirr: 18500 + 5200 });
    expect(session!.lines.map((l) => [l.name, l.priceBirr, l.quantity])).toEqual([
      ['Smartphone A15', 18500, 1],
      ['Bluetooth Speaker', 5200, 1],
    ]);
  });

  it('refuses unknown ids, quantities other than 1, duplicates, an empty cart and a signed-out visitor', async () => {
    const refused = async (user: SessionUser | null, body: unknown) => startCheckout(t.db, user, body, testCheckoutProvider);
    expect(await refused(buyer, { items: [{ id: 99999, quantity: 1 }] })).toMatchObject({ ok: false, status: 400 });
    expect(await refused(buyer, { items: [{ id: ids.phone, quantity: 2 }] })).toMatchObject({ ok: false, status: 400 });
    expect(await refused(buyer, { items: [{ id: ids.phone, quantity: 0 }] })).toMatchObject({ ok: false, status: 400 });
    expect(await refused(buyer, { items: [{ id: ids.phone }, { id: ids.phone }] })).toMatchObject({ ok: false, status: 400 });
    expect(await refused(buyer, { items: [{ id: 'abc', quantity: 1 }] })).toMatchObject({ ok: false, status: 400 });
    expect(await refused(buyer, { items: [] })).toMatchObject({ ok: false, status: 400, error: 'Your cart is empty.' });
    expect(await refused(buyer, 'items')).toMatchObject({ ok: false, status: 400 });
    expect(await refused(null, { items: [{ id: ids.phone, quantity: 1 }] })).toMatchObject({ ok: false, status: 401 });
    expect(await t.db.$count(checkoutSessions)).toBe(0);
  });

  it('fulfils a checkout once: the same payment twice makes one order and one payment update', async () => {
    const { id } = await checkout(buyer, [
      { id: ids.phone, quantity: 1 },
      { id: ids.speaker, quantity: 1 },
    ]);
    const first = await fulfilCheckout(t.db, id);
    expect(first).toMatchObject({ ok: true, value: { fulfilled: true } });
    const again = await Promise.all([fulfilCheckout(t.db, id), fulfilCheckout(t.db, id)]);
    for (const r of again) expect(r).toMatchObject({ ok: true, value: { fulfilled: false, orderId: first.ok ? first.value.orderId : -1 } });
    expect(await t.db.$count(orders)).toBe(1);
    expect(await t.db.$count(paymentUpdates)).toBe(1);

    const pending = (await listOrders(t.db, buyer.id, 'pending', firstPage)).items;
    expect(pending).toMatchObject([
      { productName: 'Smartphone A15, Bluetooth Speaker', status: 'pending', totalBirr: 23700, refund: null },
    ]);
    expect((await listPaymentUpdates(t.db, buyer.id, firstPage)).items).toMatchObject([
      { status: 'paid', message: expect.stringContaining('23,700 Birr') },
    ]);
    expect((await listOrders(t.db, other.id, 'pending', firstPage)).items).toEqual([]);
    expect(await fulfilCheckout(t.db, 'chk_missing')).toMatchObject({ ok: false, status: 404 });
  });

  it('a declined card records a payment update and no order', async () => {
    const { id } = await checkout(buyer, [{ id: ids.phone, quantity: 1 }]);
    await recordDeclinedPayment(t.db, (await getCheckoutSession(t.db, id))!, 'Your card was declined.');
    expect(await t.db.$count(orders)).toBe(0);
    expect((await listPaymentUpdates(t.db, buyer.id, firstPage)).items).toMatchObject([{ status: 'declined' }]);
    expect((await getCheckoutSession(t.db, id))!.status).toBe('open');
  });

  it('a plan becomes a subscription the buyer can cancel (only their own)', async () => {
    const { id } = await checkout(buyer, [
      { id: shop.planId, quantity: 1 },
      { id: ids.speaker, quantity: 1 },
    ]);
    const done = await fulfilCheckout(t.db, id);
    expect(done).toMatchObject({ ok: true, value: { fulfilled: true } });
    expect((await listOrders(t.db, buyer.id, 'pending', firstPage)).items[0]).toMatchObject({
      productName: 'Bluetooth Speaker',
      totalBirr: 5200,
    });
    const [sub] = (await listSubscriptions(t.db, buyer.id, firstPage)).items;
    expect(sub).toMatchObject({ status: 'active' });
    expect(await cancelSubscription(t.db, other, sub!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await cancelSubscription(t.db, buyer, sub!.id)).toMatchObject({ ok: true, value: { status: 'cancelled' } });
    expect(await cancelSubscription(t.db, buyer, sub!.id)).toMatchObject({ ok: true, value: { status: 'cancelled' } });
    expect(await t.db.$count(subscriptions)).toBe(1);
  });

  it('an admin marks an order delivered; it moves from pending to completed', async () => {
    const { id } = await checkout(buyer, [{ id: ids.laptop, quantity: 1 }]);
    const done = await fulfilCheckout(t.db, id);
    const orderId = done.ok ? done.value.orderId! : -1;
    expect(await markDelivered(t.db, buyer, orderId)).toMatchObject({ ok: false, status: 403 });
    expect(await adminListOrders(t.db, buyer, 'pending')).toMatchObject({ ok: false, status: 403 });
    expect(await adminListOrders(t.db, admin, 'pending')).toMatchObject({ ok: true, value: [{ id: orderId, customerEmail: buyer.email }] });
    expect(await markDelivered(t.db, admin, orderId)).toEqual({ ok: true, value: { id: orderId, status: 'delivered' } });
    expect(await markDelivered(t.db, admin, orderId)).toEqual({ ok: true, value: { id: orderId, status: 'delivered' } });
    expect(await markDelivered(t.db, admin, 99999)).toMatchObject({ ok: false, status: 404 });
    expect((await listOrders(t.db, buyer.id, 'pending', firstPage)).items).toEqual([]);
    expect((await listOrders(t.db, buyer.id, 'delivered', firstPage)).items).toMatchObject([{ id: orderId, status: 'delivered' }]);
  });

  it('an approved refund credits the wallet once and adds a payment update', async () => {
    const { id } = await checkout(buyer, [
      { id: ids.phone, quantity: 1 },
      { id: ids.speaker, quantity: 1 },
    ]);
    const done = await fulfilCheckout(t.db, id);
    const orderId = done.ok ? done.value.orderId! : -1;

    expect(await requestRefund(t.db, other, orderId)).toMatchObject({ ok: false, status: 404 });
    const requested = await requestRefund(t.db, buyer, orderId);
    expect(requested).toMatchObject({
      ok: true,
      value: { status: 'requested', amountBirr: 23700, productName: 'Smartphone A15, Bluetooth Speaker' },
    });
    expect(await requestRefund(t.db, buyer, orderId)).toMatchObject({ ok: false, status: 409 });
    const refundId = requested.ok ? requested.value.id : -1;

    expect(await decideRefund(t.db, buyer, refundId, 'approve')).toMatchObject({ ok: false, status: 403 });
    expect(await adminOpenRefunds(t.db, admin)).toMatchObject({ ok: true, value: [{ id: refundId, customerEmail: buyer.email }] });
    const results = await Promise.all([decideRefund(t.db, admin, refundId, 'approve'), decideRefund(t.db, admin, refundId, 'approve')]);
    expect(results.filter((r) => r.ok && r.value.changed)).toHaveLength(1);
    expect(await decideRefund(t.db, admin, refundId, 'decline')).toMatchObject({ ok: true, value: { status: 'approved', changed: false } });

    expect(await walletOf(t.db, buyer.id, firstPage)).toMatchObject({
      balance: 23700,
      entries: { items: [{ amountBirr: 23700 }], hasMore: false },
    });
    expect(await t.db.$count(walletEntries)).toBe(1);
    expect((await listPaymentUpdates(t.db, buyer.id, firstPage)).items.map((u) => u.status)).toEqual(['refunded', 'paid']);
    expect((await listRefunds(t.db, buyer.id, firstPage)).items).toMatchObject([{ status: 'approved' }]);
    expect((await listOrders(t.db, buyer.id, 'pending', firstPage)).items[0]!.refund).toMatchObject({ status: 'approved' });
    expect(await adminOpenRefunds(t.db, admin)).toEqual({ ok: true, value: [] });
    expect(await walletOf(t.db, other.id, firstPage)).toEqual({ balance: 0, entries: { items: [], page: 1, hasMore: false } });
  });

  it('a declined refund leaves the wallet alone', async () => {
    const { id } = await checkout(buyer, [{ id: ids.speaker, quantity: 1 }]);
    const done = await fulfilCheckout(t.db, id);
    const refund = await requestRefund(t.db, buyer, done.ok ? done.value.orderId! : -1);
    expect(await decideRefund(t.db, admin, refund.ok ? refund.value.id : -1, 'decline')).toMatchObject({
      ok: true,
      value: { status: 'declined', changed: true },
    });
    expect((await walletOf(t.db, buyer.id, firstPage)).balance).toBe(0);
    expect((await listPaymentUpdates(t.db, buyer.id, firstPage)).items[0]).toMatchObject({ status: 'refund declined' });
  });

  it("an admin's order decisions: deliver, then approve a refund once (a second decision changes nothing)", async () => {
    const { id } = await checkout(buyer, [{ id: ids.speaker, quantity: 1 }]);
    const done = await fulfilCheckout(t.db, id);
    const orderId = done.ok ? done.value.orderId! : -1;
    expect(await decideOrder(t.db, buyer, { action: 'deliver', id: orderId })).toMatchObject({ ok: false, status: 403 });
    expect(await decideOrder(t.db, admin, { action: 'deliver', id: orderId })).toEqual({
      ok: true,
      value: { action: 'deliver', id: orderId, status: 'delivered', changed: true },
    });
    const refund = await requestRefund(t.db, buyer, orderId);
    const refundId = refund.ok ? refund.value.id : -1;
    expect(await decideOrder(t.db, admin, { action: 'approve', id: refundId })).toMatchObject({
      ok: true,
      value: { status: 'approved', changed: true },
    });
    expect(await decideOrder(t.db, admin, { action: 'decline', id: refundId })).toMatchObject({
      ok: true,
      value: { status: 'approved', changed: false },
    });
    expect(await decideOrder(t.db, admin, { action: 'approve', id: 99999 })).toMatchObject({ ok: false, status: 404 });
  });

  it('paying on the test checkout: card problems by field (400), a decline (402), then a payment fulfils it', async () => {
    const { id } = await checkout(buyer, [{ id: ids.phone, quantity: 1 }]);
    const session = (await getCheckoutSession(t.db, id))!;
    const card = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Abebe' };
    const now = new Date();
    const invalid = await payWithTestCard(t.db, buyer, session, { ...card, cvc: '1', name: ' ' }, now);
    expect(invalid).toMatchObject({ ok: false, status: 400, fields: { cvc: [expect.any(String)], name: [expect.any(String)] } });
    expect(await payWithTestCard(t.db, buyer, session, { ...card, number: '4000 0000 0000 0002' }, now)).toMatchObject({
      ok: false,
      status: 402,
      error: 'Your card was declined. Try another card.',
    });
    expect(await t.db.$count(orders)).toBe(0);
    expect(await payWithTestCard(t.db, buyer, session, card, now)).toMatchObject({ ok: true, value: { fulfilled: true } });
    expect(await t.db.$count(orders)).toBe(1);
    expect((await listPaymentUpdates(t.db, buyer.id, firstPage)).items.map((u) => u.status)).toEqual(['paid', 'declined']);
  });

  it('account lists are paged in SQL: every row on exactly one page, newest first', async () => {
    const base = Date.parse('2026-03-01T00:00:00Z');
    const at = (i: number) => new Date(base + i * 60_000);
    await t.db.insert(paymentUpdates).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: buyer.id,
        message: `Update ${i}`,
        status: 'paid',
        eventKey: `test:${i}`,
        createdAt: at(i),
      })),
    );
    await t.db
      .insert(walletEntries)
      .values(Array.from({ length: 105 }, (_, i) => ({ userId: buyer.id, amountBirr: 1, reason: `Entry ${i}`, createdAt: at(i) })));
    await t.db
      .insert(subscriptions)
      .values(Array.from({ length: 21 }, (_, i) => ({ userId: buyer.id, name: `Plan ${i}`, createdAt: at(i) })));

    const first = await listPaymentUpdates(t.db, buyer.id, { page: 1, pageSize: 20 });
    const second = await listPaymentUpdates(t.db, buyer.id, { page: 2, pageSize: 20 });
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.message).toBe('Update 24');
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((u) => u.message)).toEqual(['Update 4', 'Update 3', 'Update 2', 'Update 1', 'Update 0']);

    // Beyond the old cap of 100 rows: the balance counts every entry, the pages reach every entry.
    const wallet = await walletOf(t.db, buyer.id, { page: 2, pageSize: 100 });
    expect(wallet.balance).toBe(105);
    expect(wallet.entries).toMatchObject({ page: 2, hasMore: false });
    expect(wallet.entries.items.map((e) => e.reason)).toEqual(['Entry 4', 'Entry 3', 'Entry 2', 'Entry 1', 'Entry 0']);

    const plans = await listSubscriptions(t.db, buyer.id, { page: 3, pageSize: 10 });
    expect(plans).toMatchObject({ page: 3, hasMore: false });
    expect(plans.items.map((p) => p.name)).toEqual(['Plan 0']);
    expect((await listRefunds(t.db, buyer.id, { page: 1, pageSize: 20 })).hasMore).toBe(false);
    expect((await listOrders(t.db, buyer.id, 'pending', { page: 1, pageSize: 20 })).hasMore).toBe(false);
  });

  it('a test checkout can be paid for 30 minutes, then it expires', async () => {
    const { id } = await checkout(buyer, [{ id: ids.speaker, quantity: 1 }]);
    const session = (await getCheckoutSession(t.db, id))!;
    const created = session.createdAt.getTime();
    expect(await expireIfStale(t.db, session, new Date(created + CHECKOUT_TTL_MS - 1000))).toMatchObject({ status: 'open' });
    expect(CHECKOUT_TTL_MS).toBe(30 * 60 * 1000);
    expect(await expireIfStale(t.db, session, new Date(created + CHECKOUT_TTL_MS + 1000))).toMatchObject({ status: 'expired' });
    expect(await getCheckoutSession(t.db, id)).toMatchObject({ status: 'expired' });
    expect(await fulfilCheckout(t.db, id)).toMatchObject({ ok: false, status: 409 });
    expect((await listOrders(t.db, buyer.id, 'pending', firstPage)).items).toEqual([]);

    // A paid checkout stays paid however old it gets.
    const paid = await checkout(buyer, [{ id: ids.phone, quantity: 1 }]);
    await fulfilCheckout(t.db, paid.id);
    const done = (await getCheckoutSession(t.db, paid.id))!;
    expect(await expireIfStale(t.db, done, new Date(done.createdAt.getTime() + 86_400_000))).toMatchObject({ status: 'complete' });
  });
});
