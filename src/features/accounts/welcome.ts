/**
 * What /welcome says while it waits its 3 s (spec 4): where it is about to go. Home keeps the
 * spec's "Redirecting you to the homepage..."; the listing form (a deal kept while signing up)
 * says it goes to the deal; any other page, back where the visitor was.
 */
import { splitLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

type WelcomeDestination = 'home' | 'deal' | 'back';

/** Where an onward link of /welcome (a path of this site, maybe in another language) leads. */
export function welcomeDestination(onward: string): WelcomeDestination {
  const { pathname } = splitLocale(new URL(onward, 'http://sefer.invalid').pathname);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return 'home';
  return path === '/form' || path.startsWith('/form/') ? 'deal' : 'back';
}

/** The line under "Welcome!" for an onward link. */
export function welcomeRedirectLine(onward: string): string {
  const destination = welcomeDestination(onward);
  return destination === 'home'
    ? m.auth_redirecting_home()
    : destination === 'deal'
      ? m.auth_redirecting_deal()
      : m.auth_redirecting_back();
}
