import type { APIRoute } from 'astro';
import { pagedJson, parseAccountPaging } from '#server/account-paging.server.ts';
import { listSubscriptions } from '#server/subscriptions.server.ts';
import { jsonError } from '#server/http.server.ts';

/** `GET /api/subscriptions/`: the signed-in user's `[{id, name, status}]`, active first, paged by `page` and `limit`. */
export const GET: APIRoute = async ({ locals, url }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your subscriptions.');
  const paging = parseAccountPaging(url.searchParams);
  if (!paging.ok) return jsonError(400, paging.error, paging.fields);
  try {
    const page = await listSubscriptions(locals.db, locals.user.id, paging.value);
    return pagedJson(
      page.items.map((s) => ({
        id: s.id,
        name: s.name,
        status: s.status,
        created_at: s.createdAt.toISOString(),
        cancelled_at: s.cancelledAt?.toISOString() ?? null,
      })),
      url,
      page,
    );
  } catch (error) {
    console.error('[api/subscriptions]', error);
    return jsonError(503, 'Your subscriptions could not be loaded. Please try again.');
  }
};
