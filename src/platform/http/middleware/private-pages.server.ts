import type { MiddlewareHandler } from 'astro';
import { cookieReaderCacheControl } from '../page-cookies.server.ts';
import { isCachedPage, isPage } from './page-store.server.ts';

/**
 * What a signed-in user is answered is theirs: `private, no-store` unless the route said otherwise.
 * A page that read a cookie is this visitor's (page-cookies.server.ts): never shared, never kept.
 */
export const privatePages: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (isCachedPage(response)) return response;
  if (context.locals.user && !response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'private, no-store');
  if (context.locals.cookieRead && isPage(response))
    response.headers.set('Cache-Control', cookieReaderCacheControl(response.headers.get('Cache-Control')));
  return response;
};
