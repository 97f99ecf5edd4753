import type { APIRoute } from 'astro';
import { CATEGORIES } from '#features/listings/categories.ts';
import { LIST_SCREENS } from '#features/listings/list-screens.ts';
import { config } from '#platform/config/config.server.ts';
import { urlSetResponse } from '#platform/http/sitemap.ts';

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
