/**
 * The one fulfilment every payment provider ends in. Fulfilling the same checkout twice (a
 * redelivered webhook, a reloaded success page) writes nothing the second time. What each paid
 * line becomes (an order, subscriptions, promotions) is up to its kind's registered fulfiller
 * (fulfillers.server.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { checkoutSessions, orders, paymentUpdates, type CheckoutLine } from '#db/schema.ts';
import type { Result } from '#platform/http/result.ts';
import { baseLocale } from '#platform/i18n/locales.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { m } from '#paraglide/messages.js';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { fulfillerOf } from './fulfillers.server.ts';
import { LINE_KINDS, lineKind, paidMessage } from './payment-messages.ts';
import { paidNotice } from './payment-notices.server.ts';

export interface Fulfilment {
  checkoutSessionId: string;
  /** The order made of the checkout's products (null when it only sold plans or promotions). */
  orderId: number | null;
  /** False when the checkout had already been fulfilled (nothing was written). */
  fulfilled: boolean;
}

/**
 * Fulfils a paid checkout, once: in one transaction the session moves from open to complete (the
 * conditional update is the lock: a second delivery finds it complete and writes nothing), each
 * kind of line goes to its fulfiller, and one payment update is recorded. The unique keys on
 * orders.checkout_session_id and payment_updates.event_key back this up. A kind with no fulfiller
 * throws, and the transaction leaves the checkout unpaid. The buyer is notified with the payment
 * update, in the same transaction (so once), unless every line's fulfiller tells them itself.
 */
export async function fulfilCheckout(db: Database, checkoutSessionId: string, now = new Date()): Promise<Result<Fulfilment>> {
  return db.transaction(async (tx) => {
    // 'failed' too: Chapa may report a decline, then the buyer pays on the same page after all.
    const [claimed] = await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now })
      .where(and(eq(checkoutSessions.id, checkoutSessionId), inArray(checkoutSessions.status, ['open', 'failed'])))
      .returning();
    if (!claimed) {
      const [existing] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutSessionId)).limit(1);
      if (!existing) return { ok: false, status: 404, error: m.shop_checkout_not_found() } as const;
      if (existing.status === 'expired') return { ok: false, status: 409, error: m.shop_checkout_expired_error() } as const;
      // The success page names the order the first fulfilment made.
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId)).limit(1);
      return { ok: true, value: { checkoutSessionId, orderId: order?.id ?? null, fulfilled: false } } as const;
    }

    let orderId: number | null = null;
    let toldByFulfillers = true;
    for (const kind of LINE_KINDS) {
      const lines: CheckoutLine[] = claimed.lines.filter((line) => lineKind(line) === kind);
      if (lines.length === 0) continue;
      const fulfiller = fulfillerOf(kind);
      const made = await fulfiller.fulfil(tx, { userId: claimed.userId, checkoutSessionId, lines, now });
      if (made) orderId = made.orderId;
      if (!fulfiller.tellsBuyer) toldByFulfillers = false;
    }
    const [recorded] = await tx
      .insert(paymentUpdates)
      .values({
        userId: claimed.userId,
        message: inLocale(baseLocale, () => paidMessage(claimed.amountBirr, orderId, claimed.lines)),
        status: 'paid',
        eventKey: `checkout:${checkoutSessionId}:paid`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentUpdates.eventKey })
      .returning({ id: paymentUpdates.id });
    if (recorded && !toldByFulfillers) await notify(tx, paidNotice(claimed.userId, claimed, orderId));
    return { ok: true, value: { checkoutSessionId, orderId, fulfilled: true } } as const;
  });
}
