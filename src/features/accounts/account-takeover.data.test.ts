/**
 * Issue 25, item 1: an account taken over before its owner signs up. An attacker signs up with
 * someone else's address and his own password and never confirms; the owner later signs up with
 * hers and confirms the emailed code. She must get her own password and name, his password must
 * never work, and nothing signed in before the proof survives it. Through auth.api (as the pages
 * call it) and through /api/auth/* (auth.handler, as islands and outside clients do).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, pendingSignUps, sessions, users, verifications } from '#db/schema.ts';
import { createAuth, type Auth } from './auth.server.ts';
import { bindUnprovenSignIn, SIGN_UP_COOKIE } from './pending-sign-ups.server.ts';
import { Browser } from '#tests/db/browser.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const ORIGIN = 'http://localhost:4321';
const ATTACKER = { password: 'attacker-pass-1', name: 'Mallory', firstName: 'Mallory', lastName: 'Bad' };
const OWNER = { password: 'owners-own-pass-2', name: 'Selam Tesfaye', firstName: 'Selam', lastName: 'Tesfaye' };

beforeAll(async () => {
  // Codes go to this run's own outbox.
  process.env.DATA_DIR ??= await mkdtemp(path.join(os.tmpdir(), 'sefer-takeover-test-'));
});

describe.each(drivers())('whoever proves the mailbox gets their own account, on %s', (driver) => {
  let auth: Auth;
  const t = useTestDatabase(driver, { fresh: true, beforeAll: async (t) => void (auth = createAuth(t.db, SECRET)) });

  /** The newest sign-up code stored for `email`, the one better-auth checks (kept plain, `${code}:${tries}`). */
  async function codeFor(email: string): Promise<string> {
    const [row] = await t.db
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, `email-verification-otp-${email}`))
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    return row!.value.split(':')[0]!;
  }

  async function signUp(browser: Browser, email: string, who: typeof OWNER): Promise<void> {
    const { headers } = await auth.api.signUpEmail({ body: { email, ...who }, headers: browser.headers(), returnHeaders: true });
    browser.take(headers);
  }

  async function verify(browser: Browser, email: string, code: string) {
    const { headers } = await auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: browser.headers(), returnHeaders: true });
    browser.take(headers);
    return (await auth.api.getSession({ headers: browser.headers() }))?.user ?? null;
  }

  async function passwordWorks(email: string, password: string): Promise<boolean> {
    try {
      await auth.api.signInEmail({ body: { email, password } });
      return true;
    } catch (error) {
      expect((error as { statusCode?: number }).statusCode).toBe(401);
      return false;
    }
  }

  it('the owner who confirms her code gets her password and name; the attacker’s earlier password never works', async () => {
    const email = 'selam@example.com';
    const attacker = new Browser();
    const owner = new Browser();
    await signUp(attacker, email, ATTACKER);
    const [squatted] = await t.db.select().from(users).where(eq(users.email, email));
    await signUp(owner, email, OWNER);

    const me = await verify(owner, email, await codeFor(email));
    expect(me).toMatchObject({ email, emailVerified: true, name: 'Selam Tesfaye' });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Selam Tesfaye', firstName: 'Selam', lastName: 'Tesfaye', emailVerified: true });
    expect(row!.id).toBe(squatted!.id);
    expect(await passwordWorks(email, OWNER.password)).toBe(true);
    expect(await passwordWorks(email, ATTACKER.password)).toBe(false);
    // Nothing of the sign-ups is kept once the mailbox is proven.
    expect(await t.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, email))).toEqual([]);
  });

  it('an attacker signing up again after the owner (so the newest code is his sign-up’s) still cannot win', async () => {
    const email = 'hanna@example.com';
    const attacker = new Browser();
    const owner = new Browser();
    await signUp(attacker, email, ATTACKER);
    await signUp(owner, email, OWNER);
    await signUp(attacker, email, ATTACKER);
    // She types the newest code in her own browser.
    expect(await verify(owner, email, await codeFor(email))).toMatchObject({ name: 'Selam Tesfaye' });
    expect(await passwordWorks(email, OWNER.password)).toBe(true);
    expect(await passwordWorks(email, ATTACKER.password)).toBe(false);
  });

  it('the owner who signed up first keeps her own password when an attacker signs up after her', async () => {
    const email = 'first@example.com';
    const owner = new Browser();
    await signUp(owner, email, OWNER);
    await signUp(new Browser(), email, ATTACKER);
    expect(await verify(owner, email, await codeFor(email))).toMatchObject({ name: 'Selam Tesfaye' });
    expect(await passwordWorks(email, OWNER.password)).toBe(true);
    expect(await passwordWorks(email, ATTACKER.password)).toBe(false);
  });

  it('a code confirmed in a browser that did not sign up voids every earlier password and session', async () => {
    const email = 'elsewhere@example.com';
    await signUp(new Browser(), email, ATTACKER);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    // A session made before the proof (however it came to be) must not survive it.
    await t.db
      .insert(sessions)
      .values({ id: 'before-proof', token: 'before-proof-token', userId: user!.id, expiresAt: new Date(Date.now() + 3_600_000) });

    const elsewhere = new Browser();
    expect(await verify(elsewhere, email, await codeFor(email))).toMatchObject({ email, emailVerified: true });
    expect(await passwordWorks(email, ATTACKER.password)).toBe(false);
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, user!.id), eq(accounts.providerId, 'credential'))),
    ).toEqual([]);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user!.id));
    expect(left.map((s) => s.id)).not.toContain('before-proof');
    // Only the session the proof itself began.
    expect(left).toHaveLength(1);
  });

  it('a sign-in with the right password on another device binds it: the code typed there keeps that password', async () => {
    const email = 'other-device@example.com';
    await signUp(new Browser(), email, OWNER);
    // The sign-in page, on another device: the password is right, the address not yet proven.
    await expect(auth.api.signInEmail({ body: { email, password: OWNER.password } })).rejects.toMatchObject({
      body: { code: 'EMAIL_NOT_VERIFIED' },
    });
    const laptop = new Browser();
    laptop.cookies.set(SIGN_UP_COOKIE, (await bindUnprovenSignIn(t.db, email, new Date()))!);
    expect(await verify(laptop, email, await codeFor(email))).toMatchObject({ name: 'Selam Tesfaye', emailVerified: true });
    expect(await passwordWorks(email, OWNER.password)).toBe(true);
    // A proven account has nothing to bind.
    expect(await bindUnprovenSignIn(t.db, email, new Date())).toBeNull();
  });

  it('a second confirmation of a proven account changes nothing', async () => {
    const email = 'proven@example.com';
    const owner = new Browser();
    await signUp(owner, email, OWNER);
    await verify(owner, email, await codeFor(email));
    await auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' } });
    await verify(new Browser(), email, await codeFor(email));
    expect(await passwordWorks(email, OWNER.password)).toBe(true);
  });

  it('through /api/auth/*: the same, with the browser’s cookies as a real client keeps them', async () => {
    const email = 'api@example.com';
    const call = async (browser: Browser, route: string, body: object) => {
      const headers = browser.headers();
      headers.set('content-type', 'application/json');
      headers.set('origin', ORIGIN);
      const response = await auth.handler(
        new Request(`${ORIGIN}/api/auth${route}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      );
      browser.take(response.headers);
      return response;
    };
    const attacker = new Browser();
    const owner = new Browser();
    expect((await call(attacker, '/sign-up/email', { email, ...ATTACKER })).status).toBe(200);
    expect((await call(owner, '/sign-up/email', { email, ...OWNER })).status).toBe(200);
    const verified = await call(owner, '/email-otp/verify-email', { email, otp: await codeFor(email) });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { user: { name: string } }).user.name).toBe('Selam Tesfaye');
    expect((await call(new Browser(), '/sign-in/email', { email, password: ATTACKER.password })).status).toBe(401);
    expect((await call(new Browser(), '/sign-in/email', { email, password: OWNER.password })).status).toBe(200);
  });
});
