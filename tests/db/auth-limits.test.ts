import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS, countAuthAttempt, tooManyAttemptsText } from '#server/rate-limit.server.ts';
import { drivers, useTestDatabase } from './test-database.ts';

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
});

describe('the wait message', () => {
  it('tells the user to wait, in minutes', () => {
    expect(tooManyAttemptsText(42)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(tooManyAttemptsText(70)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(tooManyAttemptsText(130)).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });
});
