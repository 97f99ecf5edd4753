/**
 * The account pages' data: a user's payment updates, orders, wallet (a ledger), subscriptions and
 * refunds, and what an admin does with them (mark delivered, approve or decline a refund). Every
 * read is scoped to the session's user; every multi-row write is one transaction.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { APIRoute } from 'astro';
import { z } from 'zod';
import type { Database } from '#db/client.ts';
import { orderItems, orders, paymentUpdates, refunds, subscriptions, users, walletEntries } from '#db/schema.ts';
import { formatBirr } from '#lib/shop.ts';
import { parseId } from '#lib/input-guards.ts';
import type { SessionUser } from './auth.server.ts';
import { jsonError, jsonOk } from './http.server.ts';
import { toPage, type Page, type PageRequest } from '#lib/paging.ts';
import { describeIssues, type ParseResult } from '#lib/listing-query.ts';
import type { Result } from '#lib/result.ts';

/** Most rows an admin list shows (oldest first). */
export const ACCOUNT_LIST_LIMIT = 100;

/** Rows per page of an account list on its page, and by default on its JSON endpoint. */
export const ACCOUNT_PAGE_SIZE = 20;
export const MAX_ACCOUNT_PAGE_SIZE = 100;
/** Far beyond any real account; keeps OFFSET and page * size small numbers. */
export const MAX_ACCOUNT_PAGE = 10_000;

const accountPagingSchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(MAX_ACCOUNT_PAGE, `page must be at most ${MAX_ACCOUNT_PAGE}`)
    .default(1),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(MAX_ACCOUNT_PAGE_SIZE, `limit must be at most ${MAX_ACCOUNT_PAGE_SIZE}`)
    .default(ACCOUNT_PAGE_SIZE),
});

/** `?page=&limit=` of an account JSON endpoint; bad values are reported by name (400). */
export function parseAccountPaging(params: URLSearchParams): ParseResult<PageRequest> {
  const raw: Record<string, string> = {};
  for (const key of ['page', 'limit']) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const result = accountPagingSchema.safeParse(raw);
  if (!result.success) return { ok: false, ...describeIssues(result.error) };
  return { ok: true, value: { page: result.data.page, pageSize: result.data.limit } };
}

/** The page of an account page's list from its URL: page 1 for anything unusable (pages never error on it). */
export function accountPageOf(params: URLSearchParams): PageRequest {
  const n = Number(params.get('page'));
  return { page: Number.isInteger(n) && n >= 1 && n <= MAX_ACCOUNT_PAGE ? n : 1, pageSize: ACCOUNT_PAGE_SIZE };
}

/** One page in SQL: `pageSize + 1` rows from the page's offset (the extra row tells there is more). */
const pageWindow = (paging: PageRequest) => ({ limit: paging.pageSize + 1, offset: (paging.page - 1) * paging.pageSize });

/**
 * An account list's JSON answer: the body, with `X-Has-More` and a `Link: rel=next` when another
 * page exists (as `GET /api/products/` does).
 */
