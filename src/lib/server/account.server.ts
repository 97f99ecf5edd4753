/**
 * The account pages' data: a user's payment updates, orders, wallet (a ledger), subscriptions and
 * refunds, and what an admin does with them (mark delivered, approve or decline a refund). Every
 * read is scoped to the session's user; every multi-row write is one transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { APIRoute } from 'astro';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, paymentUpdates, refunds, subscriptions, users, walletEntries } from '../../db/schema.ts';
import { formatBirr } from '../shop.ts';
import type { SessionUser } from './auth.server.ts';
import { jsonError, jsonOk } from './api.server.ts';
import type { Outcome } from './shop.server.ts';

/** Most rows an account list shows (newest first). */
export const ACCOUNT_LIST_LIMIT = 100;

const ADMINS_ONLY = { ok: false, status: 403, error: 'Only admins can do that.' } as const;

export interface PaymentUpdate {
  id: number;
  message: string;
  status: string;
  createdAt: Date;
}

export function listPaymentUpdates(db: Database, userId: string): Promise<PaymentUpdate[]> {
  return db
    .select({ id: paymentUpdates.id, message: paymentUpdates.message, status: paymentUpdates.status, createdAt: paymentUpdates.createdAt })
    .from(paymentUpdates)
    .where(eq(paymentUpdates.userId, userId))
    .orderBy(desc(paymentUpdates.createdAt), desc(paymentUpdates.id))
    .limit(ACCOUNT_LIST_LIMIT);
}

export type OrderStatus = 'pending' | 'delivered';
export type RefundStatus = 'requested' | 'approved' | 'declined';

export interface OrderView {
  id: number;
  /** The order's product names, joined: the spec's `product_name`. */
  productName: string;
  items: { name: string; priceBirr: number; quantity: number }[];
  status: OrderStatus;
  totalBirr: number;
  createdAt: Date;
  deliveredAt: Date | null;
  refund: { id: number; status: RefundStatus } | null;
}

export interface AdminOrderView extends OrderView {
  customerEmail: string;
  customerName: string;
}

async function itemsOf(db: Database, orderIds: number[]) {
  const map = new Map<number, OrderView['items']>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ orderId: orderItems.orderId, name: orderItems.productName, priceBirr: orderItems.priceBirr, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);
  for (const { orderId, ...item } of rows) {
    const list = map.get(orderId) ?? [];
    list.push(item);
    map.set(orderId, list);
  }
  return map;
}

const orderColumns = {
  id: orders.id,
  status: orders.status,
  totalBirr: orders.totalBirr,
  createdAt: orders.createdAt,
  deliveredAt: orders.deliveredAt,
  refundId: refunds.id,
  refundStatus: refunds.status,
};

function toView(row: { id: number; status: OrderStatus; totalBirr: number; createdAt: Date; deliveredAt: Date | null; refundId: number | null; refundStatus: RefundStatus | null }, items: OrderView['items']): OrderView {
  return {
    id: row.id,
    productName: items.map((i) => i.name).join(', '),
    items,
    status: row.status,
    totalBirr: row.totalBirr,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
    refund: row.refundId !== null && row.refundStatus !== null ? { id: row.refundId, status: row.refundStatus } : null,
  };
}

/** The user's orders in one state: pending (paid, not yet delivered) or delivered. */
export async function listOrders(db: Database, userId: string, status: OrderStatus): Promise<OrderView[]> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, status)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACCOUNT_LIST_LIMIT);
  const items = await itemsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toView(r, items.get(r.id) ?? []));
}

export interface WalletEntry {
  id: number;
  amountBirr: number;
  reason: string;
  createdAt: Date;
}

