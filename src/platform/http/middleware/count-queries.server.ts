import type { MiddlewareHandler } from 'astro';
import { newTally, tallyQueries, type QueryTally } from '#platform/db/query-count.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('db');

/** `Server-Timing` of a request's database work: how long the database was busy for it, and how many statements. */
export function dbTiming(tally: Pick<QueryTally, 'count' | 'ms'>): string {
  return `db;dur=${tally.ms.toFixed(1)};desc="${tally.count} ${tally.count === 1 ? 'query' : 'queries'}"`;
}

/**
 * Counts the statements every later step and the page run for this request (query-count.server.ts)
 * and says so in `Server-Timing` on every answer (pages, the API, redirects). A page is read whole
 * by the later steps (page CSS, the page cache), so what its rendering runs is counted too.
 * `SEFER_LOG_QUERIES=1` prints each request's statements (to see what a page asks for).
 */
export const countQueries: MiddlewareHandler = async (context, next) => {
  const keepSql = process.env.SEFER_LOG_QUERIES === '1';
  const tally = newTally(keepSql);
  const response = await tallyQueries(tally, next);
  const timing = dbTiming(tally);
  if (keepSql)
    log.info({ count: tally.count, sql: tally.sql }, `[queries] ${context.request.method} ${context.url.pathname} ${tally.count}`);
  try {
    response.headers.append('Server-Timing', timing);
    return response;
  } catch {
    // An answer with immutable headers (Response.redirect, a fetched response): a copy that takes it.
    const headers = new Headers(response.headers);
    headers.append('Server-Timing', timing);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
};
