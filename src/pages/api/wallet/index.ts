import { parseAccountPaging } from '#server/account-paging.server.ts';
import { walletOf } from '#server/wallet.server.ts';
import { api, pagedJson, refuse, requireUser } from '#server/http.server.ts';

/** `GET /api/wallet/`: `{balance}` in whole Birr (the sum of the ledger), plus one page of the entries (`page`, `limit`). */
export const GET = api(
  'wallet',
  async (context) => {
    const user = requireUser(context, 'Sign in to see your wallet.');
    const paging = parseAccountPaging(context.url.searchParams);
    if (!paging.ok) refuse(paging);
    const wallet = await walletOf(context.locals.db, user.id, paging.value);
    const entries = wallet.entries.items.map((e) => ({
      id: e.id,
      amount: e.amountBirr,
      reason: e.reason,
      created_at: e.createdAt.toISOString(),
    }));
    return pagedJson({ balance: wallet.balance, currency: 'ETB', entries }, context.url, wallet.entries);
  },
  'Your wallet could not be loaded. Please try again.',
);
