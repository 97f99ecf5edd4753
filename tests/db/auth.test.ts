import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authErrorMessage, createAuth, type Auth } from '../../src/lib/server/auth.server.ts';
import { createTestDatabase, drivers, type TestDatabase } from './test-database.ts';

describe.each(drivers())('accounts (better-auth) on %s', (driver) => {
  let t: TestDatabase;
  let auth: Auth;
  beforeAll(async () => {
    // Codes and notices go to this run's own outbox.
    process.env.DATA_DIR ??= await mkdtemp(path.join(os.tmpdir(), 'sefer-auth-test-'));
    t = await createTestDatabase(driver);
    auth = createAuth(t.db, 'a-test-secret-that-is-long-enough-0123456789');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a database failure during sign-up shows the fixed text, and the details go to the log only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await t.db.execute(sql`alter table accounts rename to accounts_away`);
    let shown = '';
    try {
      await auth.api.signUpEmail({ body: { email: 'broken@example.com', password: 'broken-pass-1', name: 'Broken' } });
      shown = 'no error';
    } catch (error) {
      shown = authErrorMessage(error, 'Signup failed. Try again.');
    } finally {
      await t.db.execute(sql`alter table accounts_away rename to accounts`);
    }
    expect(shown).toBe('Signup failed. Try again.');
    expect(log.mock.calls.flat().map(String).join(' ')).toMatch(/accounts/);
    log.mockRestore();
  });

  it('refuses names over 60 characters and emails over 254 however an account is made', async () => {
    await expect(auth.api.signUpEmail({ body: { email: 'long-name@example.com', password: 'long-name-1', name: 'n'.repeat(61) } })).rejects.toMatchObject({
      body: { message: 'Names must be 60 characters or fewer.' },
    });
    const email = `${'a'.repeat(250)}@x.et`;
    await expect(auth.api.signUpEmail({ body: { email, password: 'long-email-1', name: 'Long' } })).rejects.toMatchObject({
      body: { message: 'Email must be 254 characters or fewer.' },
    });
  });
});
