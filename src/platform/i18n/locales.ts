/**
 * Which language a URL is in, and the same page's URL in another language. English (the base
 * locale) lives at the spec's paths; every other language under its own prefix (/am/…). The list
 * of languages comes from project.inlang/settings.json, so a third one is a new messages file.
 */
import { baseLocale, getLocale, isLocale, locales, type Locale } from '#paraglide/runtime.js';
import { safePath } from '#platform/http/safe-path.ts';

export { baseLocale, getLocale, locales, type Locale };

/** Paths that are the same in every language: the API, media, build assets and machine files. */
const SHARED_PREFIXES = ['/api/', '/media/', '/_astro/', '/_image', '/favicon', '/og-default.png', '/robots.txt', '/sitemap'];

export function isSharedPath(pathname: string): boolean {
  return SHARED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The language of a request path and the path without its language prefix. */
export function splitLocale(pathname: string): { locale: Locale; pathname: string } {
  const first = pathname.split('/')[1] ?? '';
  if (first !== baseLocale && isLocale(first)) {
    return { locale: first, pathname: pathname.slice(first.length + 1) || '/' };
  }
  return { locale: baseLocale, pathname };
}

/**
 * A root-relative link of this site in `locale` (the current request's by default). Links
 * elsewhere, anchors and shared paths come back as they are.
 */
export function localHref(href: string, locale: Locale = getLocale()): string {
  if (!href.startsWith('/') || href.startsWith('//') || isSharedPath(href)) return href;
  const split = splitLocale(href);
  if (split.locale !== baseLocale) return href;
  if (locale === baseLocale) return href;
  return href === '/' || href.startsWith('/?') || href.startsWith('/#') ? `/${locale}/${href.slice(1)}` : `/${locale}${href}`;
}

/**
 * Where a `?next=` sends a visitor: the one place every `next=` (language, lite mode, sign-in,
 * sign-up, welcome, Telegram, renewals) is turned into a link. The input must be a path of this
 * site, and so must the *result*: dropping a language prefix (`/am//evil.example` becomes
 * `//evil.example`) or adding one can turn a safe path into another host, so the check runs again
 * after every transformation. `language` moves the page into that language (the language picker);
 * without it a path that names its language keeps it and any other is put in the request's.
 */
export function onwardHref(next: string | null | undefined, options: { language?: Locale; fallback?: string } = {}): string {
  const locale = options.language ?? getLocale();
  const home = localHref('/', locale);
  const fallback = safePath(options.fallback, '/');
  const path = safePath(next, fallback);
  const moved = options.language ? localHref(splitLocale(path).pathname, locale) : localHref(path, locale);
  return safePath(moved, home);
}

/** The same page in every language, for `hreflang` alternates and the language switch. */
export function alternates(pathAndQuery: string): { locale: Locale; href: string }[] {
  const { pathname } = splitLocale(pathAndQuery);
  return locales.map((locale) => ({ locale, href: localHref(pathname, locale) }));
}

/** The best of our languages for an Accept-Language header, or null when it names none of them. */
export function preferredLocale(acceptLanguage: string | null): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.tag).find((tag): tag is Locale => isLocale(tag)) ?? null;
}
