import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { parseAccountPaging } from '#features/accounts/account-paging.server.ts';
import { listPaymentUpdates } from '#features/payments/payment-updates.server.ts';
import { api, pagedJson, refuse, requireUser } from '#platform/http/http.server.ts';

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'payment-updates',
    async (context) => {
      const user = requireUser(context, m.account_api_sign_in_updates());
      const paging = parseAccountPaging(context.url.searchParams);
      if (!paging.ok) refuse(paging);
      const page = await listPaymentUpdates(context.locals.db, user.id, paging.value);
      const items = page.items.map((u) => ({ id: u.id, message: u.message, status: u.status, created_at: u.createdAt.toISOString() }));
      return pagedJson(items, context.url, page);
    },
    unavailable,
  );

/**
 * `GET /api/payment-updates/`: the signed-in user's `[{message, status}]` (plus id and created_at),
 * newest first, paged by `page` and `limit` (`X-Has-More`, `Link: rel=next`).
 */
export const GET: APIRoute = (context) => route(m.account_payment_updates_load_error())(context);
