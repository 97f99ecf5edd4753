/**
 * Counting a listing page's views in the middleware: the detail page of a visitor who is not signed
 * in comes from the page cache, where no page code runs, so the count is made around it.
 */
import type { APIContext } from 'astro';
import { parseListingId } from '#lib/listing-urls.ts';
import { countListingEvent } from './listing-stats.server.ts';
import { clientAddressOf } from './rate-limit.server.ts';

const DETAIL_PAGE = /^\/listings\/(\d{1,9}(?:-[^/]*)?)$/;

/**
 * Counts a view of the listing whose detail page (`pathname`, without its language) answered
 * 200 to a GET, cached or not. A failed count is logged, never the page's failure.
 */
export async function countPageView(context: APIContext, pathname: string, response: Response): Promise<void> {
  if (context.request.method !== 'GET' || response.status !== 200) return;
  const segment = DETAIL_PAGE.exec(pathname)?.[1];
  const listingId = segment ? parseListingId(segment) : null;
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
    console.error(`[stats] view of listing ${listingId} not counted: ${(error as Error).message}`);
  }
}
