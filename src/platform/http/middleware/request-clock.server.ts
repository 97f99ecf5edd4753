import type { MiddlewareHandler } from 'astro';
import { requestClock as clock } from '#platform/config/clock.server.ts';

/** The request's clock, read once: every page and service of the request sees the same time (tests pin it). */
export const requestClock: MiddlewareHandler = (context, next) => {
  context.locals.now = clock();
  return next();
};
