/**
 * One payment interface, three providers. Chapa (when its keys are set; telebirr, CBE Birr, cards),
 * Stripe Checkout (when its keys are set and Chapa's are not) and the built-in test checkout
 * (`/checkout/{id}`, the offline default) all start from `startCheckout` and end in the one
 * idempotent `fulfilCheckout`. A provider's code is only imported when it is configured.
 */
import type { PaymentProviderName } from '#db/schema.ts';
import type { Result } from '#platform/http/result.ts';
import type { Database } from '#db/client.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { config, type AppConfig } from '#platform/config/config.server.ts';
import { hit } from '#platform/http/rate-limit.server.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import {
  expireCheckoutSession,
  insertCheckoutSession,
  newCheckoutSessionId,
  setProviderSessionId,
  type CheckoutSession,
} from './checkout-sessions.server.ts';
import { fulfilCheckout, type Fulfilment } from './fulfilment.server.ts';
import { pricerOf } from './fulfillers.server.ts';
import { mayStartCheckout } from './policy.ts';
import type { PaymentProvider, ProviderCheckout } from './providers/provider.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('payments');

export type { PaymentProvider, ProviderCheckout };

/** The embedded default: our own hosted-checkout page; it fulfils the checkout itself. */
export const testCheckoutProvider: PaymentProvider = {
  name: 'test',
  async start(checkout) {
    // The buyer's language: the request's (the cart sends its page's in Accept-Language).
    return { providerSessionId: null, url: localHref(`/checkout/${checkout.id}`) };
  },
  async isPaid(session) {
    return session.status === 'complete';
  },
};

/** Which provider takes payments: Chapa first, then Stripe, else the built-in test checkout. */
export function providerName(c: Pick<AppConfig, 'chapa' | 'stripe'> = config()): PaymentProviderName {
  return c.chapa ? 'chapa' : c.stripe ? 'stripe' : 'test';
}

/** The checkout button's words, without loading any provider code. */
export function checkoutButtonLabel(c: Pick<AppConfig, 'chapa' | 'stripe'> = config()): string {
  const name = providerName(c);
  return name === 'chapa' ? m.shop_checkout_chapa() : name === 'stripe' ? m.shop_checkout_stripe() : m.shop_checkout_card();
}

/** Chapa's hosted checkout (its initialize answers a checkout_url there). */
export const CHAPA_CHECKOUT_ORIGIN = 'https://checkout.chapa.co';

/** Where a payment form's redirect may lead: the configured provider's hosted checkout. */
export function paymentFormOrigins(c: Pick<AppConfig, 'chapa' | 'stripe'> = config()): string[] {
  if (c.chapa) return [...new Set([CHAPA_CHECKOUT_ORIGIN, new URL(c.chapa.apiBase).origin])];
  if (c.stripe) return ['https://checkout.stripe.com'];
  return [];
}

let configuredProvider: Promise<PaymentProvider> | undefined;

/** The configured provider (its module imported on first use). */
export async function paymentProvider(): Promise<PaymentProvider> {
  const c = config();
  const { chapa, stripe } = c;
  if (chapa) configuredProvider ??= import('./providers/chapa.server.ts').then((mod) => mod.createChapaProvider(chapa, c.siteUrl));
  else if (stripe) configuredProvider ??= import('./providers/stripe.server.ts').then((mod) => mod.createStripeProvider(stripe, c.siteUrl));
  return configuredProvider ?? testCheckoutProvider;
}

/** Checkout starts per user: enough for a shopper, not for a script. */
export const CHECKOUT_LIMIT = { max: 20, windowSeconds: 600 };

/**
 * `POST /api/create-checkout-session/`: prices the cart (or a seller's promotion) from the
 * database through the fulfiller that claims the request (fulfillers.server.ts), records the
 * checkout for the signed-in user and starts it with the provider. Answers `{id, url}`.
 */
export async function startCheckout(
  db: Database,
  user: SessionUser | null,
  body: unknown,
  provider: PaymentProvider,
  now = new Date(),
): Promise<Result<{ id: string; url: string }>> {
  if (!mayStartCheckout(user)) return { ok: false, status: 401, error: m.shop_sign_in_to_checkout() };
  const priced = await pricerOf(body).price(db, user, body, now);
  if (!priced.ok) return priced;
  const limit = await hit(db, `checkout:user:${user.id}`, CHECKOUT_LIMIT, now);
  if (!limit.allowed) return { ok: false, status: 429, error: m.shop_too_often() };

  const id = newCheckoutSessionId();
  await insertCheckoutSession(db, { id, userId: user.id, provider: provider.name, ...priced.value });
  try {
    const customer = { email: user.email, name: user.name, firstName: user.firstName, lastName: user.lastName };
    const started = await provider.start({ id, ...priced.value, customerEmail: user.email, customer });
    if (started.providerSessionId) await setProviderSessionId(db, id, started.providerSessionId);
    return { ok: true, value: { id, url: started.url } };
  } catch (error) {
    log.error({ err: error }, `[checkout] ${provider.name} could not start ${id}`);
    await expireCheckoutSession(db, id);
    return { ok: false, status: 502, error: m.shop_provider_failed() };
  }
}

/** What the success page shows for a checkout. */
export type Confirmation =
  | { state: 'paid'; fulfilment: Fulfilment }
  /** The provider has not confirmed yet: the page says so and looks again by itself. */
  | { state: 'waiting' }
  /** Chapa declined it, the buyer cancelled it, or it was paid with another amount. */
  | { state: 'failed'; reason: string }
  | { state: 'error'; error: string }
  /** Not paid (an open or expired test checkout). */
  | { state: 'unpaid' };

/**
 * The success page's check: a checkout already complete is shown; a Chapa checkout is settled with
 * Chapa (verify, then the idempotent fulfilment); an open Stripe checkout is asked about (the
 * webhook may be late) and fulfilled when Stripe says it is paid.
 */
export async function confirmCheckout(
  db: Database,
  session: CheckoutSession,
  provider: PaymentProvider,
  now = new Date(),
): Promise<Confirmation> {
  const fulfilled = async (): Promise<Confirmation> => {
    const result = await fulfilCheckout(db, session.id, now);
    return result.ok ? { state: 'paid', fulfilment: result.value } : { state: 'error', error: result.error };
  };
  if (session.status === 'complete') return fulfilled();
  if (session.provider === 'chapa') {
    const chapa = config().chapa;
    if (session.status === 'failed' || !chapa) return { state: 'failed', reason: session.providerStatus ?? 'failed' };
    const { settleChapaCheckout, ChapaUnavailable } = await import('./providers/chapa.server.ts');
    try {
      const settled = await settleChapaCheckout(db, chapa, session.id, now);
      if (settled.state === 'paid') return { state: 'paid', fulfilment: settled.fulfilment };
      if (settled.state === 'failed') return { state: 'failed', reason: settled.reason };
      return { state: 'waiting' };
    } catch (error) {
      // Chapa out of reach is a wait, not a failure: the page asks again.
      if (!(error instanceof ChapaUnavailable)) throw error;
      log.error(`[success] ${session.id}: ${error.message}`);
      return { state: 'waiting' };
    }
  }
  if (session.status !== 'open' || session.provider !== provider.name || provider.name === 'test') return { state: 'unpaid' };
  if (!(await provider.isPaid(session))) return { state: 'waiting' };
  return fulfilled();
}
