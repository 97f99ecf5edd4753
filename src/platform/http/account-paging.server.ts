/**
 * Paging of the account lists (orders, refunds, wallet, subscriptions, payment updates): one page
 * in SQL (the JSON answer is the toolkit's `pagedJson`).
 */
import { accountPagingSchema } from '#features/accounts/account.ts';
import { parseWith, type Result } from './result.ts';
import type { PageRequest } from './paging.ts';

/** Most rows an admin list shows (oldest first). */
export const ACCOUNT_LIST_LIMIT = 100;

/** `?page=&limit=` of an account JSON endpoint; bad values are a 400 naming them. */
export function parseAccountPaging(params: URLSearchParams): Result<PageRequest> {
  return parseWith(accountPagingSchema, Object.fromEntries(params));
}

/** One page in SQL: `pageSize + 1` rows from the page's offset (the extra row tells there is more). */
export const pageWindow = (paging: PageRequest) => ({ limit: paging.pageSize + 1, offset: (paging.page - 1) * paging.pageSize });
