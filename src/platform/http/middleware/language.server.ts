import type { MiddlewareHandler } from 'astro';
import { inLocale, isUnlocalizable, localizedRedirect, requestLocale } from '#platform/i18n/locale.server.ts';
import { routeState } from './route-state.ts';

/**
 * /am/… is the same route as /… in Amharic: the page is rendered at its English path (a rewrite,
 * made by the last step), with the locale set for every message, and its redirects stay in Amharic.
 */
export const language: MiddlewareHandler = (context, next) => {
  const { locale, pathname } = requestLocale(context.url, context.request.headers);
  context.locals.locale = locale;
  const state = routeState(context);
  state.pathname = pathname;
  const prefixed = pathname !== context.url.pathname;
  state.target = !prefixed ? undefined : isUnlocalizable(pathname) ? '/404' : `${pathname}${context.url.search}`;
  return inLocale(locale, async () => localizedRedirect(await next(), locale));
};
