/**
 * Counting a listing page's views in the middleware: the detail page of a visitor who is not signed
 * in comes from the page cache, where no page code runs, so the count is made around it.
 */
import type { IncomingMessage } from 'node:http';
import type { APIContext } from 'astro';
import { parseListingId } from '#features/listings/listing-urls.ts';
import { countListingEvent } from './listing-stats.server.ts';
import { clientAddressFrom, clientAddressOf } from '#platform/http/rate-limit.server.ts';
import { readyDatabase } from '#platform/db/db.server.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('stats');

const DETAIL_PAGE = /^\/listings\/(\d{1,9}(?:-[^/]*)?)$/;

/**
 * Counts a view of the listing whose detail page (`pathname`, without its language) answered
 * 200 to a GET, cached or not. A failed count is logged, never the page's failure.
 */
export async function countPageView(context: APIContext, pathname: string, response: Response): Promise<void> {
  if (context.request.method !== 'GET' || response.status !== 200) return;
  const listingId = viewedListing(pathname);
  if (listingId === null) return;
  try {
    await countListingEvent(context.locals.db, {
      listingId,
      event: 'view',
      viewer: context.locals.user,
      address: clientAddressOf(context),
      userAgent: context.request.headers.get('user-agent'),
      now: context.locals.now,
    });
  } catch (error) {
    log.error(`[stats] view of listing ${listingId} not counted: ${(error as Error).message}`);
  }
}

/** The listing whose detail page `pathname` (without its language) is, or null. */
export function viewedListing(pathname: string): number | null {
  const segment = DETAIL_PAGE.exec(pathname)?.[1];
  return segment ? parseListingId(segment) : null;
}

/**
 * Counts a view of a detail page answered from the cache before Astro ran (front-cache.server.ts):
 * the visitor has no session, so it is never the owner or an admin. The page does not wait for it.
 */
export function countFrontView(listingId: number, request: IncomingMessage): void {
  const db = readyDatabase();
  if (!db) return;
  const header = request.headers['x-forwarded-for'];
  countListingEvent(db, {
    listingId,
    event: 'view',
    viewer: null,
    address: clientAddressFrom(Array.isArray(header) ? header.join(',') : header, request.socket.remoteAddress),
    userAgent: request.headers['user-agent'] ?? null,
    now: requestClock(),
  }).catch((error: unknown) => log.error(`[stats] view of listing ${listingId} not counted: ${(error as Error).message}`));
}
