import type { APIRoute } from 'astro';
import { parseListingQuery } from '../../../lib/listing-query.ts';
import { jsonError, jsonOk, listingJson } from '../../../lib/server/api.server.ts';
import { listPublicListingsWithImages } from '../../../lib/server/listings.server.ts';

/**
 * `GET /api/products/`: verified listings as a JSON array, filtered and paged in SQL by
 * `category`, `query`, `window` (daily | ending-soon | upcoming | holiday | new | recent | videos),
 * `limit` and `page`. `Link: rel=next` and `X-Has-More` tell whether another page exists.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const parsed = parseListingQuery(url.searchParams);
  if (!parsed.ok) return jsonError(400, parsed.error, parsed.fields);
  const q = parsed.value;
  try {
    const page = await listPublicListingsWithImages(
      locals.db,
      { category: q.category, query: q.query, list: q.window, now: locals.now },
      { page: q.page, pageSize: q.limit },
    );
    const response = jsonOk(page.items.map(listingJson), { cache: 'public, max-age=30' });
    response.headers.set('X-Has-More', String(page.hasMore));
    if (page.hasMore) {
      const next = new URL(url);
      next.searchParams.set('page', String(q.page + 1));
      response.headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
    }
    return response;
  } catch (error) {
    console.error('[api/products]', error);
    return jsonError(503, 'Listings are unavailable right now. Please try again.');
  }
};
