/**
 * Stripe Checkout, the production payment provider. This module is the only one that imports the
 * `stripe` SDK, and it is itself imported only when STRIPE_SECRET_KEY and friends are set.
 *
 * Amounts: Birr (ETB) is a two-decimal currency for Stripe, so 5,200 Birr is 520000 santim.
 * The buyer goes to the Checkout Session's `url` (Stripe's hosted page); the session is
 * fulfilled by the `checkout.session.completed` webhook, or by the success page if that is late.
 */
import Stripe from 'stripe';
import type { Result } from '#platform/http/result.ts';
import type { Database } from '#db/client.ts';
import type { StripeConfig } from '#platform/config/config.server.ts';
import type { PaymentProvider, ProviderCheckout } from './provider.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { getCheckoutSession, type CheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import { fulfilCheckout, type Fulfilment } from '#features/payments/fulfilment.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('payments');

export const STRIPE_CURRENCY = 'etb';
/** Santim per Birr. */
export const MINOR_UNITS = 100;

/** The Checkout Session a checkout asks Stripe for: server prices, our session id as the reference. */
export function stripeSessionParams(checkout: ProviderCheckout, siteUrl: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    client_reference_id: checkout.id,
    customer_email: checkout.customerEmail,
    line_items: checkout.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: STRIPE_CURRENCY,
        unit_amount: line.priceBirr * MINOR_UNITS,
        product_data: { name: line.name },
      },
    })),
    metadata: { checkout_session_id: checkout.id },
    // Back in the buyer's language (the request's).
    success_url: `${siteUrl}${localHref(`/success?session_id=${encodeURIComponent(checkout.id)}`)}`,
    cancel_url: `${siteUrl}${localHref(`/cancel?session_id=${encodeURIComponent(checkout.id)}`)}`,
  };
}

export function stripeClient(config: Pick<StripeConfig, 'secretKey'>, options: Stripe.StripeConfig = {}): Stripe {
  return new Stripe(config.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options });
}

let shared: { key: string; client: Stripe } | undefined;

/** The process's Stripe client for a configuration (one per secret key). */
export function sharedStripeClient(config: Pick<StripeConfig, 'secretKey'>): Stripe {
  if (shared?.key !== config.secretKey) shared = { key: config.secretKey, client: stripeClient(config) };
  return shared.client;
}

export function createStripeProvider(config: StripeConfig, siteUrl: string, client: Stripe = sharedStripeClient(config)): PaymentProvider {
  return {
    name: 'stripe',
    async start(checkout) {
      const session = await client.checkout.sessions.create(stripeSessionParams(checkout, siteUrl), {
        idempotencyKey: `sefer-${checkout.id}`,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url };
    },
    async isPaid(row: CheckoutSession) {
      if (!row.providerSessionId) return false;
      const session = await client.checkout.sessions.retrieve(row.providerSessionId);
      return isPaidSession(session) && session.client_reference_id === row.id && session.amount_total === row.amountBirr * MINOR_UNITS;
    },
  };
}

function isPaidSession(session: Stripe.Checkout.Session): boolean {
  return session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
}

export interface WebhookResult {
  status: 200 | 400 | 404 | 409;
  body: { received: boolean; error?: string; ignored?: string; fulfilment?: Fulfilment };
}

/**
 * `POST /api/stripe/webhook`: verifies the signature over the raw body, then fulfils paid
 * checkouts. Events it does not handle are acknowledged (200) so Stripe stops sending them.
 */
export async function handleStripeWebhook(
  db: Database,
  rawBody: string,
  signature: string | null,
  config: Pick<StripeConfig, 'webhookSecret'>,
  client: Stripe,
): Promise<WebhookResult> {
  if (!signature) return { status: 400, body: { received: false, error: m.shop_stripe_no_signature() } };
  let event: Stripe.Event;
  try {
    event = await client.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret);
  } catch {
    return { status: 400, body: { received: false, error: m.shop_stripe_bad_signature() } };
  }
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return { status: 200, body: { received: true, ignored: event.type } };
  }
  const session = event.data.object;
  if (!isPaidSession(session)) return { status: 200, body: { received: true, ignored: `payment_status ${session.payment_status}` } };
  const id = session.client_reference_id ?? session.metadata?.checkout_session_id ?? null;
  const row = id ? await getCheckoutSession(db, id) : null;
  // Only a session we created with Stripe, for this very Stripe session, is fulfilled.
  if (!row || row.provider !== 'stripe' || row.providerSessionId !== session.id) {
    return { status: 200, body: { received: true, ignored: 'unknown checkout session' } };
  }
  if (session.amount_total !== row.amountBirr * MINOR_UNITS || session.currency !== STRIPE_CURRENCY) {
    log.error(
      `[stripe] ${row.id}: Stripe charged ${session.amount_total} ${session.currency}, expected ${row.amountBirr * MINOR_UNITS} ${STRIPE_CURRENCY}`,
    );
    return { status: 409, body: { received: false, error: m.shop_stripe_amount_mismatch() } };
  }
  const result: Result<Fulfilment> = await fulfilCheckout(db, row.id);
  if (!result.ok) return { status: result.status === 404 ? 404 : 409, body: { received: false, error: result.error } };
  return { status: 200, body: { received: true, fulfilment: result.value } };
}
