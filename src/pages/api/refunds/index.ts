import type { APIRoute } from 'astro';
import { pagedJson, parseAccountPaging } from '#server/account-paging.server.ts';
import { listRefunds } from '#server/refunds.server.ts';
import { jsonError } from '#server/http.server.ts';

/** `GET /api/refunds/`: the signed-in user's `[{id, product_name, status}]` (plus order, amount and dates), paged by `page` and `limit`. */
export const GET: APIRoute = async ({ locals, url }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your refunds.');
  const paging = parseAccountPaging(url.searchParams);
  if (!paging.ok) return jsonError(400, paging.error, paging.fields);
  try {
    const page = await listRefunds(locals.db, locals.user.id, paging.value);
    return pagedJson(
      page.items.map((r) => ({
        id: r.id,
        product_name: r.productName,
        status: r.status,
        order_id: r.orderId,
        amount_birr: r.amountBirr,
        created_at: r.createdAt.toISOString(),
        decided_at: r.decidedAt?.toISOString() ?? null,
      })),
      url,
      page,
    );
  } catch (error) {
    console.error('[api/refunds]', error);
    return jsonError(503, 'Your refund requests could not be loaded. Please try again.');
  }
};
