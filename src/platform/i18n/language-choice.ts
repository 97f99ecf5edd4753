/**
 * The language picker's choice: `?set=am&next=/path` remembers the language in a cookie and sends
 * the visitor to the same page in it. Only a path of this site is followed.
 */
import { isLocale, locales, type Locale } from '#paraglide/runtime.js';
import { onwardHref } from './locales.ts';

/** A year, in seconds: the choice outlives a session. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

export function chosenLocale(value: string | null | undefined): Locale | null {
  return value && isLocale(value) ? value : null;
}

/** Where a visitor who chose `locale` on the page `next` goes: that page, in `locale`. */
export function pageInLocale(next: string | null | undefined, locale: Locale): string {
  return onwardHref(next, { language: locale });
}

export { locales };
