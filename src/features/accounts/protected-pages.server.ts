/**
 * The pages only a signed-in user (or an admin) may see, in one table the middleware applies before
 * any page code runs: a visitor is sent to sign in and back (303), a signed-in user who is not an
 * admin gets the 403 "Admins only" page. API routes guard themselves with the route toolkit.
 */
import type { SessionUser } from './auth.server.ts';
import { signInRedirect } from '#platform/http/http.server.ts';

type Need = 'user' | 'admin';

/** Exact paths, and prefixes (ending in `/`) for pages with a parameter. */
const PROTECTED_PAGES: Record<string, Need> = {
  '/admin': 'admin',
  '/admin/orders': 'admin',
  '/admin/reports': 'admin',
  '/report': 'user',
  '/myposts': 'user',
  '/pending-orders': 'user',
  '/completed-orders': 'user',
  '/subscriptions': 'user',
  '/refunds': 'user',
  '/wallet': 'user',
  '/payment-updates': 'user',
  '/success': 'user',
  '/checkout/': 'user',
};

/** What a page path needs, if anything (a trailing slash reaches the same page). */
export function pageNeeds(pathname: string): Need | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PROTECTED_PAGES[path]) return PROTECTED_PAGES[path];
  const prefix = Object.keys(PROTECTED_PAGES).find((key) => key.endsWith('/') && path.startsWith(key) && path.length > key.length);
  return prefix ? PROTECTED_PAGES[prefix]! : null;
}

/** The page shown to a signed-in user on an admin page (answered 403). */
export const ADMINS_ONLY_PAGE = '/admins-only';

/**
 * How the middleware treats a request for `url` by `user`: `'pass'`, `'admins-only'` (render
 * that page instead), or the redirect to sign in.
 */
export function pageGuard(url: URL, user: SessionUser | null): 'pass' | 'admins-only' | Response {
  const needs = pageNeeds(url.pathname);
  if (!needs) return 'pass';
  if (!user) return signInRedirect(url);
  return needs === 'admin' && !user.isAdmin ? 'admins-only' : 'pass';
}
