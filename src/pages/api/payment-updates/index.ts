import type { APIRoute } from 'astro';
import { pagedJson, parseAccountPaging } from '#server/account-paging.server.ts';
import { listPaymentUpdates } from '#server/payment-updates.server.ts';
import { jsonError } from '#server/http.server.ts';

/**
 * `GET /api/payment-updates/`: the signed-in user's `[{message, status}]` (plus id and created_at),
 * newest first, paged by `page` and `limit` (`X-Has-More`, `Link: rel=next`).
 */
export const GET: APIRoute = async ({ locals, url }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your payment updates.');
  const paging = parseAccountPaging(url.searchParams);
  if (!paging.ok) return jsonError(400, paging.error, paging.fields);
  try {
    const page = await listPaymentUpdates(locals.db, locals.user.id, paging.value);
    return pagedJson(
      page.items.map((u) => ({ id: u.id, message: u.message, status: u.status, created_at: u.createdAt.toISOString() })),
      url,
      page,
    );
  } catch (error) {
    console.error('[api/payment-updates]', error);
    return jsonError(503, 'Your payment updates could not be loaded. Please try again.');
  }
};
