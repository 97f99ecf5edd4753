import { defineMiddleware } from 'astro:middleware';
import { database } from './lib/server/db.server.ts';
import { requestClock } from './lib/server/clock.server.ts';
import { currentUser } from './lib/server/users.server.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
  'Content-Security-Policy': [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; '),
};

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.db = await database();
  context.locals.now = requestClock();
  const user = await currentUser(context.locals.db, context.request);
  if (user instanceof Response) return user;
  context.locals.user = user;
  const response = await next();
  if (context.locals.user && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'private, no-store');
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
});
