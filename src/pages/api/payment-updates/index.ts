import { parseAccountPaging } from '#server/account-paging.server.ts';
import { listPaymentUpdates } from '#server/payment-updates.server.ts';
import { api, pagedJson, refuse, requireUser } from '#server/http.server.ts';

/**
 * `GET /api/payment-updates/`: the signed-in user's `[{message, status}]` (plus id and created_at),
 * newest first, paged by `page` and `limit` (`X-Has-More`, `Link: rel=next`).
 */
export const GET = api(
  'payment-updates',
  async (context) => {
    const user = requireUser(context, 'Sign in to see your payment updates.');
    const paging = parseAccountPaging(context.url.searchParams);
    if (!paging.ok) refuse(paging);
    const page = await listPaymentUpdates(context.locals.db, user.id, paging.value);
    const items = page.items.map((u) => ({ id: u.id, message: u.message, status: u.status, created_at: u.createdAt.toISOString() }));
    return pagedJson(items, context.url, page);
  },
  'Your payment updates could not be loaded. Please try again.',
);
