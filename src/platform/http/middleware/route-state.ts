/**
 * What the early middleware steps decide for the later ones, kept per request: the page's path
 * without its language, where the route is rewritten to, and what the page guard said. Astro's
 * `next(path)` would rewrite the request for every later step (its URL is the page cache's key),
 * so the rewrite waits for the last step and the steps share this instead.
 */
import type { APIContext } from 'astro';

/** What the page guard said: go on, render the "Admins only" page instead, or its answer (a redirect). */
export type GuardDecision = 'pass' | 'admins-only' | Response;

export interface RouteState {
  /** The page's path without its language prefix (/am/listings/1 → /listings/1). */
  pathname: string;
  /** Where the request is rewritten to (the path without its prefix, or /404), if anywhere. */
  target: string | undefined;
  /** The page guard's decision ('pass' when no guard ran). */
  guard: GuardDecision;
  /** The page rendered instead of the one asked for (the "Admins only" page). */
  replacement: string | undefined;
}

const states = new WeakMap<object, RouteState>();

/** The request's route state: every step of one request gets the same object. */
export function routeState(context: Pick<APIContext, 'locals' | 'url'>): RouteState {
  let state = states.get(context.locals);
  if (!state) {
    state = { pathname: context.url.pathname, target: undefined, guard: 'pass', replacement: undefined };
    states.set(context.locals, state);
  }
  return state;
}
