import type { MiddlewareHandler } from 'astro';
import { isCachedPage, isPage } from './page-store.server.ts';

/** Every page's body may differ with `Save-Data` (lite mode): caches are told, whatever else varies. */
export const varySaveData: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  if (!isCachedPage(response) && isPage(response)) response.headers.set('Vary', withSaveData(response.headers.get('Vary')));
  return response;
};

const withSaveData = (vary: string | null) => (vary && !/save-data/i.test(vary) ? `${vary}, Save-Data` : (vary ?? 'Save-Data'));
