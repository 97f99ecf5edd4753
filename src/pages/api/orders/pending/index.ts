import { accountPagingSchema } from '#lib/account.ts';
import { api, pagedJson, readQuery, requireUser } from '#server/http.server.ts';
import { listOrders, orderJson } from '#server/orders.server.ts';

/** `GET /api/orders/pending/`: the signed-in user's pending orders as `[{id, product_name, status}]` (plus totals and dates), paged by `page` and `limit`. */
export const GET = api(
  'orders/pending',
  async (context) => {
    const user = requireUser(context, 'Sign in to see your orders.');
    const paging = readQuery(context.url, accountPagingSchema);
    const orders = await listOrders(context.locals.db, user.id, 'pending', paging);
    return pagedJson(orders.items.map(orderJson), context.url, orders);
  },
  'Your orders could not be loaded. Please try again.',
);
