import type { APIRoute } from 'astro';
import { m } from '#paraglide/messages.js';
import { parseAccountPaging } from '#features/accounts/account-paging.server.ts';
import { walletOf } from '#features/payments/wallet.server.ts';
import { api, pagedJson, refuse, requireUser } from '#platform/http/http.server.ts';

/** The route; its 503's words are made per request, in the language the request asked for. */
const route = (unavailable: string) =>
  api(
    'wallet',
    async (context) => {
      const user = requireUser(context, m.account_api_sign_in_wallet());
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
    unavailable,
  );

/** `GET /api/wallet/`: `{balance}` in whole Birr (the sum of the ledger), plus one page of the entries (`page`, `limit`). */
export const GET: APIRoute = (context) => route(m.account_wallet_load_error())(context);
