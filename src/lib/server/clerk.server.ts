/**
 * Clerk as the account provider, used only when PUBLIC_CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY
 * are set: nothing here is imported otherwise. Clerk's user becomes a row of ours (listings,
 * likes and orders reference it) behind the same SessionUser every handler uses.
 */
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { IMAGE_URL_MAX, NAME_MAX } from '#lib/account-fields.ts';
import { isAdminEmail, type SessionUser } from './auth.server.ts';
import { config } from './config.server.ts';

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

/** The session user, or the handshake redirect Clerk needs to refresh its cookies. */
export async function clerkSessionUser(db: Database, request: Request): Promise<SessionUser | Response | null> {
  const { createClerkClient } = await import('@clerk/backend');
  const keys = config().clerk!;
  const clerk = createClerkClient({ secretKey: keys.secretKey, publishableKey: keys.publishableKey });
  const state = await clerk.authenticateRequest(request, { authorizedParties: [config().siteUrl] });
  if (state.status === 'handshake') return new Response(null, { status: 307, headers: state.headers });
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
