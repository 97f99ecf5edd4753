import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { accountPagingSchema } from '#features/accounts/account.ts';
import { api, pagedJson, readQuery, requireUser } from '#platform/http/http.server.ts';
import { listOrders, orderJson } from '#features/shop/orders.server.ts';

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'orders/completed',
    async (context) => {
      const user = requireUser(context, m.account_api_sign_in_orders());
      const paging = readQuery(context.url, accountPagingSchema);
      const orders = await listOrders(context.locals.db, user.id, 'delivered', paging);
      return pagedJson(orders.items.map(orderJson), context.url, orders);
    },
    unavailable,
  );

/** `GET /api/orders/completed/`: the signed-in user's completed orders as `[{id, product_name, status}]` (plus totals and dates), paged by `page` and `limit`. */
export const GET: APIRoute = (context) => route(m.account_orders_load_error())(context);
