/**
 * One payment interface, two providers. The built-in test checkout (`/checkout/{id}`, the embedded
 * default) and Stripe Checkout (when its keys are set) both start from `startCheckout` and end in
 * `fulfilCheckout`. Stripe's code is only imported when Stripe is configured.
 */
import type { CheckoutLine } from '#db/schema.ts';
import type { Result } from '#lib/result.ts';
import type { Database } from '#db/client.ts';
import type { SessionUser } from './auth.server.ts';
import { config, type StripeConfig } from './config.server.ts';
import { hit } from './rate-limit.server.ts';
import { localHref } from '#lib/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import {
  expireCheckoutSession,
  fulfilCheckout,
  insertCheckoutSession,
  newCheckoutSessionId,
  priceCheckout,
  setProviderSessionId,
  type CheckoutSession,
  type Fulfilment,
} from './shop.server.ts';

export interface ProviderCheckout {
  id: string;
  lines: CheckoutLine[];
  amountBirr: number;
  customerEmail: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Starts the provider's side of a checkout; answers where to send the buyer. */
  start(checkout: ProviderCheckout): Promise<{ providerSessionId: string | null; url: string }>;
  /** Whether the provider says this checkout is paid (the success page asks when a webhook is late). */
  isPaid(session: CheckoutSession): Promise<boolean>;
}

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

/** The checkout button's words, without loading any provider code. */
export function checkoutButtonLabel(stripe: StripeConfig | null = config().stripe): string {
  return stripe ? m.shop_checkout_stripe() : m.shop_checkout_card();
}

let stripeProvider: Promise<PaymentProvider> | undefined;

/** The configured provider: Stripe when keyed (imported on first use), else the test checkout. */
export async function paymentProvider(): Promise<PaymentProvider> {
  const c = config();
  if (!c.stripe) return testCheckoutProvider;
  const stripe = c.stripe;
  stripeProvider ??= import('./stripe.server.ts').then((m) => m.createStripeProvider(stripe, c.siteUrl));
  return stripeProvider;
}

/** Checkout starts per user: enough for a shopper, not for a script. */
export const CHECKOUT_LIMIT = { max: 20, windowSeconds: 600 };

/**
 * `POST /api/create-checkout-session/`: prices the cart from the database, records the checkout
 * for the signed-in user and starts it with the provider. Answers `{id, url}`.
 */
export async function startCheckout(
  db: Database,
  user: SessionUser | null,
  body: unknown,
  provider: PaymentProvider,
  now = new Date(),
): Promise<Result<{ id: string; url: string }>> {
  if (!user) return { ok: false, status: 401, error: m.shop_sign_in_to_checkout() };
  const priced = await priceCheckout(db, body);
  if (!priced.ok) return priced;
  const limit = await hit(db, `checkout:user:${user.id}`, CHECKOUT_LIMIT, now);
  if (!limit.allowed) return { ok: false, status: 429, error: m.shop_too_often() };

  const id = newCheckoutSessionId();
  await insertCheckoutSession(db, { id, userId: user.id, provider: provider.name, ...priced.value });
  try {
    const started = await provider.start({ id, ...priced.value, customerEmail: user.email });
    if (started.providerSessionId) await setProviderSessionId(db, id, started.providerSessionId);
    return { ok: true, value: { id, url: started.url } };
  } catch (error) {
    console.error(`[checkout] ${provider.name} could not start ${id}:`, error);
    await expireCheckoutSession(db, id);
    return { ok: false, status: 502, error: m.shop_provider_failed() };
  }
}

/**
 * The success page's check: a checkout already complete is shown; an open Stripe checkout is
 * asked about (the webhook may be late) and fulfilled when Stripe says it is paid.
 */
export async function confirmCheckout(
  db: Database,
  session: CheckoutSession,
  provider: PaymentProvider,
): Promise<Result<Fulfilment> | null> {
  if (session.status === 'complete') return fulfilCheckout(db, session.id);
  if (session.status !== 'open' || session.provider !== provider.name || provider.name === 'test') return null;
  if (!(await provider.isPaid(session))) return null;
  return fulfilCheckout(db, session.id);
}
