import type { APIRoute } from 'astro';
import { listPaymentUpdates } from '../../../lib/server/account.server.ts';
import { jsonError, jsonOk } from '../../../lib/server/api.server.ts';

/** `GET /api/payment-updates/`: the signed-in user's `[{message, status}]` (plus id and created_at). */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your payment updates.');
  try {
    const rows = await listPaymentUpdates(locals.db, locals.user.id);
    return jsonOk(rows.map((u) => ({ id: u.id, message: u.message, status: u.status, created_at: u.createdAt.toISOString() })));
  } catch (error) {
    console.error('[api/payment-updates]', error);
    return jsonError(503, 'Your payment updates could not be loaded. Please try again.');
  }
};
