/**
 * Who gets an address's account when its mailbox is proven (issue 25, item 1).
 *
 * Signing up with an address nobody has proven yet must not hand the account to whoever signed up
 * first: an attacker could sign up with someone else's address and his own password, wait for the
 * owner to sign up and confirm her code, and then sign in with his password. So a sign-up's
 * password and names are kept here, apart from the account, bound to the browser that signed up
 * (a random secret in a cookie; only its hash is stored). When the mailbox is proven with the
 * emailed code:
 * - from a browser holding a sign-up's secret, the account takes *that* sign-up's password and names;
 * - from any other browser, no password set before the proof survives (the credential is removed,
 *   as better-auth does when an unproven account is signed in to by a code; "Forgot password" sets one);
 * - either way every session made before the proof ends, and every pending sign-up of the address goes.
 * An account that never proved its address also never keeps it from someone who does: a signed-in
 * account that proves it by "Add an email" takes it, and the unproven account is removed.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, pendingSignUps, sessions, users } from '#db/schema.ts';

/** The cookie that binds a browser to its sign-up (not better-auth's: it never reads it). */
export const SIGN_UP_COOKIE = 'sefer_sign_up';

/** How long a sign-up can be confirmed from the browser that made it (codes can be sent again meanwhile). */
export const PENDING_SIGN_UP_SECONDS = 24 * 60 * 60;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export interface SignUpDetails {
  email: string;
  /** better-auth's hash of the chosen password (never the password itself). */
  passwordHash: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
}

/** Keeps a sign-up until its mailbox is proven; returns the secret for the browser's cookie. */
export async function recordPendingSignUp(db: Database, details: SignUpDetails, now: Date): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  // Expired sign-ups of every address go on the way (an index on expires_at keeps this cheap).
  await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now));
  await db.insert(pendingSignUps).values({
    id: randomUUID(),
    ...details,
    email: details.email.toLowerCase(),
    secretHash: hashOf(secret),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_UP_SECONDS * 1000),
  });
  return secret;
}

/**
 * A sign-in with the right password to an account that has not proven its address (the code page
 * follows): binds this browser to that password and the account's names, as its sign-up did, so the
 * code it types keeps them. Returns the secret for the browser's cookie, or null when there is
 * nothing to bind (a proven account, no password).
 */
export async function bindUnprovenSignIn(db: Database, email: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name, firstName: users.firstName, lastName: users.lastName, passwordHash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(and(eq(users.email, email.toLowerCase()), eq(users.emailVerified, false)))
    .limit(1);
  if (!row?.passwordHash) return null;
  return recordPendingSignUp(
    db,
    { email, passwordHash: row.passwordHash, name: row.name, firstName: row.firstName, lastName: row.lastName },
    now,
  );
}

/** The sign-up cookie's settings (the secret goes in its value). */
export function signUpCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: PENDING_SIGN_UP_SECONDS };
}

/** The secret of the sign-up cookie in a Cookie header, if any. */
export function signUpSecretOf(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SIGN_UP_COOKIE && value.length > 0) return value.join('=') || null;
  }
  return null;
}

/**
 * The mailbox of `userId`'s address was just proven from a browser holding `secret` (or none):
 * gives the account that browser's sign-up, or voids every earlier password; ends every session
 * but `keepSessionId` (the one the proof itself began); forgets the address's pending sign-ups.
 * Returns the names the account took with a sign-up's password, or null when it took none.
 */
export async function settleProvenMailbox(
  db: Database,
  proof: { userId: string; email: string; secret: string | null; keepSessionId: string | null; now: Date },
): Promise<Pick<SignUpDetails, 'name' | 'firstName' | 'lastName'> | null> {
  const email = proof.email.toLowerCase();
  const [mine] = proof.secret
    ? await db
        .select()
        .from(pendingSignUps)
        .where(
          and(
            eq(pendingSignUps.email, email),
            eq(pendingSignUps.secretHash, hashOf(proof.secret)),
            gt(pendingSignUps.expiresAt, proof.now),
          ),
        )
        .limit(1)
    : [];
  const credential = and(eq(accounts.userId, proof.userId), eq(accounts.providerId, 'credential'));
  if (mine) {
    const updated = await db
      .update(accounts)
      .set({ password: mine.passwordHash, updatedAt: proof.now })
      .where(credential)
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await db.insert(accounts).values({
        id: randomUUID(),
        accountId: proof.userId,
        providerId: 'credential',
        userId: proof.userId,
        password: mine.passwordHash,
      });
    }
    await db
      .update(users)
      .set({ name: mine.name, firstName: mine.firstName, lastName: mine.lastName, updatedAt: proof.now })
      .where(eq(users.id, proof.userId));
  } else {
    await db.delete(accounts).where(credential);
  }
  await db
    .delete(sessions)
    .where(
      proof.keepSessionId
        ? and(eq(sessions.userId, proof.userId), ne(sessions.id, proof.keepSessionId))
        : eq(sessions.userId, proof.userId),
    );
  await db.delete(pendingSignUps).where(eq(pendingSignUps.email, email));
  return mine ? { name: mine.name, firstName: mine.firstName, lastName: mine.lastName } : null;
}

/** Whether the account holding `email` has a password (after a proof from another browser it has none). */
export async function hasPassword(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

/**
 * Removes the account holding `email` when it never proved the address and is not `provenBy`:
 * the person who just proved the mailbox takes the address. Returns whether one was removed.
 */
export async function removeUnprovenHolder(db: Database, email: string, provenBy: string): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.emailVerified, false), ne(users.id, provenBy)))
    .returning({ id: users.id });
  if (removed.length > 0) await db.delete(pendingSignUps).where(eq(pendingSignUps.email, email.toLowerCase()));
  return removed.length > 0;
}
