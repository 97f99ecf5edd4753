/**
 * Shop orders: a user's own orders by state (pending delivery, delivered), and the admin's
 * delivery queue. Every read of a user's orders is scoped to that user.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { orderItems, orders, refunds, users, type OrderStatus, type RefundStatus } from '#db/schema.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { adminsOnly } from '#features/accounts/policy.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { ACCOUNT_LIST_LIMIT, pageWindow } from '#platform/http/account-paging.server.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { m } from '#paraglide/messages.js';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { mayManageOrders } from './policy.ts';
import { deliveredNotice } from './shop-notices.server.ts';

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

/** The items of some orders, by order id, in the order they were bought. */
export async function itemsOf(db: Pick<Database, 'select'>, orderIds: number[]) {
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

type OrderRow = {
  id: number;
  status: OrderStatus;
  totalBirr: number;
  createdAt: Date;
  deliveredAt: Date | null;
  refundId: number | null;
  refundStatus: RefundStatus | null;
};

function toView(row: OrderRow, items: OrderView['items']): OrderView {
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

/** An order in the JSON API: `{id, product_name, status}` plus totals and dates. */
export function orderJson(o: OrderView) {
  return {
    id: o.id,
    product_name: o.productName,
    status: o.status,
    total_birr: o.totalBirr,
    created_at: o.createdAt.toISOString(),
    delivered_at: o.deliveredAt?.toISOString() ?? null,
    refund_status: o.refund?.status ?? null,
  };
}

/** Every customer's orders in one state, oldest pending first (the delivery queue). */
export async function adminListOrders(
  db: Database,
  admin: SessionUser,
  status: OrderStatus,
  limit = ACCOUNT_LIST_LIMIT,
): Promise<Result<AdminOrderView[]>> {
  if (!mayManageOrders(admin)) return adminsOnly();
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
  return ok(rows.map((r) => ({ ...toView(r, items.get(r.id) ?? []), customerEmail: r.customerEmail, customerName: r.customerName })));
}

/** Marks a pending order delivered, telling the buyer in the same transaction; a delivered order stays as it is. */
export async function markDelivered(
  db: Database,
  admin: SessionUser,
  orderId: number,
  now = new Date(),
): Promise<Result<{ id: number; status: OrderStatus }>> {
  if (!mayManageOrders(admin)) return adminsOnly();
  const row = await db.transaction(async (tx) => {
    const [delivered] = await tx
      .update(orders)
      .set({ status: 'delivered', deliveredAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id, status: orders.status, userId: orders.userId });
    if (!delivered) return null;
    const products = ((await itemsOf(tx, [delivered.id])).get(delivered.id) ?? []).map((i) => i.name).join(', ');
    await notify(tx, deliveredNotice(delivered.userId, { id: delivered.id, products }));
    return { id: delivered.id, status: delivered.status };
  });
  if (row) return ok(row);
  const [existing] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return existing ? ok(existing) : fail(404, m.account_order_not_found());
}
