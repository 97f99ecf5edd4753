/**
 * Checkout sessions: one row per checkout a signed-in user starts, priced by the server, with the
 * provider that takes it and its state (open, complete, failed, expired). Declined and failed
 * payments are recorded here too, as payment updates in English.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { checkoutSessions, paymentUpdates, type CheckoutLine, type PaymentProviderName } from '#db/schema.ts';
import { baseLocale } from '#platform/i18n/locales.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { m } from '#paraglide/messages.js';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { declinedMessage } from './payment-messages.ts';
import { failedNotice } from './payment-notices.server.ts';

/** A fresh, unguessable checkout session id (it appears in /checkout/{id} and /success). */
export function newCheckoutSessionId(): string {
  return `chk_${randomBytes(18).toString('base64url')}`;
}

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(
  db: Database,
  values: { id: string; userId: string; provider: PaymentProviderName; lines: CheckoutLine[]; amountBirr: number },
): Promise<CheckoutSession> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row!;
}

export async function getCheckoutSession(db: Database, id: string): Promise<CheckoutSession | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** The user's own checkout session; someone else's is as good as missing. */
export async function getOwnCheckoutSession(db: Database, userId: string, id: string): Promise<CheckoutSession | null> {
  if (!/^chk_[\w-]{10,60}$/.test(id)) return null;
  const row = await getCheckoutSession(db, id);
  return row && row.userId === userId ? row : null;
}

export async function setProviderSessionId(db: Database, id: string, providerSessionId: string): Promise<void> {
  await db.update(checkoutSessions).set({ providerSessionId }).where(eq(checkoutSessions.id, id));
}

/**
 * A declined attempt is a payment event too: the buyer sees it among their payment updates. The
 * reason is given in English (it is stored in English, like every payment update).
 */
export async function recordDeclinedPayment(db: Database, session: CheckoutSession, reason: string, now = new Date()): Promise<void> {
  await db.insert(paymentUpdates).values({
    userId: session.userId,
    message: inLocale(baseLocale, () => declinedMessage(session.amountBirr, reason)),
    status: 'declined',
    eventKey: `checkout:${session.id}:declined:${randomUUID()}`,
    createdAt: now,
  });
}

/**
 * A payment the provider refused (Chapa: declined, cancelled, or paid with another amount), recorded
 * once per checkout as a payment update in English, and told to the buyer once with it (they may
 * have left Chapa's page). A decline on the test checkout is said on its page (recordDeclinedPayment).
 */
export async function recordFailedPayment(db: Database, session: CheckoutSession, providerStatus: string, now = new Date()): Promise<void> {
  const reason = () =>
    providerStatus === 'amount_mismatch'
      ? m.shop_chapa_mismatch_reason()
      : ['cancelled', 'canceled', 'abandoned'].includes(providerStatus)
        ? m.shop_chapa_cancelled_reason()
        : m.shop_chapa_declined_reason();
  await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentUpdates)
      .values({
        userId: session.userId,
        message: inLocale(baseLocale, () => declinedMessage(session.amountBirr, reason())),
        status: 'declined',
        eventKey: `checkout:${session.id}:failed`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentUpdates.eventKey })
      .returning({ id: paymentUpdates.id });
    if (recorded) await notify(tx, failedNotice(session.userId, session.amountBirr, reason));
  });
}

/** How long a test checkout can be paid: Stripe Checkout's shortest expiry. */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;

/**
 * A test checkout as it stands at `now`: one still open after {@link CHECKOUT_TTL_MS} is marked
 * expired (it can no longer be paid). Stripe's checkouts expire on Stripe's side.
 */
export async function expireIfStale(db: Database, session: CheckoutSession, now = new Date()): Promise<CheckoutSession> {
  if (session.status !== 'open' || session.provider !== 'test') return session;
  if (now.getTime() - session.createdAt.getTime() < CHECKOUT_TTL_MS) return session;
  const [expired] = await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
    .returning();
  // Paid a moment ago, in another request: it is whatever it is now.
  return expired ?? (await getCheckoutSession(db, session.id)) ?? session;
}

/** Marks an open checkout as given up (the provider could not start it). */
export async function expireCheckoutSession(db: Database, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}
