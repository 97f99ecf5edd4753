import type { APIRoute } from 'astro';
import { listRefunds } from '../../../lib/server/account.server.ts';
import { jsonError, jsonOk } from '../../../lib/server/api.server.ts';

/** `GET /api/refunds/`: the signed-in user's `[{id, product_name, status}]` (plus order, amount and dates). */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your refunds.');
  try {
    const rows = await listRefunds(locals.db, locals.user.id);
    return jsonOk(
      rows.map((r) => ({
        id: r.id,
        product_name: r.productName,
        status: r.status,
        order_id: r.orderId,
        amount_birr: r.amountBirr,
        created_at: r.createdAt.toISOString(),
        decided_at: r.decidedAt?.toISOString() ?? null,
      })),
    );
  } catch (error) {
    console.error('[api/refunds]', error);
    return jsonError(503, 'Your refund requests could not be loaded. Please try again.');
  }
};
