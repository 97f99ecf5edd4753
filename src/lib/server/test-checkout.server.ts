/**
 * Paying on the built-in test checkout: the card is judged by the test card rules, a declined card
 * is recorded as a payment update, an approved one fulfils the checkout (the same function the
 * Stripe webhook uses).
 */
import type { Database } from '#db/client.ts';
import { checkTestCard, type CardInput } from '#lib/test-card.ts';
import { fail, type Result } from '#lib/result.ts';
import type { SessionUser } from './auth.server.ts';
import { hit } from './rate-limit.server.ts';
import { fulfilCheckout, recordDeclinedPayment, type CheckoutSession, type Fulfilment } from './shop.server.ts';

const TOO_MANY_PAYMENTS = 'Too many payment attempts. Please wait a minute and try again.';

/** Pays an open test checkout of the user's with a card: 400 with the card's problems by field, 402 when declined. */
export async function payWithTestCard(
  db: Database,
  user: SessionUser,
  session: CheckoutSession,
  card: CardInput,
  now: Date,
): Promise<Result<Fulfilment>> {
  const limit = await hit(db, `pay:user:${user.id}`, { max: 10, windowSeconds: 60 });
  if (!limit.allowed) return fail(429, TOO_MANY_PAYMENTS);
  const checked = checkTestCard(card, now);
  if (checked.outcome === 'invalid') {
    const fields = Object.fromEntries(Object.entries(checked.errors).map(([name, message]) => [name, [message]]));
    return fail(400, `Please check your card details: ${Object.values(checked.errors).join(' ')}`, fields);
  }
  if (checked.outcome === 'declined') {
    await recordDeclinedPayment(db, session, checked.message);
    return fail(402, checked.message);
  }
  return fulfilCheckout(db, session.id);
}
