/**
 * The contact form (spec sections 3, 4 and 5): one zod schema for every place that checks it,
 * with the spec's messages. Pure and isomorphic: no server imports.
 */
import { z } from 'zod';
import { withoutNul } from './input-guards.ts';

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

/** Trimmed, required, capped text; a missing or non-text value reads as 'required'. */
function requiredText(field: Exclude<ContactField, 'email'>) {
  const required = CONTACT_MESSAGES[field];
  return withoutNul(z.string({ error: required }).trim().min(1, required).max(CONTACT_LIMITS[field], tooLongMessage(field)));
}

export const contactSchema = z.object({
  name: requiredText('name'),
  email: withoutNul(
    z
      .string({ error: CONTACT_MESSAGES.email })
      .trim()
      .min(1, CONTACT_MESSAGES.email)
      .max(CONTACT_LIMITS.email, tooLongMessage('email'))
      .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
  ),
  subject: requiredText('subject'),
  message: requiredText('message'),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactMessage = z.output<typeof contactSchema>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactValidation = { ok: true; data: ContactMessage } | { ok: false; errors: ContactErrors };

/**
 * Validates what a visitor typed. On failure, one message per field: the first that applies, so
 * an empty email reads 'Email is required', never also 'Invalid email address'.
 */
export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(typeof input === 'object' && input !== null ? input : {});
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isContactField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function isContactField(value: string): value is ContactField {
  return (CONTACT_FIELDS as readonly string[]).includes(value);
}

/** The form's text values from posted form data; files and missing fields read as ''. */
export function contactValuesFromForm(form: FormData): Record<ContactField, string> {
  const values = {} as Record<ContactField, string>;
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}
