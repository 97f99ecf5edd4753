import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { parseAccountPaging } from '#features/accounts/account-paging.server.ts';
import { listRefunds } from '#features/shop/refunds.server.ts';
import { api, pagedJson, refuse, requireUser } from '#platform/http/http.server.ts';

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'refunds',
    async (context) => {
      const user = requireUser(context, m.account_api_sign_in_refunds());
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
    unavailable,
  );

/** `GET /api/refunds/`: the signed-in user's `[{id, product_name, status}]` (plus order, amount and dates), paged by `page` and `limit`. */
export const GET: APIRoute = (context) => route(m.account_refunds_load_error())(context);
