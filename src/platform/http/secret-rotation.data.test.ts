/**
 * Issue 32: rotating AUTH_SECRET signs nobody out. A session made under the old secret, read by
 * better-auth set up with the new one: refused as it is, accepted once its cookie is signed again
 * (what scripts/start.mjs does for every request), and the browser is given the new cookie.
 */
import { createHmac } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema.ts';
import { sessionCookieResigner } from './secret-rotation.server.ts';
import { createAuth } from '#features/accounts/auth.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const OLD = 'the-old-secret-that-is-long-enough-0123456789';
const NEW = 'the-new-secret-that-is-long-enough-9876543210';

describe('sessionCookieResigner', () => {
  const resign = sessionCookieResigner(NEW, [OLD])!;
  const signed = (value: string, secret: string) => `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;

  it('signs again a session cookie of a previous secret, in the request and for the browser', () => {
    const header = `theme=dark; sefer.session_token=${encodeURIComponent(signed('tok123', OLD))}; other=1`;
    const done = resign(header, true)!;
    expect(done.cookie).toBe(`theme=dark; sefer.session_token=${encodeURIComponent(signed('tok123', NEW))}; other=1`);
    expect(done.setCookies).toEqual([
      `sefer.session_token=${encodeURIComponent(signed('tok123', NEW))}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure`,
    ]);
  });

  it('leaves alone cookies of the current secret, of no known secret, and other cookies', () => {
    expect(resign(`sefer.session_token=${encodeURIComponent(signed('tok', NEW))}`)).toBeNull();
    expect(resign(`sefer.session_token=${encodeURIComponent(signed('tok', 'some-other-secret-long-enough-000000000'))}`)).toBeNull();
    expect(resign('sefer_state=1; theme=dark')).toBeNull();
    expect(resign(undefined)).toBeNull();
    expect(sessionCookieResigner(NEW, [])).toBeNull();
    expect(sessionCookieResigner(undefined, [OLD])).toBeNull();
  });
});

describe.each(drivers())('a rotated AUTH_SECRET keeps sessions, on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeAll: async () => {
      process.env.DATA_DIR ??= await mkdtemp(path.join(os.tmpdir(), 'sefer-rotation-test-'));
    },
  });

  it('a session signed in under the old secret is read under the new one once its cookie is signed again', async () => {
    const before = createAuth(t.db, OLD);
    const email = `${driver}-rotation@example.com`;
    await before.api.signUpEmail({ body: { email, password: 'rotation-pass-1', name: 'Rotation' } });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const { headers } = await before.api.signInEmail({ body: { email, password: 'rotation-pass-1' }, returnHeaders: true });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    expect(cookie).toContain('sefer.session_token=');

    const after = createAuth(t.db, NEW);
    expect(await after.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    const resigned = sessionCookieResigner(NEW, [OLD])!(cookie)!;
    const session = await after.api.getSession({ headers: new Headers({ cookie: resigned.cookie }) });
    expect(session?.user.email).toBe(email);
  });
});
