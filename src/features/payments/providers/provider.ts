/**
 * What every payment provider offers (Chapa, Stripe, the built-in test checkout). Types only, in
 * their own module: payments.server.ts loads a provider with import() and the provider names these
 * types, so keeping them apart leaves no circle between the two.
 */
import type { CheckoutLine, PaymentProviderName } from '#db/schema.ts';
import type { CheckoutSession } from '#features/payments/checkout-sessions.server.ts';

export interface ProviderCheckout {
  id: string;
  lines: CheckoutLine[];
  amountBirr: number;
  customerEmail: string;
  customer: { email: string; name: string; firstName: string | null; lastName: string | null };
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts the provider's side of a checkout; answers where to send the buyer. */
  start(checkout: ProviderCheckout): Promise<{ providerSessionId: string | null; url: string }>;
  /** Whether the provider says this checkout is paid (the success page asks when a webhook is late). */
  isPaid(session: CheckoutSession): Promise<boolean>;
}
