import type { MiddlewareHandler } from 'astro';
import { currentRequest } from '#platform/log/request-context.server.ts';
import { isCachedPage } from './page-store.server.ts';

/**
 * Tells the request's log line and metrics (scripts/start.mjs, platform/log/access-log.server.ts)
 * what only the app knows: the route pattern that answers (a bounded metric label, unlike the path),
 * the signed-in account and whether the page came from the page cache.
 */
export const observeRequest: MiddlewareHandler = async (context, next) => {
  const info = currentRequest();
  if (!info) return next();
  info.route = context.routePattern;
  const response = await next();
  const user = context.locals.user;
  if (user) info.userId = user.id;
  if (isCachedPage(response)) info.cache = 'hit';
  return response;
};
