/**
 * The request's language for the compiled messages: every message function called while a request
 * is handled (pages, services, emails) reads it from here, so no code passes the locale around.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { overwriteServerAsyncLocalStorage } from '#paraglide/runtime.js';
import { baseLocale, isSharedPath, localHref, preferredLocale, splitLocale, type Locale } from './locales.ts';

type Store = { locale?: Locale; origin?: string; messageCalls?: Set<string> };
const storage = new AsyncLocalStorage<Store>();
overwriteServerAsyncLocalStorage(storage);

/** Runs `work` with `locale` as the language of every message it renders. */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return storage.run({ locale }, work);
}

/** The cookie that remembers a visitor's chosen language (the picker and the switch link set it). */
export const LANGUAGE_COOKIE = 'sefer_lang';

/**
 * A request's language: the path's prefix for pages; for the shared API, the language the island
 * asked for in Accept-Language (so its error texts match the page), English otherwise.
 */
export function requestLocale(url: URL, headers: Headers): { locale: Locale; pathname: string } {
  const split = splitLocale(url.pathname);
  if (split.locale === baseLocale && url.pathname.startsWith('/api/')) {
    return { locale: preferredLocale(headers.get('accept-language')) ?? baseLocale, pathname: url.pathname };
  }
  return split;
}

/** Whether a localized path names something that only exists once (the API, media, assets). */
export function isUnlocalizable(pathname: string): boolean {
  return isSharedPath(pathname);
}

/**
 * A redirect answered to a request in `locale`, sent on in that language: pages and services
 * redirect to the spec's paths (/login?next=…, /myposts), and this keeps the visitor in Amharic.
 * Absolute URLs (the language switch itself) are left alone.
 */
export function localizedRedirect(response: Response, locale: Locale): Response {
  if (locale === baseLocale || response.status < 300 || response.status >= 400) return response;
  const location = response.headers.get('Location');
  if (!location?.startsWith('/')) return response;
  const localized = localHref(location, locale);
  if (localized === location) return response;
  const headers = new Headers(response.headers);
  headers.set('Location', localized);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
