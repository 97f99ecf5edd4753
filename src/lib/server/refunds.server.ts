/**
 * Refunds: a user asks for one on their own order (once), and an admin approves it (the wallet is
 * credited and a payment update added, in one transaction) or declines it.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { orders, paymentUpdates, refunds, users, walletEntries, type RefundStatus } from '#db/schema.ts';
import type { DecisionOutcome, OrderDecision } from '#lib/account.ts';
import { fail, ok, type Result } from '#lib/result.ts';
import { formatBirr } from '#lib/shop.ts';
import type { SessionUser } from './auth.server.ts';
import { ACCOUNT_LIST_LIMIT, pageWindow } from './account-paging.server.ts';
import { toPage, type Page, type PageRequest } from '#lib/paging.ts';
import { adminsOnly, itemsOf, markDelivered } from './orders.server.ts';
import { inLocale } from './locale.server.ts';
import { baseLocale, type Locale } from '#lib/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

export interface RefundView {
  id: number;
  orderId: number;
  productName: string;
  amountBirr: number;
  status: RefundStatus;
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
  if (!order || order.userId !== user.id) return fail(404, m.account_order_not_found());
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

/** The wallet entry's words for an approved refund, in `locale` (the request's by default). */
export function walletRefundReason(refund: Pick<RefundView, 'orderId' | 'productName'>, locale?: Locale): string {
  return m.account_wallet_refund_reason({ orderId: refund.orderId, products: refund.productName }, locale ? { locale } : {});
}

/** The payment update's words for a decided refund, in the request's language. */
export function refundUpdateText(verdict: 'approve' | 'decline', refund: Pick<RefundView, 'orderId' | 'amountBirr'>): string {
  const amount = formatBirr(refund.amountBirr);
  return verdict === 'approve'
    ? m.account_update_refund_approved_message({ amount, orderId: refund.orderId })
    : m.account_update_refund_declined_message({ amount, orderId: refund.orderId });
}

/** The order pages' line after a refund request. */
export const refundRequestedText = (refund: RefundView) => m.account_refund_requested_notice({ orderId: refund.orderId });

/** Refund requests waiting for a decision, oldest first. */
export async function adminOpenRefunds(db: Database, admin: SessionUser, limit = ACCOUNT_LIST_LIMIT): Promise<Result<AdminRefundView[]>> {
  if (!admin.isAdmin) return adminsOnly();
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
 * Approves or declines a refund request, once. Approving credits the wallet with the order's
 * amount and adds a payment update, in the same transaction as the decision; deciding again (a
 * second click, a second admin) changes nothing: the conditional update finds no open request,
 * and the unique keys on wallet_entries.refund_id and payment_updates.event_key back that up.
 */
export async function decideRefund(
  db: Database,
  admin: SessionUser,
  refundId: number,
  verdict: 'approve' | 'decline',
  now = new Date(),
): Promise<Result<RefundView & { changed: boolean }>> {
  if (!admin.isAdmin) return adminsOnly();
  return db.transaction(async (tx): Promise<Result<RefundView & { changed: boolean }>> => {
    const [decided] = await tx
      .update(refunds)
      .set({ status: verdict === 'approve' ? 'approved' : 'declined', decidedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
      .returning({ ...refundColumns, userId: refunds.userId });
    if (!decided) {
      const [existing] = await tx.select(refundColumns).from(refunds).where(eq(refunds.id, refundId));
      return existing ? ok({ ...existing, changed: false }) : fail(404, m.account_refund_not_found());
    }
    const { userId, ...refund } = decided;
    if (verdict === 'approve') {
      await tx
        .insert(walletEntries)
        .values({
          userId,
          amountBirr: refund.amountBirr,
          // Stored in English (the API's reason); pages show it in their language (wallet.server.ts).
          reason: walletRefundReason(refund, baseLocale),
          refundId: refund.id,
          createdAt: now,
        })
        .onConflictDoNothing({ target: walletEntries.refundId });
    }
    await tx
      .insert(paymentUpdates)
      .values({
        userId,
        // Stored in English; the payment updates are shown in each page's language (payment-updates.server.ts).
        message: inLocale(baseLocale, () => refundUpdateText(verdict, refund)),
        status: verdict === 'approve' ? 'refunded' : 'refund declined',
        eventKey: `refund:${refund.id}:${verdict === 'approve' ? 'approved' : 'declined'}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentUpdates.eventKey });
    return ok({ ...refund, changed: true });
  });
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
