import type { APIRoute } from 'astro';
import { config } from '#server/config.server.ts';
import { sitemapPageCount } from '#server/sitemap-listings.server.ts';
import { sitemapIndexResponse } from '#lib/sitemap.ts';

/**
 * A sitemap index: the site's pages, then one sitemap per range of listing ids. Answering it is
 * one index lookup (the highest id), whatever the size of the catalogue.
 */
export const GET: APIRoute = async ({ locals }) => {
  const site = config().siteUrl;
  const pages = await sitemapPageCount(locals.db);
  return sitemapIndexResponse([
    new URL('/sitemaps/pages.xml', site).href,
    ...Array.from({ length: pages }, (_, i) => new URL(`/sitemaps/listings-${i + 1}.xml`, site).href),
  ]);
};
