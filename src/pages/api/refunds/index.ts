import { parseAccountPaging } from '#server/account-paging.server.ts';
import { listRefunds } from '#server/refunds.server.ts';
import { api, pagedJson, refuse, requireUser } from '#server/http.server.ts';

/** `GET /api/refunds/`: the signed-in user's `[{id, product_name, status}]` (plus order, amount and dates), paged by `page` and `limit`. */
export const GET = api(
  'refunds',
  async (context) => {
    const user = requireUser(context, 'Sign in to see your refunds.');
    const paging = parseAccountPaging(context.url.searchParams);
    if (!paging.ok) refuse(paging);
    const page = await listRefunds(context.locals.db, user.id, paging.value);
    const items = page.items.map((r) => ({
      id: r.id,
      product_name: r.productName,
      status: r.status,
      order_id: r.orderId,
      amount_birr: r.amountBirr,
      created_at: r.createdAt.toISOString(),
      decided_at: r.decidedAt?.toISOString() ?? null,
    }));
    return pagedJson(items, context.url, page);
  },
  'Your refund requests could not be loaded. Please try again.',
);
