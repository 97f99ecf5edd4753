import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { accountPostSchema } from './account-forms.ts';
import { passwordPausedMessage, signInStep } from './account-forms.server.ts';
import { getAuth, sessionUser } from './auth.server.ts';
import { config } from '#platform/config/config.server.ts';
import type { RequestContext } from '#platform/http/http.server.ts';
import { AUTH_LIMITS, countAuthAttempt, tooManyAttemptsText } from '#platform/http/rate-limit.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

// Codes go to this run's own outbox (set before the configuration is first read).
process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'sefer-auth-limits-'));

describe.each(drivers())('password and code attempts on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  const at = (seconds: number) => new Date(Date.UTC(2026, 2, 10, 9, 0, 0) + seconds * 1000);
  let n = 0;
  const anyAddress = () => `10.1.${Math.floor(++n / 250) % 250}.${n % 250}`;

  it('refuses the 11th wrong password for one account within a minute from any address, then the right one too', async () => {
    for (let i = 0; i < 10; i++) {
      const attempt = await countAuthAttempt(t.db, 'password', { email: 'Meron@Example.com', address: anyAddress() }, at(i));
      expect(attempt.allowed).toBe(true);
    }
    const eleventh = await countAuthAttempt(t.db, 'password', { email: 'meron@example.com ', address: anyAddress() }, at(20));
    expect(eleventh.allowed).toBe(false);
    expect(eleventh.retryAfter).toBeGreaterThan(0);
    expect(eleventh.retryAfter).toBeLessThanOrEqual(AUTH_LIMITS.password.account.windowSeconds + 10);
    // The right password would succeed, but it is never tried: the account waits out the window.
    const right = await countAuthAttempt(t.db, 'password', { email: 'meron@example.com', address: anyAddress() }, at(30));
    expect(right.allowed).toBe(false);
    // Another account from the same addresses is not affected.
    expect((await countAuthAttempt(t.db, 'password', { email: 'other@example.com', address: anyAddress() }, at(30))).allowed).toBe(true);
    // Once the failures are more than a window old, the account is open again.
    expect(
      (await countAuthAttempt(t.db, 'password', { email: 'meron@example.com', address: anyAddress() }, at(20 + eleventh.retryAfter)))
        .allowed,
    ).toBe(true);
  });

  it('no burst fits across a window edge', async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (await countAuthAttempt(t.db, 'password', { email: 'edge@example.com', address: anyAddress() }, at(55 + i * 0.2))).allowed,
      ).toBe(true);
    }
    expect((await countAuthAttempt(t.db, 'password', { email: 'edge@example.com', address: anyAddress() }, at(62))).allowed).toBe(false);
  });

  it('right passwords do not count against the account, and refused tries do not prolong the wait', async () => {
    for (let i = 0; i < 25; i++) {
      const attempt = await countAuthAttempt(t.db, 'password', { email: 'often@example.com', address: anyAddress() }, at(i));
      expect(attempt.allowed).toBe(true);
      await attempt.succeeded();
    }
    for (let i = 0; i < 10; i++) await countAuthAttempt(t.db, 'password', { email: 'wait@example.com', address: anyAddress() }, at(0));
    for (let i = 0; i < 30; i++) {
      expect((await countAuthAttempt(t.db, 'password', { email: 'wait@example.com', address: anyAddress() }, at(5 + i))).allowed).toBe(
        false,
      );
    }
    expect((await countAuthAttempt(t.db, 'password', { email: 'wait@example.com', address: anyAddress() }, at(71))).allowed).toBe(true);
  });

  it('many guesses at once for one account let at most the limit through', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => countAuthAttempt(t.db, 'password', { email: 'burst@example.com', address: anyAddress() }, at(1))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(AUTH_LIMITS.password.account.max);
  });

  it('limits one address across many accounts', async () => {
    const max = AUTH_LIMITS.password.address.max;
    for (let i = 0; i < max; i++) {
      expect((await countAuthAttempt(t.db, 'password', { email: `a${i}@example.com`, address: '10.9.9.9' }, at(1))).allowed).toBe(true);
    }
    expect((await countAuthAttempt(t.db, 'password', { email: 'fresh@example.com', address: '10.9.9.9' }, at(2))).allowed).toBe(false);
  });

  it('bounds emailed codes per account, sent or not, and code guesses per account', async () => {
    const sends = AUTH_LIMITS.email.account.max;
    for (let i = 0; i < sends; i++) {
      const attempt = await countAuthAttempt(t.db, 'email', { email: 'codes@example.com', address: anyAddress() }, at(i));
      expect(attempt.allowed).toBe(true);
      await attempt.succeeded();
    }
    expect((await countAuthAttempt(t.db, 'email', { email: 'codes@example.com', address: anyAddress() }, at(30))).allowed).toBe(false);
    for (let i = 0; i < AUTH_LIMITS.code.account.max; i++) {
      expect((await countAuthAttempt(t.db, 'code', { email: 'codes@example.com', address: anyAddress() }, at(i))).allowed).toBe(true);
    }
    expect((await countAuthAttempt(t.db, 'code', { email: 'codes@example.com', address: anyAddress() }, at(60))).allowed).toBe(false);
  });

  it('an account paused by wrong passwords can still be sent sign-in codes and try them', async () => {
    for (let i = 0; i < 10; i++) await countAuthAttempt(t.db, 'password', { email: 'paused@example.com', address: anyAddress() }, at(i));
    const right = await countAuthAttempt(t.db, 'password', { email: 'paused@example.com', address: anyAddress() }, at(15));
    expect(right).toMatchObject({ allowed: false, accountLimited: true });
    expect((await countAuthAttempt(t.db, 'signInEmail', { email: 'paused@example.com', address: anyAddress() }, at(16))).allowed).toBe(
      true,
    );
    expect((await countAuthAttempt(t.db, 'signInCode', { email: 'paused@example.com', address: anyAddress() }, at(17))).allowed).toBe(true);
    // An address over its own limit is only told to wait: the account is not paused for its owner.
    for (let i = 0; i < AUTH_LIMITS.password.address.max; i++) {
      await countAuthAttempt(t.db, 'password', { email: `busy${i}@example.com`, address: '10.8.8.8' }, at(1));
    }
    expect(await countAuthAttempt(t.db, 'password', { email: 'calm@example.com', address: '10.8.8.8' }, at(2))).toMatchObject({
      allowed: false,
      accountLimited: false,
    });
  });

  it('wrong sign-in codes never lock an account, while the codes sent to it are capped', async () => {
    // Each code is taken back after its 5th wrong try (better-auth); the account itself never waits.
    for (let i = 0; i < 100; i++) {
      expect((await countAuthAttempt(t.db, 'signInCode', { email: 'guessed@example.com', address: anyAddress() }, at(i))).allowed).toBe(
        true,
      );
    }
    for (let i = 0; i < AUTH_LIMITS.signInEmail.account.max; i++) {
      expect((await countAuthAttempt(t.db, 'signInEmail', { email: 'guessed@example.com', address: anyAddress() }, at(i))).allowed).toBe(
        true,
      );
    }
    expect(await countAuthAttempt(t.db, 'signInEmail', { email: 'guessed@example.com', address: anyAddress() }, at(120))).toMatchObject({
      allowed: false,
      accountLimited: true,
    });
    // At most 3 codes × 5 tries per 15 minutes: no faster than the other codes' limit.
    expect(AUTH_LIMITS.signInEmail.account.max * 5 * (600 / AUTH_LIMITS.signInEmail.account.windowSeconds)).toBeLessThanOrEqual(
      AUTH_LIMITS.code.account.max,
    );
  });
});

