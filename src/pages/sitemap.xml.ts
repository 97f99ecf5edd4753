import type { APIRoute } from 'astro';
import { CATEGORIES } from '../lib/categories.ts';
import { LIST_SCREENS } from '../lib/list-screens.ts';
import { listingPath } from '../lib/listing-urls.ts';
import { config } from '../lib/server/config.server.ts';
import { sitemapListings } from '../lib/server/listings.server.ts';

const STATIC_PATHS = ['/', '/services', '/new-products', '/recents', '/videos', '/nearby-shops', '/aboutus', '/contact-us', '/privacy', '/terms'];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Category pages, list pages and every verified listing. */
export const GET: APIRoute = async ({ locals }) => {
  const site = config().siteUrl;
  const listings = await sitemapListings(locals.db);
  const paths = [
    ...STATIC_PATHS,
    ...LIST_SCREENS.map((s) => s.path),
    ...CATEGORIES.filter((c) => c.kind !== 'list').map((c) => c.route),
  ];
  const urls = [
    ...paths.map((p) => `<url><loc>${escape(new URL(p, site).href)}</loc></url>`),
    ...listings.map((l) => `<url><loc>${escape(new URL(listingPath(l), site).href)}</loc><lastmod>${l.updatedAt.toISOString()}</lastmod></url>`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } });
};
