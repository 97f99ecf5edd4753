/**
 * Contact messages: what the contact form sent is stored so a person can read and answer it.
 * Nothing is emailed or sent anywhere else.
 */
import type { Database } from '#db/client.ts';
import { contactMessages } from '#db/schema.ts';
import { contactSchema, validateContact, type ContactErrors, type ContactMessage } from '#lib/contact.ts';
import { allowWrite } from './rate-limit.server.ts';

export type ContactOutcome =
  { ok: true; id: number } | { ok: false; status: 422; errors: ContactErrors } | { ok: false; status: 429; retryAfter: number };

/**
 * The contact form's send: checked with the form's schema, then counted against the contact rate
 * limit (per account and per client address), then stored. Every path that sends the form uses it.
 */
export async function sendContactMessage(
  db: Database,
  who: { userId?: string | null; address?: string | null },
  input: unknown,
  now = new Date(),
): Promise<ContactOutcome> {
  const result = validateContact(input);
  if (!result.ok) return { ok: false, status: 422, errors: result.errors };
  const limit = await allowWrite(db, 'contact', who, now);
  if (!limit.allowed) return { ok: false, status: 429, retryAfter: limit.retryAfter };
  return { ok: true, id: await saveContactMessage(db, result.data) };
}

/**
 * Stores one message and returns its id. The data is checked again with the form's schema, so a
 * caller that skipped validation cannot store an oversized or blank message (it throws instead).
 */
export async function saveContactMessage(db: Pick<Database, 'insert'>, data: ContactMessage): Promise<number> {
  const clean = contactSchema.parse(data);
  const [row] = await db
    .insert(contactMessages)
    .values({ name: clean.name, email: clean.email, subject: clean.subject, message: clean.message })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('Contact message insert returned no row');
  return row.id;
}
