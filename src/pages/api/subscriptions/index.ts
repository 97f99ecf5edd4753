import { parseAccountPaging } from '#server/account-paging.server.ts';
import { listSubscriptions } from '#server/subscriptions.server.ts';
import { api, pagedJson, refuse, requireUser } from '#server/http.server.ts';

/** `GET /api/subscriptions/`: the signed-in user's `[{id, name, status}]`, active first, paged by `page` and `limit`. */
export const GET = api(
  'subscriptions',
  async (context) => {
    const user = requireUser(context, 'Sign in to see your subscriptions.');
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
  'Your subscriptions could not be loaded. Please try again.',
);
