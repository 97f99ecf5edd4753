import type { APIRoute } from 'astro';
import { config } from '#platform/config/config.server.ts';
import { sitemapPageCount } from '#features/listings/sitemap-listings.server.ts';
import { sellerSitemapPageCount } from '#features/sellers/sitemap-sellers.server.ts';
import { sitemapIndexResponse } from '#platform/http/sitemap.ts';

/**
 * A sitemap index: the site's pages, then one sitemap per range of listing ids and one per range
 * of seller ids. Answering it is two index lookups (the highest ids), whatever the catalogue's size.
 */
export const GET: APIRoute = async ({ locals }) => {
  const site = config().siteUrl;
  const pages = await sitemapPageCount(locals.db);
  const sellerPages = await sellerSitemapPageCount(locals.db);
  return sitemapIndexResponse([
    new URL('/sitemaps/pages.xml', site).href,
    ...Array.from({ length: pages }, (_, i) => new URL(`/sitemaps/listings-${i + 1}.xml`, site).href),
    ...Array.from({ length: sellerPages }, (_, i) => new URL(`/sitemaps/sellers-${i + 1}.xml`, site).href),
  ]);
};
