/**
 * Clerk as the account provider, used only when PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY
 * are set: `@clerk/backend` is loaded otherwise never. Clerk's user becomes a row of ours (listings,
 * likes and orders reference it) behind the same SessionUser every handler uses.
 */
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { IMAGE_URL_MAX, NAME_MAX } from './account-fields.ts';
import { isAdminEmail, type SessionUser } from './auth.server.ts';
import { config } from '#platform/config/config.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('auth');

/** The parts of Clerk's user object we read (spec 3: firstName, lastName, fullName, username, emails, image). */
export interface ClerkUserLike {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName?: string | null;
  username: string | null;
  primaryEmailAddressId: string | null;
  emailAddresses: { id: string; emailAddress: string }[];
  imageUrl?: string | null;
}

/** A name from Clerk, cut to our cap (it is copied into every request and comment). */
const capped = (name: string | null | undefined) => (name ? name.slice(0, NAME_MAX) : null);

/** Maps Clerk's user to ours; null when the account has no email (we key owners by it). */
export function clerkUserToSessionUser(u: ClerkUserLike): SessionUser | null {
  const email = u.emailAddresses.find((e) => e.id === u.primaryEmailAddressId)?.emailAddress ?? u.emailAddresses[0]?.emailAddress;
  if (!email) return null;
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return {
    id: `clerk_${u.id}`,
    email: email.toLowerCase(),
    name: capped(u.fullName?.trim() || full || u.username || email)!,
    firstName: capped(u.firstName),
    lastName: capped(u.lastName),
    image: u.imageUrl && u.imageUrl.length <= IMAGE_URL_MAX ? u.imageUrl : null,
    isAdmin: isAdminEmail(email),
  };
}

/** The Frontend API host encoded in a publishable key (`pk_test_` + base64 of `host$`). */
export function clerkFrontendApi(publishableKey: string): string | null {
  const match = /^pk_(test|live)_(.+)$/.exec(publishableKey);
  if (!match) return null;
  const decoded = Buffer.from(match[2]!, 'base64').toString('utf8');
  return decoded.endsWith('$') ? decoded.slice(0, -1) : null;
}

/**
 * Clerk's hosted pages (Account Portal) for sign-in, sign-up and the profile: no Clerk script is
 * ever loaded by our pages. Development instances live on `*.accounts.dev`, production ones on
 * `accounts.<domain>`.
 */
export function clerkAccountPortalUrl(publishableKey: string, page: 'sign-in' | 'sign-up' | 'user', redirectUrl: string): string | null {
  const fapi = clerkFrontendApi(publishableKey);
  if (!fapi) return null;
  const host = fapi.endsWith('.clerk.accounts.dev')
    ? fapi.replace('.clerk.accounts.dev', '.accounts.dev')
    : fapi.replace(/^clerk\./, 'accounts.');
  const url = new URL(`https://${host}/${page}`);
  url.searchParams.set('redirect_url', redirectUrl);
  return url.href;
}

/** The Backend API client of the configured instance (its origin from CLERK_API_URL). */
async function clerkClient() {
  const { createClerkClient } = await import('@clerk/backend');
  const keys = config().clerk!;
  return createClerkClient({ secretKey: keys.secretKey, publishableKey: keys.publishableKey, apiUrl: keys.apiUrl });
}

/** The query Clerk adds when it sends the browser back from a handshake (dropped once resolved). */
const HANDSHAKE_PARAMS = ['__clerk_handshake', '__clerk_handshake_nonce', '__clerk_help', '__clerk_db_jwt'];

/**
 * Back from Clerk's handshake: the cookies it resolved to (a fresh `__session`, or cleared ones)
 * are set on this site, and the browser asks again for the same address without the handshake's
 * query. No Clerk script runs on our pages, so this is the only way a session token is renewed.
 */
function handshakeResolved(request: Request, clerkHeaders: Headers): Response {
  const url = new URL(request.url);
  for (const name of HANDSHAKE_PARAMS) url.searchParams.delete(name);
  const headers = new Headers({ Location: `${url.pathname}${url.search}`, 'Cache-Control': 'no-store' });
  for (const cookie of clerkHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 307, headers });
}

/**
 * Where a form's navigation may be sent on by Clerk (CSP form-action applies to every redirect
 * after a post): the Frontend API (the handshake after /logout) and the Account Portal.
 */
export function clerkFormOrigins(publishableKey: string): string[] {
  const portal = clerkAccountPortalUrl(publishableKey, 'sign-in', 'https://x.invalid/');
  const fapi = clerkFrontendApi(publishableKey);
  return fapi && portal ? [`https://${fapi}`, new URL(portal).origin] : [];
}

/** The session user, or the handshake redirect Clerk needs to refresh its cookies. */
export async function clerkSessionUser(db: Database, request: Request): Promise<SessionUser | Response | null> {
  const clerk = await clerkClient();
  const state = await clerk.authenticateRequest(request, { authorizedParties: [config().siteUrl] });
  if (state.status === 'handshake') return new Response(null, { status: 307, headers: state.headers });
  if (state.headers.getSetCookie().length > 0) return handshakeResolved(request, state.headers);
  const auth = state.toAuth();
  if (!auth?.userId) return null;
  const mapped = clerkUserToSessionUser(await clerk.users.getUser(auth.userId));
  if (!mapped) return null;
  const [row] = await db
    .insert(users)
    .values({
      id: mapped.id,
      name: mapped.name,
      firstName: mapped.firstName,
      lastName: mapped.lastName,
      email: mapped.email,
      emailVerified: true,
      image: mapped.image,
    })
    .onConflictDoUpdate({
      target: users.id,
      set: { name: mapped.name, firstName: mapped.firstName, lastName: mapped.lastName, email: mapped.email, image: mapped.image },
    })
    .returning({ bannedAt: users.bannedAt });
  // A banned account is signed in at Clerk but nobody here: every write path refuses it.
  return row?.bannedAt ? null : mapped;
}

/** How old a session token may be and still name the session that signing out ends (it is only ever its own). */
const SIGN_OUT_TOKEN_GRACE_MS = 86_400_000;

/**
 * Signs out at Clerk: the session the request's `__session` token names (signed by this instance;
 * tokens live a minute, so an older one still counts) is revoked through the Backend API, so the
 * next handshake clears Clerk's cookies too. Returns the cookie that clears ours.
 */
export async function clerkSignOut(request: Request): Promise<Headers> {
  const headers = new Headers();
  headers.append('Set-Cookie', '__session=; Path=/; Max-Age=0; SameSite=Lax');
  const token = /(?:^|;\s*)__session=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!token) return headers;
  const { verifyToken } = await import('@clerk/backend');
  const keys = config().clerk!;
  try {
    const claims = await verifyToken(token, {
      secretKey: keys.secretKey,
      apiUrl: keys.apiUrl,
      authorizedParties: [config().siteUrl],
      clockSkewInMs: SIGN_OUT_TOKEN_GRACE_MS,
    });
    if (claims.sid) await (await clerkClient()).sessions.revokeSession(claims.sid);
  } catch (error) {
    // A forged or foreign token ends nothing; Clerk unreachable: our cookie is cleared all the same.
    log.error(`[auth] could not end the Clerk session: ${(error as Error).message}`);
  }
  return headers;
}
