import type { APIRoute } from 'astro';
import { listSubscriptions } from '../../../lib/server/account.server.ts';
import { jsonError, jsonOk } from '../../../lib/server/api.server.ts';

/** `GET /api/subscriptions/`: the signed-in user's `[{id, name, status}]`, active first. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your subscriptions.');
  try {
    const rows = await listSubscriptions(locals.db, locals.user.id);
    return jsonOk(rows.map((s) => ({ id: s.id, name: s.name, status: s.status, created_at: s.createdAt.toISOString(), cancelled_at: s.cancelledAt?.toISOString() ?? null })));
  } catch (error) {
    console.error('[api/subscriptions]', error);
    return jsonError(503, 'Your subscriptions could not be loaded. Please try again.');
  }
};
