import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { users } from '#db/schema.ts';
import { authErrorMessage, CLIENT_ADDRESS_HEADER, createAuth, getAuth, sessionUser, type Auth } from './auth.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe.each(drivers())('accounts (better-auth) on %s', (driver) => {
  let auth: Auth;
  const t = useTestDatabase(driver, {
    beforeAll: async (t) => {
      // Codes and notices go to this run's own outbox.
      process.env.DATA_DIR ??= await mkdtemp(path.join(os.tmpdir(), 'sefer-auth-test-'));
      auth = createAuth(t.db, 'a-test-secret-that-is-long-enough-0123456789');
    },
  });

  it('a database failure during sign-up shows the fixed text, and the details go to the log only', async () => {
    const log = captureLog();
    await t.db.execute(sql`alter table accounts rename to accounts_away`);
    let shown: string;
    try {
      await auth.api.signUpEmail({ body: { email: 'broken@example.com', password: 'broken-pass-1', name: 'Broken' } });
      shown = 'no error';
    } catch (error) {
      shown = authErrorMessage(error, 'Signup failed. Try again.');
    } finally {
      await t.db.execute(sql`alter table accounts_away rename to accounts`);
    }
    expect(shown).toBe('Signup failed. Try again.');
    log.stop();
    expect(JSON.stringify(log.lines)).toMatch(/accounts/);
  });

  it('refuses names over 60 characters and emails over 254 however an account is made', async () => {
    await expect(
      auth.api.signUpEmail({ body: { email: 'long-name@example.com', password: 'long-name-1', name: 'n'.repeat(61) } }),
    ).rejects.toMatchObject({
      body: { message: 'Names must be 60 characters or fewer.' },
    });
    const email = `${'a'.repeat(250)}@x.et`;
    await expect(auth.api.signUpEmail({ body: { email, password: 'long-email-1', name: 'Long' } })).rejects.toMatchObject({
      body: { message: 'Email must be 254 characters or fewer.' },
    });
  });
});

describe.each(drivers())("better-auth's own limit on %s", (driver) => {
  let auth: Auth;
  useTestDatabase(driver, { beforeAll: async (t) => void (auth = createAuth(t.db, 'a-test-secret-that-is-long-enough-0123456789')) });

  it('counts by the address our code vouches for, not by X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const request = new Request('http://localhost:4321/api/auth/ok', {
        headers: { 'x-forwarded-for': `10.2.${Math.floor(i / 250)}.${i % 250}`, [CLIENT_ADDRESS_HEADER]: '192.0.2.7' },
      });
      statuses.push((await auth.handler(request)).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe.each(drivers())('reading a session on %s', (driver) => {
  const t = useTestDatabase(driver, {
    beforeAll: async () => {
      process.env.DATA_DIR ??= await mkdtemp(path.join(os.tmpdir(), 'sefer-auth-test-'));
    },
  });

  it('reads the session and its user in one query (every signed-in request pays it)', async () => {
    const auth = await getAuth(t.db);
    const email = 'reader@example.com';
    await auth.api.signUpEmail({ body: { email, password: 'right-password-1', name: 'Reader', firstName: 'Hana' } as never });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signedIn = await auth.api.signInEmail({ body: { email, password: 'right-password-1' }, returnHeaders: true });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    t.resetQueryCount();
    expect(await sessionUser(t.db, new Headers({ cookie }))).toMatchObject({ email, name: 'Reader', firstName: 'Hana', isAdmin: false });
    expect(t.queryCount()).toBe(1);
    // A banned account is nobody, read the same way.
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.email, email));
    expect(await sessionUser(t.db, new Headers({ cookie }))).toBeNull();
  });
});