export function pagedJson(body: unknown, url: URL, page: Page<unknown>): Response {
  const response = jsonOk(body);
  response.headers.set('X-Has-More', String(page.hasMore));
  if (page.hasMore) {
    const next = new URL(url);
    next.searchParams.set('page', String(page.page + 1));
    response.headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return response;
}

const ADMINS_ONLY = { ok: false, status: 403, error: 'Only admins can do that.' } as const;

export interface PaymentUpdate {
  id: number;
  message: string;
  status: string;
  createdAt: Date;
}

export async function listPaymentUpdates(db: Database, userId: string, paging: PageRequest): Promise<Page<PaymentUpdate>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select({ id: paymentUpdates.id, message: paymentUpdates.message, status: paymentUpdates.status, createdAt: paymentUpdates.createdAt })
    .from(paymentUpdates)
    .where(eq(paymentUpdates.userId, userId))
    .orderBy(desc(paymentUpdates.createdAt), desc(paymentUpdates.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, paging);
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

function toView(
  row: {
    id: number;
    status: OrderStatus;
    totalBirr: number;
    createdAt: Date;
    deliveredAt: Date | null;
    refundId: number | null;
    refundStatus: RefundStatus | null;
  },
  items: OrderView['items'],
): OrderView {
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
export async function listOrders(db: Database, userId: string, status: OrderStatus, paging: PageRequest): Promise<Page<OrderView>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, status)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  const page = toPage(rows, paging);
  const items = await itemsOf(
    db,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((r) => toView(r, items.get(r.id) ?? [])) };
}

export interface WalletEntry {
  id: number;
  amountBirr: number;
  reason: string;
  createdAt: Date;
}

/** The wallet: its balance is the sum of the whole ledger, in whole Birr; the entries are one page of it. */
export async function walletOf(
  db: Database,
  userId: string,
  paging: PageRequest,
): Promise<{ balance: number; entries: Page<WalletEntry> }> {
  const { limit, offset } = pageWindow(paging);
  const [sum] = await db
    .select({ balance: sql<string | number | null>`coalesce(sum(${walletEntries.amountBirr}), 0)` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  const entries = await db
    .select({
      id: walletEntries.id,
      amountBirr: walletEntries.amountBirr,
      reason: walletEntries.reason,
      createdAt: walletEntries.createdAt,
    })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(limit)
    .offset(offset);
  return { balance: Number(sum?.balance ?? 0), entries: toPage(entries, paging) };
}

export interface SubscriptionView {
  id: number;
  name: string;
  status: 'active' | 'cancelled';
  createdAt: Date;
  cancelledAt: Date | null;
}

/** The user's subscriptions, active ones first. */
export async function listSubscriptions(db: Database, userId: string, paging: PageRequest): Promise<Page<SubscriptionView>> {
  const { limit, offset } = pageWindow(paging);
  const rows = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      status: subscriptions.status,
      createdAt: subscriptions.createdAt,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(limit)
    .offset(offset);
  return toPage(rows, paging);
}

/** Cancels one of the user's own subscriptions; cancelling it again changes nothing. */
export async function cancelSubscription(db: Database, user: SessionUser, id: number, now = new Date()): Promise<Result<SubscriptionView>> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  if (!row || row.userId !== user.id) return { ok: false, status: 404, error: 'Subscription not found.' };
  if (row.status === 'active') {
    await db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')));
  }
  const [after] = await db
    .select({
      id: subscriptions.id,
      name: subscriptions.name,
      status: subscriptions.status,
      createdAt: subscriptions.createdAt,
      cancelledAt: subscriptions.cancelledAt,
    })
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
  if (!order || order.userId !== user.id) return { ok: false, status: 404, error: 'Order not found.' };
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
  if (!created) return { ok: false, status: 409, error: `A refund was already requested for order #${order.id}.` };
  return { ok: true, value: created };
}

// ---------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------

/** Every customer's orders in one state, oldest pending first (the delivery queue). */
export async function adminListOrders(
  db: Database,
  admin: SessionUser,
  status: OrderStatus,
  limit = ACCOUNT_LIST_LIMIT,
): Promise<Result<AdminOrderView[]>> {
  if (!admin.isAdmin) return ADMINS_ONLY;
  const rows = await db
    .select({ ...orderColumns, customerEmail: users.email, customerName: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(eq(orders.status, status))
    .orderBy(status === 'pending' ? orders.createdAt : desc(orders.deliveredAt), orders.id)
    .limit(limit);
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    ok: true,
    value: rows.map((r) => ({ ...toView(r, items.get(r.id) ?? []), customerEmail: r.customerEmail, customerName: r.customerName })),
  };
}

/** Marks a pending order delivered; a delivered order stays as it is. */
export async function markDelivered(
  db: Database,
  admin: SessionUser,
  orderId: number,
  now = new Date(),
): Promise<Result<{ id: number; status: OrderStatus }>> {
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
export async function adminOpenRefunds(db: Database, admin: SessionUser, limit = ACCOUNT_LIST_LIMIT): Promise<Result<AdminRefundView[]>> {
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
      return existing
        ? { ok: true, value: { ...existing, changed: false } }
        : { ok: false, status: 404, error: 'Refund request not found.' };
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
    return { ok: true, value: { ...refund, changed: true } };
  });
}

export type PageNotice = { kind: 'error' | 'success'; text: string };

/** The order pages' 'Request refund' form post, as a notice for the page (and its status). */
export async function refundFromForm(db: Database, user: SessionUser, request: Request): Promise<{ notice: PageNotice; status: number }> {
  const form = await request.formData().catch(() => null);
  const orderId = parseId(form?.get('order'));
  if (form?.get('action') !== 'refund' || orderId === null) {
    return { notice: { kind: 'error', text: 'That request was not understood.' }, status: 400 };
  }
  let result: Result<RefundView>;
  try {
    result = await requestRefund(db, user, orderId);
  } catch (error) {
    console.error('[refund]', error);
    return { notice: { kind: 'error', text: 'Your refund request could not be sent. Please try again.' }, status: 503 };
  }
  if (!result.ok) return { notice: { kind: 'error', text: result.error }, status: result.status };
  return {
    notice: { kind: 'success', text: `Refund requested for order #${orderId}. You can follow it on the Refunds page.` },
    status: 200,
  };
}

/**
 * `GET /api/orders/pending/` and `/api/orders/completed/`: the signed-in user's orders of one status
 * as `[{id, product_name, status}]` (plus totals and dates).
 */
export function ordersEndpoint(status: OrderStatus): APIRoute {
  return async ({ locals, url }) => {
    if (!locals.user) return jsonError(401, 'Sign in to see your orders.');
    const paging = parseAccountPaging(url.searchParams);
    if (!paging.ok) return jsonError(400, paging.error, paging.fields);
    try {
      const list = await listOrders(locals.db, locals.user.id, status, paging.value);
      return pagedJson(
        list.items.map((o) => ({
          id: o.id,
          product_name: o.productName,
          status: o.status,
          total_birr: o.totalBirr,
          created_at: o.createdAt.toISOString(),
          delivered_at: o.deliveredAt?.toISOString() ?? null,
          refund_status: o.refund?.status ?? null,
        })),
        url,
        list,
      );
    } catch (error) {
      console.error(`[api/orders/${status}]`, error);
      return jsonError(503, 'Your orders could not be loaded. Please try again.');
    }
  };
}
