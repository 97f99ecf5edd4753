/** `?page=&limit=` of an account JSON endpoint (orders, refunds, wallet, subscriptions, payment updates). */
import { parseWith, type Result } from '#platform/http/result.ts';
import type { PageRequest } from '#platform/http/paging.ts';
import { accountPagingSchema } from './account.ts';

/** The page an account JSON endpoint asks for; bad values are a 400 naming them. */
export function parseAccountPaging(params: URLSearchParams): Result<PageRequest> {
  return parseWith(accountPagingSchema, Object.fromEntries(params));
}
