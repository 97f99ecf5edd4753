/**
 * Issue 32: "sign-up says 'We sent a code' when the email could not be written". When the code's
 * email fails (here: the outbox cannot be created, as on a full or read-only disk), the sign-up is
 * kept but the person is told the code was not sent, with a 503; once mail works, "send a new
 * code" sends one to the same sign-up.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '#db/schema.ts';
import { accountPostSchema } from './account-forms.ts';
import { signUpStep } from './account-forms.server.ts';
import type { RequestContext } from '#platform/http/http.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

// This run's own data folder, where `outbox` starts as a file: no email can be written.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sefer-code-not-sent-'));
process.env.DATA_DIR = dataDir;
delete process.env.SMTP_URL;
const outbox = path.join(dataDir, 'outbox');

describe.each(drivers())('a sign-up code that could not be emailed, on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });
  let n = 0;
  const post = (values: Record<string, string>) => {
    const request = new Request('http://localhost:4321/signup', { method: 'POST' });
    const context = { request, url: new URL(request.url), params: {}, locals: { db: t.db, user: null }, clientAddress: `10.6.0.${++n}` };
    return signUpStep(context as unknown as RequestContext, accountPostSchema.parse(values));
  };

  it('is not reported as sent; the sign-up is kept, and a new code goes out once mail works', async () => {
    await rm(outbox, { recursive: true, force: true });
    writeFileSync(outbox, 'not a folder');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = `${driver}-unsent@example.com`;
    const failed = await post({ action: 'details', firstName: 'Selam', lastName: '', email, password: 'a-good-pass-1' });
    quiet.mockRestore();
    expect(failed).toEqual({
      ok: false,
      status: 503,
      error: 'We could not send the email with your code just now. Please try again in a minute.',
    });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);

    await rm(outbox, { force: true });
    await mkdir(outbox);
    const resent = await post({ action: 'resend', email });
    expect(resent).toMatchObject({ ok: true, value: { sent: `We sent a new code to ${email}.` } });
  });
});
