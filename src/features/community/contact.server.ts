/**
 * Contact messages: what the contact form sent is stored so a person can read and answer it.
 * Nothing is emailed or sent anywhere else.
 */
import type { Database } from '#db/client.ts';
import { contactMessages } from '#db/schema.ts';
import {
  CONTACT_TEXTS,
  contactSchema,
  contactValuesFromForm,
  NO_CONTACT_VALUES,
  validateContact,
  type ContactMessage,
  type ContactValues,
} from './contact.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { readFormData } from '#platform/http/http.server.ts';
import { allowWrite } from '#platform/http/rate-limit.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('contact');

/** Far above the largest valid message, even fully percent-encoded; bigger posts are not read. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * What the contact form sent, as typed (to show again if it is refused): a 413 past the size cap,
 * unread; a body that is not a form reads as an empty form.
 */
export async function readContactForm(request: Request): Promise<Result<ContactValues>> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return fail(413, CONTACT_TEXTS.tooMuch);
  const form = await readFormData(request);
  return ok(form.ok ? contactValuesFromForm(form.value) : { ...NO_CONTACT_VALUES });
}

/**
 * The contact form's send: checked with the form's schema (422 with its fields), then counted
 * against the contact rate limit per account and per client address (429 with `retryAfter`), then
 * stored (its id). Every path that sends the form uses it; a storage failure is logged and a 503.
 */
export async function sendContactMessage(
  db: Database,
  who: { userId?: string | null; address?: string | null },
  input: unknown,
  now = new Date(),
): Promise<Result<number>> {
  const message = validateContact(input);
  if (!message.ok) return message;
  try {
    const limit = await allowWrite(db, 'contact', who, now);
    if (!limit.allowed) return { ...fail(429, CONTACT_TEXTS.tooOften), retryAfter: limit.retryAfter };
    return ok(await saveContactMessage(db, message.value));
  } catch (error) {
    log.error({ err: error }, '[contact] could not store a message');
    return fail(503, CONTACT_TEXTS.failed);
  }
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
