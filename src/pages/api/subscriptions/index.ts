import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { parseAccountPaging } from '#features/accounts/account-paging.server.ts';
import { listSubscriptions } from '#features/shop/subscriptions.server.ts';
import { api, pagedJson, refuse, requireUser } from '#platform/http/http.server.ts';

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'subscriptions',
    async (context) => {
      const user = requireUser(context, m.account_api_sign_in_subscriptions());
      const paging = parseAccountPaging(context.url.searchParams);
      if (!paging.ok) refuse(paging);
      const page = await listSubscriptions(context.locals.db, user.id, paging.value);
      const items = page.items.map((s) => ({
        id: s.id,
        name: s.name,
        status: s.status,
        created_at: s.createdAt.toISOString(),
        cancelled_at: s.cancelledAt?.toISOString() ?? null,
      }));
      return pagedJson(items, context.url, page);
    },
    unavailable,
  );

/** `GET /api/subscriptions/`: the signed-in user's `[{id, name, status}]`, active first, paged by `page` and `limit`. */
export const GET: APIRoute = (context) => route(m.account_subscriptions_load_error())(context);
