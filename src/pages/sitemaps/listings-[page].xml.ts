import type { APIRoute } from 'astro';
import { listingPath } from '#features/listings/listing-urls.ts';
import { config } from '#platform/config/config.server.ts';
import { sitemapListings, sitemapPageCount } from '#features/listings/sitemap-listings.server.ts';
import { urlSetResponse } from '#platform/http/sitemap.ts';

/** The verified listings of one range of ids (see SITEMAP_PAGE_SIZE); 404 past the last range. */
export const GET: APIRoute = async ({ params, locals }) => {
  const page = /^[1-9]\d{0,5}$/.test(params.page ?? '') ? Number(params.page) : 0;
  if (page < 1 || page > (await sitemapPageCount(locals.db))) return new Response('Not found', { status: 404 });
  const rows = await sitemapListings(locals.db, page);
  // listingPath is ASCII (id and slug); no URL parsing per row for thousands of rows.
  return urlSetResponse(
    config().siteUrl,
    rows.map((l) => ({ path: listingPath(l), lastmod: l.updatedAt })),
  );
};
