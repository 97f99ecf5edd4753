/**
 * A user's payment updates: one line per payment event (paid, declined, refunded), newest first.
 * Each is stored in English (the words of the event, kept); a page or API answer in another
 * language gets the same line made again in its language from the checkout or refund it names.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { checkoutSessions, orders, paymentUpdates, refunds } from '#db/schema.ts';
import { baseLocale, getLocale } from '#platform/i18n/locales.ts';
import { CARD_MESSAGES } from './providers/test-card.ts';
import { pageWindow } from '#platform/http/account-paging.server.ts';
import { declinedMessage, paidMessage, refundUpdateText } from './payment-messages.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { m } from '#paraglide/messages.js';

export interface PaymentUpdate {
  id: number;
  message: string;
  status: string;
  createdAt: Date;
}

type StoredUpdate = PaymentUpdate & { eventKey: string };

export async function listPaymentUpdates(db: Database, userId: string, paging: PageRequest): Promise<Page<PaymentUpdate>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select({
      id: paymentUpdates.id,
      message: paymentUpdates.message,
      status: paymentUpdates.status,
      eventKey: paymentUpdates.eventKey,
      createdAt: paymentUpdates.createdAt,
    })
    .from(paymentUpdates)
    .where(eq(paymentUpdates.userId, userId))
    .orderBy(desc(paymentUpdates.createdAt), desc(paymentUpdates.id))
    .limit(limit)
    .offset(offset);
  const page = toPage(rows, paging);
  const said = getLocale() === baseLocale ? new Map<number, string>() : await inRequestLanguage(db, page.items);
  return { ...page, items: page.items.map(({ eventKey: _key, ...u }) => ({ ...u, message: said.get(u.id) ?? u.message })) };
}

/** The event keys our own payment events are stored under (see checkout-sessions.server.ts, fulfilment.server.ts and shop/refunds.server.ts). */
const PAID = /^checkout:(chk_[\w-]+):paid$/;
const DECLINED = /^checkout:(chk_[\w-]+):(?:declined:|failed$)/;
const REFUND = /^refund:(\d+):(approved|declined)$/;

/** The declines a payment update can give as its reason, by their stored (English) words. */
const DECLINE_REASONS = [CARD_MESSAGES.declined, m.shop_chapa_declined_reason, m.shop_chapa_cancelled_reason, m.shop_chapa_mismatch_reason];

/** Each update's line in the request's language, made from its checkout or refund; updates of unknown events keep their words. */
async function inRequestLanguage(db: Database, updates: StoredUpdate[]): Promise<Map<number, string>> {
  const sessionIds = updates.flatMap((u) => (PAID.exec(u.eventKey) ?? DECLINED.exec(u.eventKey))?.[1] ?? []);
  const refundIds = updates.flatMap((u) => REFUND.exec(u.eventKey)?.[1] ?? []).map(Number);
  const [sessions, sessionOrders, decided] = await Promise.all([
    sessionIds.length === 0
      ? []
      : db
          .select({ id: checkoutSessions.id, lines: checkoutSessions.lines, amountBirr: checkoutSessions.amountBirr })
          .from(checkoutSessions)
          .where(inArray(checkoutSessions.id, sessionIds)),
    sessionIds.length === 0
      ? []
      : db
          .select({ id: orders.id, checkoutSessionId: orders.checkoutSessionId })
          .from(orders)
          .where(inArray(orders.checkoutSessionId, sessionIds)),
    refundIds.length === 0
      ? []
      : db
          .select({ id: refunds.id, orderId: refunds.orderId, amountBirr: refunds.amountBirr, method: refunds.method })
          .from(refunds)
          .where(inArray(refunds.id, refundIds)),
  ]);
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const orderBySession = new Map(sessionOrders.map((o) => [o.checkoutSessionId, o.id]));
  const refundById = new Map(decided.map((r) => [r.id, r]));

  const said = new Map<number, string>();
  for (const u of updates) {
    const paid = PAID.exec(u.eventKey);
    const declined = DECLINED.exec(u.eventKey);
    const refund = REFUND.exec(u.eventKey);
    const session = sessionById.get((paid ?? declined)?.[1] ?? '');
    if (paid && session) {
      said.set(u.id, paidMessage(session.amountBirr, orderBySession.get(session.id) ?? null, session.lines));
    } else if (declined && session) {
      // The reason follows the English words of the amount: "Payment of 5,200 Birr declined: …".
      const before = inLocale(baseLocale, () => declinedMessage(session.amountBirr, ''));
      if (!u.message.startsWith(before)) continue;
      const reason = u.message.slice(before.length);
      const known = DECLINE_REASONS.find((message) => message({}, { locale: baseLocale }) === reason);
      said.set(u.id, declinedMessage(session.amountBirr, known ? known() : reason));
    } else if (refund) {
      const decision = refundById.get(Number(refund[1]));
      if (decision) said.set(u.id, refundUpdateText(refund[2] === 'approved' ? 'approve' : 'decline', decision));
    }
  }
  return said;
}
