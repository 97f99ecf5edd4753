/**
 * Paying on the built-in test checkout: the card is judged by the test card rules, a declined card
 * is recorded as a payment update, an approved one fulfils the checkout (the same function the
 * Stripe webhook uses).
 */
import type { Database } from '#db/client.ts';
import { CARD_MESSAGES, checkTestCard, type CardInput } from './test-card.ts';
import { fail, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { baseLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { hit } from '#platform/http/rate-limit.server.ts';
import { recordDeclinedPayment, type CheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import { fulfilCheckout, type Fulfilment } from '#features/payments/fulfilment.server.ts';

/** Pays an open test checkout of the user's with a card: 400 with the card's problems by field, 402 when declined. */
export async function payWithTestCard(
  db: Database,
  user: SessionUser,
  session: CheckoutSession,
  card: CardInput,
  now: Date,
): Promise<Result<Fulfilment>> {
  const limit = await hit(db, `pay:user:${user.id}`, { max: 10, windowSeconds: 60 });
  if (!limit.allowed) return fail(429, m.shop_too_many_payments());
  const checked = checkTestCard(card, now);
  if (checked.outcome === 'invalid') {
    const fields = Object.fromEntries(Object.entries(checked.errors).map(([name, message]) => [name, [message]]));
    return fail(400, m.shop_card_check({ problems: Object.values(checked.errors).join(' ') }), fields);
  }
  if (checked.outcome === 'declined') {
    // The payment update is stored in English; the buyer is told in the page's language.
    await recordDeclinedPayment(db, session, CARD_MESSAGES.declined({}, { locale: baseLocale }));
    return fail(402, checked.message);
  }
  return fulfilCheckout(db, session.id);
}
