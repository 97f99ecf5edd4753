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
import { ADMINS_ONLY, itemsOf, markDelivered } from './orders.server.ts';

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
  if (!order || order.userId !== user.id) return fail(404, 'Order not found.');
  const items = (await itemsOf(db, [order.id])).get(order.id) ?? [];
  const [created] = await db
    .insert(refunds)
    .values({
      userId: user.id,
      orderId: order.id,
      productName: items.map((i) => i.name).join(', ') || `Order #${order.id}`,
      amountBirr: order.totalBirr,
      createdAt: now,
    })
    .onConflictDoNothing({ target: refunds.orderId })
    .returning(refundColumns);
  if (!created) return fail(409, `A refund was already requested for order #${order.id}.`);
  return ok(created);
}

/** The order pages' line after a refund request. */
export const refundRequestedText = (refund: RefundView) =>
  `Refund requested for order #${refund.orderId}. You can follow it on the Refunds page.`;

/** Refund requests waiting for a decision, oldest first. */
export async function adminOpenRefunds(db: Database, admin: SessionUser, limit = ACCOUNT_LIST_LIMIT): Promise<Result<AdminRefundView[]>> {
  if (!admin.isAdmin) return ADMINS_ONLY;
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
  if (!admin.isAdmin) return ADMINS_ONLY;
  return db.transaction(async (tx): Promise<Result<RefundView & { changed: boolean }>> => {
    const [decided] = await tx
      .update(refunds)
      .set({ status: verdict === 'approve' ? 'approved' : 'declined', decidedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
      .returning({ ...refundColumns, userId: refunds.userId });
    if (!decided) {
      const [existing] = await tx.select(refundColumns).from(refunds).where(eq(refunds.id, refundId));
      return existing ? ok({ ...existing, changed: false }) : fail(404, 'Refund request not found.');
    }
    const { userId, ...refund } = decided;
    if (verdict === 'approve') {
      await tx
        .insert(walletEntries)
        .values({
          userId,
          amountBirr: refund.amountBirr,
          reason: `Refund for order #${refund.orderId} (${refund.productName})`,
          refundId: refund.id,
          createdAt: now,
        })
        .onConflictDoNothing({ target: walletEntries.refundId });
    }
    await tx
      .insert(paymentUpdates)
      .values({
        userId,
        message:
          verdict === 'approve'
            ? `Refund of ${formatBirr(refund.amountBirr)} for order #${refund.orderId} approved and added to your wallet.`
            : `Refund request for order #${refund.orderId} (${formatBirr(refund.amountBirr)}) was declined.`,
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