describe.each(drivers())('signing in while wrong passwords pause the account, on %s', (driver) => {
  let n = 0;
  const t = useTestDatabase(driver, { fresh: true });

  /** A post of the sign-in page, from a new client address each time. */
  const post = (values: Record<string, string>) => {
    const request = new Request('http://localhost:4321/login', { method: 'POST' });
    const context = { request, url: new URL(request.url), params: {}, locals: { db: t.db, user: null }, clientAddress: `10.4.0.${++n}` };
    return signInStep(context as unknown as RequestContext, accountPostSchema.parse(values));
  };

  /** The newest sign-in code emailed to `email`. */
  const codeFor = async (email: string) => {
    const outbox = path.join(config().dataDir, 'outbox');
    const codes: string[] = [];
    for (const file of (await readdir(outbox)).sort()) {
      const text = await readFile(path.join(outbox, file), 'utf8');
      const code = text.includes(`To: ${email}`) && text.includes('sign-in code') ? /code is (\d{6})/.exec(text)?.[1] : undefined;
      if (code) codes.push(code);
    }
    expect(codes.length).toBeGreaterThan(0);
    return codes.at(-1)!;
  };

  const createOwner = async (email: string) => {
    const auth = await getAuth(t.db);
    await auth.api.signUpEmail({ body: { email, password: 'right-password-1', name: 'Owner' } });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  };

  it('after ten wrong passwords the right one is still refused, and the owner signs in with an emailed code', async () => {
    const email = 'owner@example.com';
    await createOwner(email);
    for (let i = 0; i < 10; i++) expect(await post({ email, password: `wrong-password-${i}` })).toMatchObject({ ok: false, status: 400 });

    // The limit holds for the right password too; the page is told the account is paused.
    const right = await post({ email, password: 'right-password-1' });
    expect(right).toMatchObject({ ok: true, value: { paused: { email } } });
    expect(right.ok && 'cookies' in right.value).toBe(false);
    expect(passwordPausedMessage(60)).toBe(
      'Too many wrong passwords for this account: password sign-in is paused for a minute. You can still sign in now with a code we email you.',
    );

    expect(await post({ action: 'send-code', email })).toMatchObject({ ok: true, value: { sent: expect.stringContaining(email) } });
    const code = await codeFor(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await post({ action: 'code', email, code: wrong })).toMatchObject({ ok: false, status: 400 });
    const signedIn = await post({ action: 'code', email, code });
    if (!signedIn.ok || !('cookies' in signedIn.value)) throw new Error(`not signed in: ${JSON.stringify(signedIn)}`);
    const cookie = signedIn.value.cookies
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(await sessionUser(t.db, new Headers({ cookie }))).toMatchObject({ email });

    // Passwords stay paused for everyone else.
    expect(await post({ email, password: 'right-password-1' })).toMatchObject({ ok: true, value: { paused: { email } } });
  });

  it("wrong codes spend a code, never the owner's way in; a new code still signs in", async () => {
    const email = 'guessed-owner@example.com';
    await createOwner(email);
    expect(await post({ action: 'send-code', email })).toMatchObject({ ok: true });
    const first = await codeFor(email);
    // Guesses from many addresses: each is refused as wrong, none is told to wait.
    for (let i = 0; i < 30; i++) {
      const guess = String((Number(first) + 1 + i) % 1_000_000).padStart(6, '0');
      expect(await post({ action: 'code', email, code: guess })).toMatchObject({ ok: false, status: 400 });
    }
    // The first code was taken back after five wrong tries, even though it is right.
    expect(await post({ action: 'code', email, code: first })).toMatchObject({ ok: false, status: 400 });
    expect(await post({ action: 'send-code', email })).toMatchObject({ ok: true });
    const second = await codeFor(email);
    expect(await post({ action: 'code', email, code: second })).toMatchObject({ ok: true, value: { cookies: expect.any(Headers) } });
    // Codes sent to one account are capped: the third goes, the fourth waits.
    expect(await post({ action: 'send-code', email })).toMatchObject({ ok: true });
    expect(await post({ action: 'send-code', email })).toMatchObject({ ok: false, status: 429 });
  });
});

describe('the wait message', () => {
  it('tells the user to wait, in minutes', () => {
    expect(tooManyAttemptsText(42)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(tooManyAttemptsText(70)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(tooManyAttemptsText(130)).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });
});
