/**
 * The contact form (spec sections 3, 4 and 5): one zod schema for every place that checks it,
 * with the spec's messages. Pure and isomorphic: no server imports.
 */
import { z } from 'zod';
import { withoutNul } from './input-guards.ts';
import { fail, parseWith, type Result } from './result.ts';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Longest accepted value per field, in characters (UTF-16 code units, like `maxlength`). */
export const CONTACT_LIMITS: Readonly<Record<ContactField, number>> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

/** A basic shape check (something@something.tld, no spaces), as the spec asks; not RFC 5322. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the page says after a post that is not about one field. */
export const CONTACT_TEXTS = {
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
  tooMuch: `That was too much to send. Please keep your message to ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters or fewer.`,
  tooOften: 'You have sent several messages in a short time. Please wait a few minutes before sending another.',
  failed: 'We could not send your message just now. Please try again in a few minutes.',
} as const;

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  email: 'Email is required',
  emailInvalid: 'Invalid email address',
  subject: 'Subject is required',
  message: 'Message is required',
} as const;

const LABELS: Readonly<Record<ContactField, string>> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

/** 'Message must be 5,000 characters or fewer', and so on. */
export function tooLongMessage(field: ContactField): string {
  return `${LABELS[field]} must be ${CONTACT_LIMITS[field].toLocaleString('en-US')} characters or fewer`;
}

/** Only the first problem of a field is told: an empty email is 'required', never also 'invalid'. */
const first = (error: string) => ({ error, abort: true });

/** Trimmed, required, capped text; a missing or non-text value reads as 'required'. */
function requiredText(field: Exclude<ContactField, 'email'>) {
  const required = CONTACT_MESSAGES[field];
  return withoutNul(
    z
      .string({ error: required })
      .trim()
      .min(1, first(required))
      .max(CONTACT_LIMITS[field], first(tooLongMessage(field))),
  );
}

export const contactSchema = z.object({
  name: requiredText('name'),
  email: withoutNul(
    z
      .string({ error: CONTACT_MESSAGES.email })
      .trim()
      .min(1, first(CONTACT_MESSAGES.email))
      .max(CONTACT_LIMITS.email, first(tooLongMessage('email')))
      .regex(EMAIL_PATTERN, first(CONTACT_MESSAGES.emailInvalid)),
  ),
  subject: requiredText('subject'),
  message: requiredText('message'),
});

export type ContactMessage = z.output<typeof contactSchema>;
export type ContactValues = Record<ContactField, string>;
export const NO_CONTACT_VALUES: Readonly<ContactValues> = { name: '', email: '', subject: '', message: '' };

/**
 * Checks what a visitor typed: the message, or a 422 with one message per field (the first that
 * applies) and a line counting the fields to fix.
 */
export function validateContact(input: unknown): Result<ContactMessage> {
  const result = parseWith(contactSchema, typeof input === 'object' && input !== null ? input : {});
  if (result.ok) return result;
  const count = Object.keys(result.fields ?? {}).length;
  return fail(422, count === 1 ? 'Please check the field marked below.' : `Please check the ${count} fields marked below.`, result.fields);
}

/** The form's text values from posted form data; files and missing fields read as ''. */
export function contactValuesFromForm(form: FormData): ContactValues {
  const values = { ...NO_CONTACT_VALUES };
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}
