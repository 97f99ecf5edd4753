import type { APIRoute } from 'astro';
import { CATEGORIES } from '#lib/categories.ts';
import { LIST_SCREENS } from '#lib/list-screens.ts';
import { config } from '#server/config.server.ts';
import { urlSetResponse } from '#lib/sitemap.ts';

const STATIC_PATHS = [
  '/',
  '/services',
  '/new-products',
  '/recents',
  '/videos',
  '/nearby-shops',
  '/aboutus',
  '/contact-us',
  '/privacy',
  '/terms',
  '/language',
];

/** The site's own pages, in every language: home, list screens and every category page. */
export const GET: APIRoute = () => {
  const paths = [...STATIC_PATHS, ...LIST_SCREENS.map((s) => s.path), ...CATEGORIES.filter((c) => c.kind !== 'list').map((c) => c.route)];
  return urlSetResponse(
    config().siteUrl,
    [...new Set(paths)].map((path) => ({ path })),
  );
};
