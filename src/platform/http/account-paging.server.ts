/**
 * Paging of the account lists (orders, refunds, wallet, subscriptions, payment updates): one page
 * in SQL (the JSON answer is the toolkit's `pagedJson`; accounts reads `?page=&limit=`).
 */
import type { PageRequest } from './paging.ts';

/** Most rows an admin list shows (oldest first). */
export const ACCOUNT_LIST_LIMIT = 100;

/** One page in SQL: `pageSize + 1` rows from the page's offset (the extra row tells there is more). */
export const pageWindow = (paging: PageRequest) => ({ limit: paging.pageSize + 1, offset: (paging.page - 1) * paging.pageSize });
