/**
 * The pages only a signed-in user (or an admin) may see, in one table the middleware applies before
 * any page code runs: a visitor is sent to sign in and back (303), a signed-in user who is not an
 * admin gets the 403 "Admins only" page. Each page names the policy it needs (policy.ts), so the
 * guard asks the same question the services do. API routes guard themselves with the route toolkit.
 */
import type { SessionUser } from './auth.server.ts';
import { signInRedirect } from '#platform/http/http.server.ts';
import { ACCOUNT_POLICIES, type AccountPolicy } from './policy.ts';

/** Exact paths, and prefixes (ending in `/`) for pages with a parameter, with the policy each needs. */
const PROTECTED_PAGES: Record<string, { policy: AccountPolicy }> = {
  '/admin': { policy: 'admin' },
  '/admin/orders': { policy: 'admin' },
  '/admin/reports': { policy: 'admin' },
  '/report': { policy: 'signedIn' },
  '/myposts': { policy: 'signedIn' },
  '/pending-orders': { policy: 'signedIn' },
  '/completed-orders': { policy: 'signedIn' },
  '/subscriptions': { policy: 'signedIn' },
  '/refunds': { policy: 'signedIn' },
  '/wallet': { policy: 'signedIn' },
  '/payment-updates': { policy: 'signedIn' },
  '/success': { policy: 'signedIn' },
  '/checkout/': { policy: 'signedIn' },
};

/** Every protected page (or prefix) with its policy, for the tests that walk the table. */
export const protectedPages = (): [string, AccountPolicy][] => Object.entries(PROTECTED_PAGES).map(([path, { policy }]) => [path, policy]);

/** The policy a page path needs, if any (a trailing slash reaches the same page). */
export function pageNeeds(pathname: string): AccountPolicy | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PROTECTED_PAGES[path]) return PROTECTED_PAGES[path].policy;
  const prefix = Object.keys(PROTECTED_PAGES).find((key) => key.endsWith('/') && path.startsWith(key) && path.length > key.length);
  return prefix ? PROTECTED_PAGES[prefix]!.policy : null;
}

/** The page shown to a signed-in user on an admin page (answered 403). */
export const ADMINS_ONLY_PAGE = '/admins-only';

/**
 * How the middleware treats a request for `url` by `user`: `'pass'`, `'admins-only'` (render
 * that page instead), or the redirect to sign in.
 */
export function pageGuard(url: URL, user: SessionUser | null): 'pass' | 'admins-only' | Response {
  const policy = pageNeeds(url.pathname);
  if (!policy) return 'pass';
  if (!user) return signInRedirect(url);
  // A signed-in user can only fail a page's policy by not being an admin.
  return ACCOUNT_POLICIES[policy](user) ? 'pass' : 'admins-only';
}
