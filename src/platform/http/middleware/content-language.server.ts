import type { MiddlewareHandler } from 'astro';
import { baseLocale } from '#platform/i18n/locales.ts';
import { isCachedPage } from './page-store.server.ts';

/** An answer in another language than English says which (`Content-Language`). */
export const contentLanguage: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (!isCachedPage(response) && context.locals.locale !== baseLocale) response.headers.set('Content-Language', context.locals.locale);
  return response;
};
