import type { APIRoute } from 'astro';
import { listOrders } from '../../../../lib/server/account.server.ts';
import { jsonError, jsonOk } from '../../../../lib/server/api.server.ts';

/** `GET /api/orders/completed/`: the signed-in user's completed orders as `[{id, product_name, status}]` (plus totals and dates). */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your orders.');
  try {
    const orders = await listOrders(locals.db, locals.user.id, 'delivered');
    return jsonOk(
      orders.map((o) => ({
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
    console.error('[api/orders/completed]', error);
    return jsonError(503, 'Your orders could not be loaded. Please try again.');
  }
};
