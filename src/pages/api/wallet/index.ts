import type { APIRoute } from 'astro';
import { walletOf } from '../../../lib/server/account.server.ts';
import { jsonError, jsonOk } from '../../../lib/server/api.server.ts';

/** `GET /api/wallet/`: `{balance}` in whole Birr (the sum of the ledger), plus the entries. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your wallet.');
  try {
    const wallet = await walletOf(locals.db, locals.user.id);
    return jsonOk({
      balance: wallet.balance,
      currency: 'ETB',
      entries: wallet.entries.map((e) => ({ id: e.id, amount: e.amountBirr, reason: e.reason, created_at: e.createdAt.toISOString() })),
    });
  } catch (error) {
    console.error('[api/wallet]', error);
    return jsonError(503, 'Your wallet could not be loaded. Please try again.');
  }
};
