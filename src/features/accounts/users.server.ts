/**
 * Who is asking: the one place that turns a request into a user, whichever account provider is
 * configured. Handlers never take identity from a request body.
 */
import type { Database } from '#db/client.ts';
import { sessionUser, type SessionUser } from './auth.server.ts';
import { safePath } from '#platform/http/safe-path.ts';
import { config } from '#platform/config/config.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('auth');

/** The request's user; with Clerk, a Response when Clerk must first refresh its cookies. */
export async function currentUser(db: Database, request: Request): Promise<SessionUser | Response | null> {
  try {
    if (config().clerk) {
      const { clerkSessionUser } = await import('./clerk.server.ts');
      return await clerkSessionUser(db, request);
    }
    return await sessionUser(db, request.headers);
  } catch (error) {
    log.error({ err: error }, '[auth] could not read the session');
    return null;
  }
}

/** The user's first name for 'Hi, {first name}'. */
export function firstNameOf(user: Pick<SessionUser, 'firstName' | 'name' | 'email'>): string {
  return user.firstName?.trim() || user.name.trim().split(/\s+/)[0] || user.email.split('@')[0]!;
}

/** The sender name of a request: full name, else username, else email (spec 6). */
export function displayNameOf(user: Pick<SessionUser, 'firstName' | 'lastName' | 'name' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.name.trim() || user.email;
}

/** A safe place to go back to after signing in: a path on this site, never another host. */
export const safeNext = safePath;

/** A redirect that also carries the cookies an auth call set (or cleared). */
export function redirectWithCookies(location: string, authHeaders: Headers | null | undefined, status = 303): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of authHeaders?.getSetCookie() ?? []) headers.append('Set-Cookie', cookie);
  return new Response(null, { status, headers });
}
