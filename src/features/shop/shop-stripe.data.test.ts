import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, orders, paymentUpdates } from '#db/schema.ts';
import { listOrders } from './orders.server.ts';
import { confirmCheckout, startCheckout } from '#features/payments/payments.server.ts';
import { getCheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import '#platform/process/fulfillers.server.ts';
import {
  createStripeProvider,
  handleStripeWebhook,
  stripeClient,
  stripeSessionParams,
} from '#features/payments/providers/stripe.server.ts';
import { drivers } from '#tests/db/test-database.ts';
import { buyer, firstPage, useShopData } from '#fixtures/shop.ts';

describe.each(drivers())('shop, checkout and account data on %s', (driver) => {
  const { t, ids } = useShopData(driver);

  describe('Stripe (a local fake of its API, no network)', () => {
    const secretKey = 'sk_test_fake';
    const webhookSecret = 'whsec_test_secret';
    const stripeConfig = { secretKey, publishableKey: 'pk_test_fake', webhookSecret };
    let server: Server;
    let port: number;
    const received: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
    let paid = true;

    const readBody = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let data = '';
        req.on('data', (chunk) => (data += chunk));
        req.on('end', () => resolve(data));
      });

    beforeAll(async () => {
      server = createServer(async (req, res) => {
        const body = new URLSearchParams(await readBody(req));
        received.push({ method: req.method!, path: req.url!, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
        res.setHeader('content-type', 'application/json');
        if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
          res.end(
            JSON.stringify({
              id: 'cs_test_fake1',
              object: 'checkout.session',
              url: 'https://checkout.stripe.com/c/pay/cs_test_fake1',
              status: 'open',
            }),
          );
        } else if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/cs_test_fake1')) {
          const last = received.find((r) => r.method === 'POST')!.body;
          res.end(
            JSON.stringify({
              id: 'cs_test_fake1',
              object: 'checkout.session',
              status: paid ? 'complete' : 'open',
              payment_status: paid ? 'paid' : 'unpaid',
              client_reference_id: last.get('client_reference_id'),
              amount_total:
                Number(last.get('line_items[0][price_data][unit_amount]')) +
                Number(last.get('line_items[1][price_data][unit_amount]') ?? 0),
              currency: 'etb',
            }),
          );
        } else {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { message: 'not faked', type: 'invalid_request_error' } }));
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });
    beforeEach(() => {
      received.length = 0;
      paid = true;
    });

    const client = () => stripeClient(stripeConfig, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

    it('builds the Checkout Session from server prices, in santim, with our id as the reference', async () => {
      const params = stripeSessionParams(
        {
          id: 'chk_abc',
          lines: [{ shopProductId: 1, name: 'Smartphone A15', priceBirr: 18500, quantity: 1 }],
          amountBirr: 18500,
          customerEmail: 'b@x.et',
          customer: { email: 'b@x.et', name: 'Abebe Bikila', firstName: 'Abebe', lastName: 'Bikila' },
        },
        'https://sefer.et',
      );
      expect(params).toEqual({
        mode: 'payment',
        client_reference_id: 'chk_abc',
        customer_email: 'b@x.et',
        line_items: [{ quantity: 1, price_data: { currency: 'etb', unit_amount: 1850000, product_data: { name: 'Smartphone A15' } } }],
        metadata: { checkout_session_id: 'chk_abc' },
        success_url: 'https://sefer.et/success?session_id=chk_abc',
        cancel_url: 'https://sefer.et/cancel?session_id=chk_abc',
      });
    });

    async function stripeCheckout() {
      const provider = createStripeProvider(stripeConfig, 'http://localhost:4321', client());
      const result = await startCheckout(
        t.db,
        buyer,
        {
          items: [
            { id: ids.phone, price: 1, quantity: 1 },
            { id: ids.speaker, quantity: 1 },
          ],
        },
        provider,
      );
      if (!result.ok) throw new Error(result.error);
      return { provider, ...result.value };
    }

    it('sends the session to Stripe and answers its hosted url', async () => {
      const { id, url } = await stripeCheckout();
      expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_fake1');
      const [call] = received;
      expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', idempotencyKey: `sefer-${id}` });
      expect(Object.fromEntries(call!.body)).toMatchObject({
        mode: 'payment',
        client_reference_id: id,
        customer_email: buyer.email,
        'line_items[0][price_data][currency]': 'etb',
        'line_items[0][price_data][unit_amount]': '1850000',
        'line_items[0][price_data][product_data][name]': 'Smartphone A15',
        'line_items[0][quantity]': '1',
        'line_items[1][price_data][unit_amount]': '520000',
        success_url: `http://localhost:4321/success?session_id=${id}`,
      });
      expect(await getCheckoutSession(t.db, id)).toMatchObject({ provider: 'stripe', providerSessionId: 'cs_test_fake1', status: 'open' });
    });

    it('a provider that cannot start gives 502 and expires the checkout', async () => {
      const broken = createStripeProvider(
        stripeConfig,
        'http://localhost:4321',
        stripeClient(stripeConfig, { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0, timeout: 2000 }),
      );
      const result = await startCheckout(t.db, buyer, { items: [{ id: ids.phone, quantity: 1 }] }, broken);
      expect(result).toMatchObject({ ok: false, status: 502 });
      expect((await t.db.select().from(checkoutSessions))[0]).toMatchObject({ status: 'expired' });
    });

    function event(type: string, checkoutId: string, overrides: Record<string, unknown> = {}) {
      return JSON.stringify({
        id: 'evt_test_1',
        object: 'event',
        type,
        data: {
          object: {
            id: 'cs_test_fake1',
            object: 'checkout.session',
            client_reference_id: checkoutId,
            metadata: { checkout_session_id: checkoutId },
            status: 'complete',
            payment_status: 'paid',
            amount_total: 2370000,
            currency: 'etb',
            ...overrides,
          },
        },
      });
    }

    it('rejects a webhook with a bad or missing signature and writes nothing', async () => {
      const { id } = await stripeCheckout();
      const payload = event('checkout.session.completed', id);
      const forged = client().webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
      expect(await handleStripeWebhook(t.db, payload, forged, stripeConfig, client())).toMatchObject({ status: 400 });
      expect(await handleStripeWebhook(t.db, payload, null, stripeConfig, client())).toMatchObject({ status: 400 });
      const signed = client().webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      expect(await handleStripeWebhook(t.db, payload.replace('2370000', '100'), signed, stripeConfig, client())).toMatchObject({
        status: 400,
      });
      expect(await t.db.$count(orders)).toBe(0);
      expect(await t.db.$count(paymentUpdates)).toBe(0);
    });

    it('accepts a signed checkout.session.completed and fulfils it once, however often it arrives', async () => {
      const { id } = await stripeCheckout();
      const payload = event('checkout.session.completed', id);
      const header = client().webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const first = await handleStripeWebhook(t.db, payload, header, stripeConfig, client());
      expect(first).toMatchObject({ status: 200, body: { received: true, fulfilment: { fulfilled: true } } });
      const second = await handleStripeWebhook(t.db, payload, header, stripeConfig, client());
      expect(second).toMatchObject({ status: 200, body: { received: true, fulfilment: { fulfilled: false } } });
      expect(await t.db.$count(orders)).toBe(1);
      expect(await t.db.$count(paymentUpdates)).toBe(1);
      expect((await listOrders(t.db, buyer.id, 'pending', firstPage)).items[0]).toMatchObject({ totalBirr: 23700 });
    });

    it('ignores other events, unpaid sessions and sessions it did not create; refuses a wrong amount', async () => {
      const { id } = await stripeCheckout();
      const sign = (payload: string) => client().webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const send = (payload: string) => handleStripeWebhook(t.db, payload, sign(payload), stripeConfig, client());
      expect(await send(event('payment_intent.created', id))).toMatchObject({ status: 200, body: { ignored: 'payment_intent.created' } });
      expect(await send(event('checkout.session.completed', id, { payment_status: 'unpaid' }))).toMatchObject({
        status: 200,
        body: { ignored: expect.stringContaining('unpaid') },
      });
      expect(await send(event('checkout.session.completed', 'chk_not_ours'))).toMatchObject({
        status: 200,
        body: { ignored: 'unknown checkout session' },
      });
      expect(await send(event('checkout.session.completed', id, { id: 'cs_test_other' }))).toMatchObject({
        status: 200,
        body: { ignored: 'unknown checkout session' },
      });
      expect(await send(event('checkout.session.completed', id, { amount_total: 100 }))).toMatchObject({ status: 409 });
      expect(await t.db.$count(orders)).toBe(0);
    });

    it('the success page confirms a paid session with Stripe when the webhook is late', async () => {
      const { id, provider } = await stripeCheckout();
      paid = false;
      expect(await confirmCheckout(t.db, (await getCheckoutSession(t.db, id))!, provider)).toEqual({ state: 'waiting' });
      paid = true;
      expect(await confirmCheckout(t.db, (await getCheckoutSession(t.db, id))!, provider)).toMatchObject({
        state: 'paid',
        fulfilment: { fulfilled: true },
      });
      expect(await t.db.$count(orders)).toBe(1);
      const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      expect(row!.status).toBe('complete');
    });
  });
});