/** The wallet: its balance is the sum of the ledger, in whole Birr. */
export async function walletOf(db: Database, userId: string): Promise<{ balance: number; entries: WalletEntry[] }> {
  const [sum] = await db
    .select({ balance: sql<string | number | null>`coalesce(sum(${walletEntries.amountBirr}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  const entries = await db
    .select({ id: walletEntries.id, amountBirr: walletEntries.amountBirr, reason: walletEntries.reason, createdAt: walletEntries.createdAt })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(ACCOUNT_LIST_LIMIT);
  return { balance: Number(sum?.balance ?? 0), entries };
}

export interface SubscriptionView {
  id: number;
  name: string;
  status: 'active' | 'cancelled';
  createdAt: Date;
  cancelledAt: Date | null;
}

/** The user's subscriptions, active ones first. */
export function listSubscriptions(db: Database, userId: string): Promise<SubscriptionView[]> {
  return db
    .select({ id: subscriptions.id, name: subscriptions.name, status: subscriptions.status, createdAt: subscriptions.createdAt, cancelledAt: subscriptions.cancelledAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(ACCOUNT_LIST_LIMIT);
}

/** Cancels one of the user's own subscriptions; cancelling it again changes nothing. */
export async function cancelSubscription(db: Database, user: SessionUser, id: number, now = new Date()): Promise<Outcome<SubscriptionView>> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  if (!row || row.userId !== user.id) return { ok: false, status: 404, error: 'Subscription not found.' };
  if (row.status === 'active') {
    await db.update(subscriptions).set({ status: 'cancelled', cancelledAt: now }).where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')));
  }
  const [after] = await db
    .select({ id: subscriptions.id, name: subscriptions.name, status: subscriptions.status, createdAt: subscriptions.createdAt, cancelledAt: subscriptions.cancelledAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return { ok: true, value: after! };
}

export interface RefundView {
  id: number;
  orderId: number;
  productName: string;
  amountBirr: number;
  status: RefundStatus;
  createdAt: Date;
  decidedAt: Date | null;
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

export function listRefunds(db: Database, userId: string): Promise<RefundView[]> {
  return db
    .select(refundColumns)
    .from(refunds)
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(ACCOUNT_LIST_LIMIT);
}

/** 'Request refund' on one of the user's own orders: one request per order (409 after that). */
export async function requestRefund(db: Database, user: SessionUser, orderId: number, now = new Date()): Promise<Outcome<RefundView>> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || order.userId !== user.id) return { ok: false, status: 404, error: 'Order not found.' };
  const items = (await itemsOf(db, [order.id])).get(order.id) ?? [];
  const [created] = await db
    .insert(refunds)
    .values({ userId: user.id, orderId: order.id, productName: items.map((i) => i.name).join(', ') || `Order #${order.id}`, amountBirr: order.totalBirr, createdAt: now })
    .onConflictDoNothing({ target: refunds.orderId })
    .returning(refundColumns);
  if (!created) return { ok: false, status: 409, error: `A refund was already requested for order #${order.id}.` };
  return { ok: true, value: created };
}

// ---------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------

/** Every customer's orders in one state, oldest pending first (the delivery queue). */
export async function adminListOrders(db: Database, admin: SessionUser, status: OrderStatus, limit = ACCOUNT_LIST_LIMIT): Promise<Outcome<AdminOrderView[]>> {
  if (!admin.isAdmin) return ADMINS_ONLY;
  const rows = await db
    .select({ ...orderColumns, customerEmail: users.email, customerName: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(eq(orders.status, status))
    .orderBy(status === 'pending' ? orders.createdAt : desc(orders.deliveredAt), orders.id)
    .limit(limit);
  const items = await itemsOf(db, rows.map((r) => r.id));
  return { ok: true, value: rows.map((r) => ({ ...toView(r, items.get(r.id) ?? []), customerEmail: r.customerEmail, customerName: r.customerName })) };
}

/** Marks a pending order delivered; a delivered order stays as it is. */
export async function markDelivered(db: Database, admin: SessionUser, orderId: number, now = new Date()): Promise<Outcome<{ id: number; status: OrderStatus }>> {
  if (!admin.isAdmin) return ADMINS_ONLY;
  const [row] = await db
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id, status: orders.status });
  if (row) return { ok: true, value: row };
  const [existing] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return existing ? { ok: true, value: existing } : { ok: false, status: 404, error: 'Order not found.' };
}

export interface AdminRefundView extends RefundView {
  customerEmail: string;
}

/** Refund requests waiting for a decision, oldest first. */
export async function adminOpenRefunds(db: Database, admin: SessionUser, limit = ACCOUNT_LIST_LIMIT): Promise<Outcome<AdminRefundView[]>> {
  if (!admin.isAdmin) return ADMINS_ONLY;
  const rows = await db
    .select({ ...refundColumns, customerEmail: users.email })
    .from(refunds)
    .innerJoin(users, eq(users.id, refunds.userId))
    .where(eq(refunds.status, 'requested'))
    .orderBy(refunds.createdAt, refunds.id)
    .limit(limit);
  return { ok: true, value: rows };
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
): Promise<Outcome<RefundView & { changed: boolean }>> {
  if (!admin.isAdmin) return ADMINS_ONLY;
  return db.transaction(async (tx): Promise<Outcome<RefundView & { changed: boolean }>> => {
    const [decided] = await tx
      .update(refunds)
      .set({ status: verdict === 'approve' ? 'approved' : 'declined', decidedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested')))
      .returning({ ...refundColumns, userId: refunds.userId });
    if (!decided) {
      const [existing] = await tx.select(refundColumns).from(refunds).where(eq(refunds.id, refundId));
      return existing ? { ok: true, value: { ...existing, changed: false } } : { ok: false, status: 404, error: 'Refund request not found.' };
    }
    const { userId, ...refund } = decided;
    if (verdict === 'approve') {
      await tx
        .insert(walletEntries)
        .values({ userId, amountBirr: refund.amountBirr, reason: `Refund for order #${refund.orderId} (${refund.productName})`, refundId: refund.id, createdAt: now })
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
    return { ok: true, value: { ...refund, changed: true } };
  });
}

export type PageNotice = { kind: 'error' | 'success'; text: string };

/** The order pages' 'Request refund' form post, as a notice for the page (and its status). */
export async function refundFromForm(db: Database, user: SessionUser, request: Request): Promise<{ notice: PageNotice; status: number }> {
  const form = await request.formData().catch(() => null);
  const orderId = Number(form?.get('order'));
  if (form?.get('action') !== 'refund' || !Number.isInteger(orderId) || orderId < 1) {
    return { notice: { kind: 'error', text: 'That request was not understood.' }, status: 400 };
  }
  let result: Outcome<RefundView>;
  try {
    result = await requestRefund(db, user, orderId);
  } catch (error) {
    console.error('[refund]', error);
    return { notice: { kind: 'error', text: 'Your refund request could not be sent. Please try again.' }, status: 503 };
  }
  if (!result.ok) return { notice: { kind: 'error', text: result.error }, status: result.status };
  return { notice: { kind: 'success', text: `Refund requested for order #${orderId}. You can follow it on the Refunds page.` }, status: 200 };
}

/**
 * `GET /api/orders/pending/` and `/api/orders/completed/`: the signed-in user's orders of one status
 * as `[{id, product_name, status}]` (plus totals and dates).
 */
export function ordersEndpoint(status: OrderStatus): APIRoute {
  return async ({ locals }) => {
    if (!locals.user) return jsonError(401, 'Sign in to see your orders.');
    try {
      const list = await listOrders(locals.db, locals.user.id, status);
      return jsonOk(
        list.map((o) => ({
          id: o.id,
          product_name: o.productName,
          status: o.status,
          total_birr: o.totalBirr,
          created_at: o.createdAt.toISOString(),
          delivered_at: o.deliveredAt?.toISOString() ?? null,
          refund_status: o.refund?.status ?? null,
        })),
      );
    } catch (error) {
      console.error(`[api/orders/${status}]`, error);
      return jsonError(503, 'Your orders could not be loaded. Please try again.');
    }
  };
}
