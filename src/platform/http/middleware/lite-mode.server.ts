import type { MiddlewareHandler } from 'astro';
import { liteMode as liteDecision } from '#platform/cache/lite-mode.ts';
import { cacheControlForChoice } from '#platform/cache/front-cache.server.ts';
import { isPage } from './page-store.server.ts';

/**
 * Lite mode (lite-mode.ts) in `locals.lite`: it decides the body, so the page cache keeps both
 * bodies apart. A page whose body the visitor's lite cookie chose is not for shared caches.
 */
export const liteMode: MiddlewareHandler = async (context, next) => {
  const lite = liteDecision(context.request.headers.get('save-data'), context.request.headers.get('cookie'));
  context.locals.lite = lite.lite;
  const response = await next();
  const cacheControl = cacheControlForChoice(response.headers.get('Cache-Control'), lite.chosen);
  if (cacheControl && isPage(response)) response.headers.set('Cache-Control', cacheControl);
  return response;
};
