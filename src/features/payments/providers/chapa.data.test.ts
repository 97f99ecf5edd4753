/**
 * Chapa end to end at the data layer, against the local fake of its API (tests/fakes): every path
 * of issue 13 (paid, declined, cancelled, tampered amount, verify failing, replayed webhooks, bad
 * signatures, callback before and after the webhook, refunds through Chapa or the wallet).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, orders, paymentUpdates, refunds, shopProducts, walletEntries } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { createChapaProvider, handleChapaWebhook, settleChapaCheckout } from './chapa.server.ts';
import { config, type ChapaConfig } from '#platform/config/config.server.ts';
import { confirmCheckout, startCheckout } from '#features/payments/payments.server.ts';
import { decideRefund, listRefunds, requestRefund } from '#features/shop/refunds.server.ts';
import { getCheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import '#platform/process/fulfillers.server.ts';
import { walletOf } from '#features/payments/wallet.server.ts';
import { createSeller } from '#fixtures/listings.ts';
import { FakeChapa } from '#tests/fakes/chapa-server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const SECRET_KEY = 'CHASECK_TEST-fakeKey123';
const WEBHOOK_SECRET = 'sefer-webhook-secret-hash';
const SITE = 'https://sefer.test';

const buyer: SessionUser = {
  id: 'buyer-1',
  email: 'abebe@test.invalid',
  name: 'Abebe Bikila',
  firstName: 'Abebe',
  lastName: 'Bikila',
  image: null,
  isAdmin: false,
};
const admin: SessionUser = { ...buyer, id: 'admin-1', email: 'admin@test.invalid', isAdmin: true };

const fake = new FakeChapa({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
let chapa: ChapaConfig;

beforeAll(async () => {
  await fake.start();
  // The app's configuration, as the environment gives it (read once, on first use).
  process.env.CHAPA_SECRET_KEY = SECRET_KEY;
  process.env.CHAPA_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.CHAPA_API_BASE = fake.url;
  chapa = config().chapa!;
});
afterAll(async () => {
  await fake.close();
  delete process.env.CHAPA_SECRET_KEY;
  delete process.env.CHAPA_WEBHOOK_SECRET;
  delete process.env.CHAPA_API_BASE;
});

describe.each(drivers())('Chapa checkout on %s', (driver) => {
  let speaker: number;
  let phone: number;
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await createSeller(t.db, buyer.id, buyer.email);
      await createSeller(t.db, admin.id, admin.email);
      const rows = await t.db
        .insert(shopProducts)
        .values([
          { slug: 'speaker', name: 'Bluetooth Speaker', description: '.', priceBirr: 5200, position: 0 },
          { slug: 'phone', name: 'Smartphone A15', description: '.', priceBirr: 18500, position: 1 },
        ])
        .returning({ id: shopProducts.id });
      [speaker, phone] = rows.map((r) => r.id) as [number, number];
    },
  });

  beforeEach(() => {
    fake.requests.length = 0;
    fake.verifyFails = false;
    fake.refundsAllowed = true;
    fake.verifyAnswersFor.clear();
  });

  const provider = () => createChapaProvider(chapa, SITE);

  async function buy() {
    const started = await startCheckout(t.db, buyer, { items: [{ id: speaker }, { id: phone, name: 'Free', price: 1 }] }, provider());
    if (!started.ok) throw new Error(started.error);
    return started.value;
  }
  const ordersOf = () => t.db.select().from(orders).where(eq(orders.userId, buyer.id));
  const updatesOf = () => t.db.select().from(paymentUpdates).where(eq(paymentUpdates.userId, buyer.id));
  const session = async (id: string) => (await getCheckoutSession(t.db, id))!;

  it('initializes the transaction with the amount from the database, and sends the buyer to its checkout_url', async () => {
    const { id, url } = await buy();
    const init = fake.requests.find((r) => r.path === '/v1/transaction/initialize')!;
    expect(init.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(init.body).toEqual({
      amount: '23700',
      currency: 'ETB',
      email: buyer.email,
      first_name: 'Abebe',
      last_name: 'Bikila',
      tx_ref: id,
      callback_url: `${SITE}/api/chapa/callback?tx_ref=${id}`,
      return_url: `${SITE}/success?session_id=${id}`,
      customization: { title: 'Sefer', description: 'Sefer order of 2 items' },
    });
    expect(url).toBe(`${fake.url}/checkout/payment/${fake.transaction(id).token}`);
    expect(await session(id)).toMatchObject({ provider: 'chapa', providerSessionId: id, status: 'open', amountBirr: 23700 });
  });

  it('a transaction Chapa will not start is a 502, and the checkout is given up', async () => {
    const broken = createChapaProvider({ ...chapa, secretKey: 'CHASECK_TEST-wrong' }, SITE);
    const started = await startCheckout(t.db, buyer, { items: [{ id: speaker }] }, broken);
    expect(started).toMatchObject({ ok: false, status: 502 });
    const [row] = await t.db.select().from(checkoutSessions);
    expect(row).toMatchObject({ provider: 'chapa', status: 'expired' });
  });

  it('paid: the return to /success verifies and fulfils, once however often it is loaded', async () => {
    const { id } = await buy();
    expect(await confirmCheckout(t.db, await session(id), provider())).toEqual({ state: 'waiting' });
    fake.settle(id, 'success');
    const first = await confirmCheckout(t.db, await session(id), provider());
    expect(first).toMatchObject({ state: 'paid', fulfilment: { fulfilled: true } });
    const again = await confirmCheckout(t.db, await session(id), provider());
    expect(again).toMatchObject({ state: 'paid', fulfilment: { fulfilled: false } });
    expect(await ordersOf()).toHaveLength(1);
    expect((await ordersOf())[0]).toMatchObject({ totalBirr: 23700, status: 'pending' });
    expect(await session(id)).toMatchObject({ status: 'complete', providerReference: fake.transaction(id).reference });
    expect((await updatesOf()).map((u) => u.status)).toEqual(['paid']);
  });

  it('declined: says so, records it once, makes no order', async () => {
    const { id } = await buy();
    fake.settle(id, 'failed');
    expect(await confirmCheckout(t.db, await session(id), provider())).toEqual({ state: 'failed', reason: 'failed' });
    expect(await confirmCheckout(t.db, await session(id), provider())).toEqual({ state: 'failed', reason: 'failed' });
    expect(await ordersOf()).toHaveLength(0);
    expect(await session(id)).toMatchObject({ status: 'failed', providerStatus: 'failed' });
    const updates = await updatesOf();
    expect(updates.map((u) => [u.status, u.message])).toEqual([['declined', 'Payment of 23,700 Birr declined: declined by Chapa']]);
  });

  it('cancelled on Chapa’s page: says cancelled, makes no order', async () => {
    const { id } = await buy();
    fake.settle(id, 'cancelled');
    expect(await confirmCheckout(t.db, await session(id), provider())).toEqual({ state: 'failed', reason: 'cancelled' });
    expect(await ordersOf()).toHaveLength(0);
    expect((await updatesOf())[0]?.message).toBe("Payment of 23,700 Birr declined: cancelled on Chapa's page");
  });

  it('an amount tampered with between initialize and verify is never fulfilled', async () => {
    const { id } = await buy();
    fake.settle(id, 'success');
    fake.tamper(id, '10');
    expect(await confirmCheckout(t.db, await session(id), provider())).toEqual({ state: 'failed', reason: 'amount_mismatch' });
    // One body, signed: it carries the time, so two renderings a millisecond apart differ.
    const body = fake.webhookBody(id);
    const webhook = await handleChapaWebhook(t.db, chapa, body, fake.sign(body));
    expect(webhook).toMatchObject({ status: 200, body: { state: 'failed' } });
    expect(await ordersOf()).toHaveLength(0);
    expect(await session(id)).toMatchObject({ status: 'failed', providerStatus: 'amount_mismatch' });
  });

  it('a verify answer for another tx_ref (paid, same amount) is never taken for this checkout', async () => {
    const paid = await buy();
    const open = await buy();
    fake.settle(paid.id, 'success');
    // Chapa's answer to "verify <open>" is about <paid>: success, 23,700 ETB, but not this transaction.
    fake.answerVerifyWith(open.id, paid.id);
    expect((await confirmCheckout(t.db, await session(open.id), provider())).state).not.toBe('paid');
    const body = fake.webhookBody(open.id, { status: 'success' });
    expect((await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).body.state).not.toBe('paid');
    expect(await provider().isPaid(await session(open.id))).toBe(false);
    expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, open.id))).toHaveLength(0);
    expect((await session(open.id)).status).not.toBe('complete');
  });

  it('the amount is compared in santim: one santim under or over what the checkout costs is never fulfilled', async () => {
    for (const reported of ['23699.99', '23700.01']) {
      const { id } = await buy();
      fake.settle(id, 'success');
      fake.tamper(id, reported);
      expect(await provider().isPaid(await session(id)), reported).toBe(false);
      expect(await confirmCheckout(t.db, await session(id), provider()), reported).toEqual({ state: 'failed', reason: 'amount_mismatch' });
      expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id)), reported).toHaveLength(0);
    }
    // The same amount written with santim ("23700.00") is the amount.
    const { id } = await buy();
    fake.settle(id, 'success');
    fake.tamper(id, '23700.00');
    expect(await confirmCheckout(t.db, await session(id), provider())).toMatchObject({ state: 'paid' });
  });

  it('a signed webhook saying success while verify says pending is not taken at its word', async () => {
    const { id } = await buy();
    const body = fake.webhookBody(id, { status: 'success' });
    expect(JSON.parse(body)).toMatchObject({ event: 'charge.success', status: 'success', tx_ref: id });
    expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toEqual({
      status: 200,
      body: { received: true, state: 'waiting' },
    });
    expect(await session(id)).toMatchObject({ status: 'open' });
    expect(await ordersOf()).toHaveLength(0);
    expect(await updatesOf()).toHaveLength(0);
  });

  it('a currency other than Birr is a mismatch too', async () => {
    const { id } = await buy();
    fake.settle(id, 'success').currency = 'USD';
    expect(await settleChapaCheckout(t.db, chapa, id)).toEqual({ state: 'failed', reason: 'amount_mismatch' });
    expect(await ordersOf()).toHaveLength(0);
  });

  it('verify failing: the buyer waits (no order, no failure); the webhook asks Chapa to deliver again; then it is fulfilled', async () => {
    const { id } = await buy();
    fake.settle(id, 'success');
    fake.verifyFails = true;
    expect(await confirmCheckout(t.db, await session(id), provider())).toEqual({ state: 'waiting' });
    const body = fake.webhookBody(id);
    expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toMatchObject({ status: 503 });
    expect(await ordersOf()).toHaveLength(0);
    expect(await session(id)).toMatchObject({ status: 'open' });
    fake.verifyFails = false;
    expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toMatchObject({ status: 200, body: { state: 'paid' } });
    expect(await ordersOf()).toHaveLength(1);
  });

  it('a webhook replayed three times makes one order and one payment update', async () => {
    const { id } = await buy();
    fake.settle(id, 'success');
    const body = fake.webhookBody(id);
    for (let i = 0; i < 3; i++) {
      expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toMatchObject({
        status: 200,
        body: { received: true, state: 'paid' },
      });
    }
    expect(await ordersOf()).toHaveLength(1);
    expect((await updatesOf()).filter((u) => u.status === 'paid')).toHaveLength(1);
    // Every delivery was checked with Chapa, none taken on its own word.
    expect(fake.requests.filter((r) => r.path === `/v1/transaction/verify/${id}`).length).toBeGreaterThanOrEqual(1);
  });

  it('a wrong or missing signature is a 401 and changes nothing (Chapa is not even asked)', async () => {
    const { id } = await buy();
    fake.settle(id, 'success');
    const body = fake.webhookBody(id);
    const before = fake.requests.length;
    const right = fake.sign(body);
    const oneDigitOff = `${right.slice(0, 63)}${right.endsWith('0') ? '1' : '0'}`;
    for (const signature of [null, '', 'abc', fake.sign(body, 'another-secret'), fake.sign(`${body} `), oneDigitOff, `${right}00`]) {
      expect(await handleChapaWebhook(t.db, chapa, body, signature)).toMatchObject({ status: 401, body: { received: false } });
    }
    expect(fake.requests.length).toBe(before);
    expect(await session(id)).toMatchObject({ status: 'open' });
    expect(await ordersOf()).toHaveLength(0);
    // The same bytes, signed right (upper-case hex too), are accepted.
    expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body).toUpperCase())).toMatchObject({ status: 200 });
  });

  it('a signed webhook for an unknown tx_ref answers 200 and changes nothing', async () => {
    const body = JSON.stringify({
      event: 'charge.success',
      tx_ref: 'chk_not_ours_at_all',
      status: 'success',
      amount: '100.00',
      currency: 'ETB',
    });
    const before = fake.requests.length;
    expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toEqual({
      status: 200,
      body: { received: true, ignored: 'unknown tx_ref' },
    });
    expect(fake.requests.length).toBe(before);
    expect(await t.db.select().from(paymentUpdates)).toHaveLength(0);
  });

  it('a webhook for a payment still pending changes nothing', async () => {
    const { id } = await buy();
    const body = fake.webhookBody(id);
    expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toMatchObject({ status: 200, body: { state: 'waiting' } });
    expect(await session(id)).toMatchObject({ status: 'open' });
  });

  it('callback before the webhook, and webhook before the callback: one order each time', async () => {
    for (const order of [
      ['callback', 'webhook'],
      ['webhook', 'callback'],
    ] as const) {
      const { id } = await buy();
      fake.settle(id, 'success');
      for (const step of order) {
        if (step === 'callback') {
          const url = new URL(fake.transaction(id).callbackUrl!);
          expect(url.searchParams.get('tx_ref')).toBe(id);
          expect(await settleChapaCheckout(t.db, chapa, url.searchParams.get('tx_ref')!)).toMatchObject({ state: 'paid' });
        } else {
          const body = fake.webhookBody(id);
          expect(await handleChapaWebhook(t.db, chapa, body, fake.sign(body))).toMatchObject({ status: 200, body: { state: 'paid' } });
        }
      }
      // And the buyer's return after both.
      expect(await confirmCheckout(t.db, await session(id), provider())).toMatchObject({ state: 'paid', fulfilment: { fulfilled: false } });
      expect((await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id))).length).toBe(1);
    }
    expect(await ordersOf()).toHaveLength(2);
  });

  async function paidOrder() {
    const { id } = await buy();
    fake.settle(id, 'success');
    await settleChapaCheckout(t.db, chapa, id);
    const [order] = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    return { id, orderId: order!.id };
  }

  it('an approved refund of a Chapa-paid order goes back through Chapa, once, and shows on /refunds', async () => {
    const { id, orderId } = await paidOrder();
    const asked = await requestRefund(t.db, buyer, orderId);
    if (!asked.ok) throw new Error(asked.error);
    const first = await decideRefund(t.db, admin, asked.value.id, 'approve');
    expect(first).toMatchObject({ ok: true, value: { status: 'approved', method: 'chapa', changed: true } });
    const again = await decideRefund(t.db, admin, asked.value.id, 'approve');
    expect(again).toMatchObject({ ok: true, value: { changed: false } });
    const calls = fake.requests.filter((r) => r.path.startsWith('/v1/refund/'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe(`/v1/refund/${fake.transaction(id).reference}`);
    expect(calls[0]!.body).toMatchObject({ amount: '23700', reference: `sefer-refund-${asked.value.id}` });
    expect(fake.transaction(id).refunds).toHaveLength(1);
    expect((await walletOf(t.db, buyer.id, { page: 1, pageSize: 20 })).balance).toBe(0);
    const [row] = await t.db.select().from(refunds);
    expect(row).toMatchObject({ method: 'chapa', providerReference: `sefer-refund-${asked.value.id}` });
    expect((await listRefunds(t.db, buyer.id, { page: 1, pageSize: 20 })).items[0]).toMatchObject({ status: 'approved', method: 'chapa' });
    const updates = (await updatesOf()).filter((u) => u.status === 'refunded');
    expect(updates.map((u) => u.message)).toEqual([
      `Refund of 23,700 Birr for order #${orderId} approved and sent back through Chapa to the account you paid with.`,
    ]);
  });

  it('when the account does not allow refunds, the refund goes to the Sefer wallet instead, once', async () => {
    fake.refundsAllowed = false;
    const { orderId } = await paidOrder();
    const asked = await requestRefund(t.db, buyer, orderId);
    if (!asked.ok) throw new Error(asked.error);
    expect(await decideRefund(t.db, admin, asked.value.id, 'approve')).toMatchObject({ ok: true, value: { method: 'wallet' } });
    expect(await decideRefund(t.db, admin, asked.value.id, 'approve')).toMatchObject({ ok: true, value: { changed: false } });
    expect((await walletOf(t.db, buyer.id, { page: 1, pageSize: 20 })).balance).toBe(23700);
    expect(await t.db.select().from(walletEntries)).toHaveLength(1);
    expect((await listRefunds(t.db, buyer.id, { page: 1, pageSize: 20 })).items[0]).toMatchObject({ method: 'wallet' });
  });
});
