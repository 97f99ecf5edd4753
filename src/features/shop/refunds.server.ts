/**
 * Refunds: a user asks for one on their own order (once), and an admin approves it (the wallet is
 * credited and a payment update added, in one transaction) or declines it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { orders, paymentUpdates, refunds, users, walletEntries, type RefundMethod, type RefundStatus } from '#db/schema.ts';
import type { DecisionOutcome, OrderDecision } from '#features/accounts/account.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { ACCOUNT_LIST_LIMIT, pageWindow } from '#platform/http/account-paging.server.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { adminsOnly } from '#features/accounts/policy.ts';
import { itemsOf, markDelivered } from './orders.server.ts';
import { mayManageOrders, mayRequestRefund } from './policy.ts';
import { payBack } from '#features/payments/money-back.server.ts';
import { getCheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import { refundUpdateText, walletRefundReason } from '#features/payments/payment-messages.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { baseLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { refundNotice } from './shop-notices.server.ts';

export interface RefundView {
  id: number;
  orderId: number;
  productName: string;
  amountBirr: number;
  status: RefundStatus;
  /** How an approved refund went back (null while it is not decided). */
  method: RefundMethod | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export interface AdminRefundView extends RefundView {
  customerEmail: string;
}

const refundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  productName: refunds.productName,
  amountBirr: refunds.amountBirr,
  status: refunds.status,
  method: refunds.method,
  createdAt: refunds.createdAt,
  decidedAt: refunds.decidedAt,
};

export async function listRefunds(db: Database, userId: string, paging: PageRequest): Promise<Page<RefundView>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select(refundColumns)
    .from(refunds)
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, paging);
}

/** 'Request refund' on one of the user's own orders: one request per order (409 after that). */
export async function requestRefund(db: Database, user: SessionUser, orderId: number, now = new Date()): Promise<Result<RefundView>> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || !mayRequestRefund(user, order)) return fail(404, m.account_order_not_found());
  const items = (await itemsOf(db, [order.id])).get(order.id) ?? [];
  const [created] = await db
    .insert(refunds)
    .values({
      userId: user.id,
      orderId: order.id,
      // Stored, so in English like the product names (an order always has items).
      productName: items.map((i) => i.name).join(', ') || m.account_order_number({ id: order.id }, { locale: baseLocale }),
      amountBirr: order.totalBirr,
      createdAt: now,
    })
    .onConflictDoNothing({ target: refunds.orderId })
    .returning(refundColumns);
  if (!created) return fail(409, m.account_refund_already_requested({ orderId: order.id }));
  return ok(created);
}

/** The order pages' line after a refund request. */
export const refundRequestedText = (refund: RefundView) => m.account_refund_requested_notice({ orderId: refund.orderId });

/** Refund requests waiting for a decision, oldest first. */
export async function adminOpenRefunds(db: Database, admin: SessionUser, limit = ACCOUNT_LIST_LIMIT): Promise<Result<AdminRefundView[]>> {
  if (!mayManageOrders(admin)) return adminsOnly();
  const rows = await db
    .select({ ...refundColumns, customerEmail: users.email })
    .from(refunds)
    .innerJoin(users, eq(users.id, refunds.userId))
    .where(eq(refunds.status, 'requested'))
    .orderBy(refunds.createdAt, refunds.id)
    .limit(limit);
  return ok(rows);
}

/**
 * Approves or declines a refund request, once. Approving gives the order's amount back (through
 * Chapa for an order paid with Chapa, when Chapa takes it back; to the wallet otherwise) and adds a
 * payment update; the buyer is notified in the same transaction. Deciding again (a second click, a
 * second admin) changes nothing: the conditional update that claims the request finds none open,
 * and the unique keys on wallet_entries.refund_id and payment_updates.event_key back that up.
 * Chapa is asked after the claim and outside any transaction, so nobody waits on it holding a lock,
 * and with a unique refund reference.
 */
export async function decideRefund(
  db: Database,
  admin: SessionUser,
  refundId: number,
  verdict: 'approve' | 'decline',
  now = new Date(),
): Promise<Result<RefundView & { changed: boolean }>> {
  if (!mayManageOrders(admin)) return adminsOnly();
  const [decided] = await db
    .update(refunds)
    .set({ status: verdict === 'approve' ? 'approved' : 'declined', decidedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
    .returning({ ...refundColumns, userId: refunds.userId });
  if (!decided) {
    const [existing] = await db.select(refundColumns).from(refunds).where(eq(refunds.id, refundId));
    return existing ? ok({ ...existing, changed: false }) : fail(404, m.account_refund_not_found());
  }
  const { userId, ...claimed } = decided;
  let refund: RefundView = claimed;
  let providerReference: string | null = null;
  if (verdict === 'approve') {
    const [order] = await db.select({ checkoutSessionId: orders.checkoutSessionId }).from(orders).where(eq(orders.id, refund.orderId));
    const session = order ? await getCheckoutSession(db, order.checkoutSessionId) : null;
    const back = await payBack(session, {
      amountBirr: refund.amountBirr,
      reason: `Refund of Sefer order ${refund.orderId}`,
      reference: `sefer-refund-${refund.id}`,
    });
    refund = { ...refund, method: back.method };
    providerReference = back.providerReference;
  }
  await db.transaction(async (tx) => {
    if (verdict === 'approve') {
      await tx.update(refunds).set({ method: refund.method, providerReference }).where(eq(refunds.id, refund.id));
      if (refund.method === 'wallet') {
        await tx
          .insert(walletEntries)
          .values({
            userId,
            amountBirr: refund.amountBirr,
            // Stored in English (the API's reason); pages show it in their language (payments/wallet.server.ts).
            reason: walletRefundReason(refund, baseLocale),
            refundId: refund.id,
            createdAt: now,
          })
          .onConflictDoNothing({ target: walletEntries.refundId });
      }
    }
    await tx
      .insert(paymentUpdates)
      .values({
        userId,
        // Stored in English; the payment updates are shown in each page's language (payments/payment-updates.server.ts).
        message: inLocale(baseLocale, () => refundUpdateText(verdict, refund)),
        status: verdict === 'approve' ? 'refunded' : 'refund declined',
        eventKey: `refund:${refund.id}:${verdict === 'approve' ? 'approved' : 'declined'}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentUpdates.eventKey });
    await notify(tx, refundNotice(userId, verdict, refund));
  });
  return ok({ ...refund, changed: true });
}

/** An admin's decision on the shop orders page: deliver an order, or approve or decline a refund. */
export async function decideOrder(db: Database, admin: SessionUser, { action, id }: OrderDecision): Promise<Result<DecisionOutcome>> {
  if (action === 'deliver') {
    const delivered = await markDelivered(db, admin, id);
    return delivered.ok ? ok({ action, id, status: delivered.value.status, changed: true }) : delivered;
  }
  const decided = await decideRefund(db, admin, id, action);
  return decided.ok ? ok({ action, id, status: decided.value.status, changed: decided.value.changed }) : decided;
}
