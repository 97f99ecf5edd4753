import { describe, expect, it } from 'vitest';
import { contactMessages } from '#db/schema.ts';
import { validateContact } from './contact.ts';
import { saveContactMessage, sendContactMessage } from './contact.server.ts';
import { LIMITS } from '#platform/http/rate-limit.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe.each(drivers())('contact messages on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('stores a validated message with its time, in one statement', async () => {
    const result = validateContact({
      name: ' Selam Tesfaye ',
      email: 'selam@example.com',
      subject: 'Report a listing',
      message: 'The discount on this listing was not honoured.\nሰላም!',
    });
    if (!result.ok) throw new Error('fixture should be valid');
    t.resetQueryCount();
    const before = Date.now();
    const id = await saveContactMessage(t.db, result.value);
    expect(t.queryCount()).toBe(1);

    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      id,
      name: 'Selam Tesfaye',
      email: 'selam@example.com',
      subject: 'Report a listing',
      message: 'The discount on this listing was not honoured.\nሰላም!',
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 60_000);
  });

  it('keeps every message, each with its own id', async () => {
    const data = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
    const first = await saveContactMessage(t.db, data);
    const second = await saveContactMessage(t.db, data);
    expect(second).not.toBe(first);
    expect(await t.db.$count(contactMessages)).toBe(2);
  });

  it('sending the form is rate limited per client address and per account (429), invalid forms store nothing', async () => {
    const data = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
    const now = new Date('2026-03-10T09:00:00Z');
    expect(LIMITS.contact.max).toBe(5);
    for (let i = 0; i < LIMITS.contact.max; i++) {
      expect(await sendContactMessage(t.db, { address: '10.0.0.1' }, data, now)).toMatchObject({ ok: true });
    }
    expect(await sendContactMessage(t.db, { address: '10.0.0.1' }, data, now)).toMatchObject({
      ok: false,
      status: 429,
      error: 'You have sent several messages in a short time. Please wait a few minutes before sending another.',
      retryAfter: expect.any(Number),
    });
    expect(await t.db.$count(contactMessages)).toBe(LIMITS.contact.max);
    // Another address is not held back; one account cannot move around addresses to send more.
    expect(await sendContactMessage(t.db, { address: '10.0.0.2', userId: 'u1' }, data, now)).toMatchObject({ ok: true });
    for (let i = 0; i < LIMITS.contact.max - 1; i++) await sendContactMessage(t.db, { address: `10.0.1.${i}`, userId: 'u1' }, data, now);
    expect(await sendContactMessage(t.db, { address: '10.0.2.1', userId: 'u1' }, data, now)).toMatchObject({ ok: false, status: 429 });
    // After the window, the address may send again.
    expect(
      await sendContactMessage(t.db, { address: '10.0.0.1' }, data, new Date(now.getTime() + LIMITS.contact.windowSeconds * 1000)),
    ).toMatchObject({ ok: true });
    expect(await sendContactMessage(t.db, { address: '10.0.0.9' }, { ...data, email: 'nope' }, now)).toEqual({
      ok: false,
      status: 422,
      error: 'Please check the field marked below.',
      fields: { email: ['Invalid email address'] },
    });
  });

  it('refuses data that skipped validation, and stores nothing', async () => {
    await expect(saveContactMessage(t.db, { name: '', email: 'x', subject: 's', message: 'm' })).rejects.toThrow();
    await expect(
      saveContactMessage(t.db, { name: 'A', email: 'a@example.com', subject: 'S', message: 'm'.repeat(5001) }),
    ).rejects.toThrow();
    expect(await t.db.$count(contactMessages)).toBe(0);
  });
});
