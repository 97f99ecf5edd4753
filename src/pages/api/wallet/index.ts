import type { APIRoute } from 'astro';
import { pagedJson, parseAccountPaging } from '#server/account-paging.server.ts';
import { walletOf } from '#server/wallet.server.ts';
import { jsonError } from '#server/http.server.ts';

/** `GET /api/wallet/`: `{balance}` in whole Birr (the sum of the ledger), plus one page of the entries (`page`, `limit`). */
export const GET: APIRoute = async ({ locals, url }) => {
  if (!locals.user) return jsonError(401, 'Sign in to see your wallet.');
  const paging = parseAccountPaging(url.searchParams);
  if (!paging.ok) return jsonError(400, paging.error, paging.fields);
  try {
    const wallet = await walletOf(locals.db, locals.user.id, paging.value);
    return pagedJson(
      {
        balance: wallet.balance,
        currency: 'ETB',
        entries: wallet.entries.items.map((e) => ({
          id: e.id,
          amount: e.amountBirr,
          reason: e.reason,
          created_at: e.createdAt.toISOString(),
        })),
      },
      url,
      wallet.entries,
    );
  } catch (error) {
    console.error('[api/wallet]', error);
    return jsonError(503, 'Your wallet could not be loaded. Please try again.');
  }
};
