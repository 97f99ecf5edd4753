/**
 * Paging of the account lists (orders, refunds, wallet, subscriptions, payment updates): one page
 * in SQL, and a list's JSON answer that says whether another page exists.
 */
import { accountPagingSchema } from '#lib/account.ts';
import { parseWith, type Result } from '#lib/result.ts';
import { jsonOk } from './http.server.ts';
import type { Page, PageRequest } from './listings.server.ts';

/** Most rows an admin list shows (oldest first). */
export const ACCOUNT_LIST_LIMIT = 100;

/** `?page=&limit=` of an account JSON endpoint; bad values are a 400 naming them. */
export function parseAccountPaging(params: URLSearchParams): Result<PageRequest> {
  return parseWith(accountPagingSchema, Object.fromEntries(params));
}

/** One page in SQL: `pageSize + 1` rows from the page's offset (the extra row tells there is more). */
export const pageWindow = (paging: PageRequest) => ({ limit: paging.pageSize + 1, offset: (paging.page - 1) * paging.pageSize });

/**
 * An account list's JSON answer: the body, with `X-Has-More` and a `Link: rel=next` when another
 * page exists (as `GET /api/products/` does).
 */
export function pagedJson(body: unknown, url: URL, page: Page<unknown>): Response {
  const response = jsonOk(body);
  response.headers.set('X-Has-More', String(page.hasMore));
  if (page.hasMore) {
    const next = new URL(url);
    next.searchParams.set('page', String(page.page + 1));
    response.headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return response;
}
