import type { MiddlewareHandler } from 'astro';
import { routeState, type GuardDecision } from './route-state.ts';

/** What a page needs of its visitor (accounts gives it): go on, the "Admins only" page, or a redirect to sign in. */
export type PageGuard = (url: URL, user: App.Locals['user']) => GuardDecision;

/**
 * Protected pages (protected-pages.server.ts): no page code runs for a visitor or a non-admin. A
 * visitor gets the guard's redirect; a non-admin is shown `adminsOnlyPage` instead of the page.
 */
export const guardPages =
  ({ pageGuard, adminsOnlyPage }: { pageGuard: PageGuard; adminsOnlyPage: string }): MiddlewareHandler =>
  (context, next) => {
    const state = routeState(context);
    const guard = pageGuard(new URL(`${state.pathname}${context.url.search}`, context.url), context.locals.user);
    state.guard = guard;
    if (guard instanceof Response) return guard;
    if (guard === 'admins-only') state.replacement = adminsOnlyPage;
    return next();
  };
