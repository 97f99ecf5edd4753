import type { APIRoute } from 'astro';
import { sellerPath } from '#features/listings/listing-urls.ts';
import { config } from '#platform/config/config.server.ts';
import { sellerSitemapPageCount, sitemapSellers } from '#features/sellers/sitemap-sellers.server.ts';
import { urlSetResponse } from '#platform/http/sitemap.ts';

/** The seller pages of one range of seller ids (see SITEMAP_PAGE_SIZE); 404 past the last range. */
export const GET: APIRoute = async ({ params, locals }) => {
  const page = /^[1-9]\d{0,5}$/.test(params.page ?? '') ? Number(params.page) : 0;
  if (page < 1 || page > (await sellerSitemapPageCount(locals.db))) return new Response('Not found', { status: 404 });
  const rows = await sitemapSellers(locals.db, page, locals.now);
  return urlSetResponse(
    config().siteUrl,
    rows.map((s) => ({ path: sellerPath(s), lastmod: s.updatedAt })),
  );
};
