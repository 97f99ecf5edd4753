/**
 * Contact messages: what the contact form sent is stored so a person can read and answer it.
 * Nothing is emailed or sent anywhere else.
 */
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { contactSchema, type ContactMessage } from '../contact.ts';

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
