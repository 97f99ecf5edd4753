import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema.ts';
import { validateContact } from '../../src/lib/contact.ts';
import { saveContactMessage } from '../../src/lib/server/contact.server.ts';
import { createTestDatabase, drivers, type TestDatabase } from './test-database.ts';

describe.each(drivers())('contact messages on %s', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.execute(sql`truncate contact_messages restart identity`);
  });

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
    const id = await saveContactMessage(t.db, result.data);
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

  it('refuses data that skipped validation, and stores nothing', async () => {
    await expect(saveContactMessage(t.db, { name: '', email: 'x', subject: 's', message: 'm' })).rejects.toThrow();
    await expect(saveContactMessage(t.db, { name: 'A', email: 'a@example.com', subject: 'S', message: 'm'.repeat(5001) })).rejects.toThrow();
    expect(await t.db.$count(contactMessages)).toBe(0);
  });
});
