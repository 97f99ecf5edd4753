/**
 * The contact form (spec sections 3, 4 and 5): one zod schema for every place that checks it,
 * with the spec's messages. Pure and isomorphic: no server imports.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from '#features/accounts/account-forms.ts';
import { withoutNul } from '#platform/http/input-guards.ts';
import { fail, parseWith, type Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Longest accepted value per field, in characters (UTF-16 code units, like `maxlength`). */
export const CONTACT_LIMITS: Readonly<Record<ContactField, number>> = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
};

/** The same shape check as the account forms' (something@something.tld, no spaces). */
export { EMAIL_PATTERN };

/** What the page says after a post that is not about one field. */
export const CONTACT_TEXTS = {
  get sent() {
    return m.pages_contactlib_1();
  },
  get tooMuch() {
    return m.pages_contact_too_much({ max: CONTACT_LIMITS.message.toLocaleString('en-US') });
  },
  get tooOften() {
    return m.pages_contactlib_2();
  },
  get failed() {
    return m.pages_contactlib_3();
  },
} as const;

export const CONTACT_MESSAGES = {
  get name() {
    return m.pages_contact_name_required();
  },
  get email() {
    return m.pages_contactlib_4();
  },
  get emailInvalid() {
    return m.pages_contactlib_5();
  },
  get subject() {
    return m.pages_contactlib_6();
  },
  get message() {
    return m.pages_contactlib_7();
  },
} as const;

const LABELS: Readonly<Record<ContactField, string>> = {
  get name() {
    return m.pages_contact_name_label();
  },
  get email() {
    return m.pages_contactlib_8();
  },
  get subject() {
    return m.pages_contactlib_9();
  },
  get message() {
    return m.pages_contactlib_10();
  },
};

/** 'Message must be 5,000 characters or fewer', and so on. */
export function tooLongMessage(field: ContactField): string {
  return m.pages_contact_too_long({ label: LABELS[field], max: CONTACT_LIMITS[field].toLocaleString('en-US') });
}

/** Only the first problem of a field is told: an empty email is 'required', never also 'invalid'. */
const first = (error: () => string) => ({ error: () => error(), abort: true });

/** Trimmed, required, capped text; a missing or non-text value reads as 'required'. */
function requiredText(field: Exclude<ContactField, 'email'>) {
  const required = () => CONTACT_MESSAGES[field];
  return withoutNul(
    z
      .string({ error: required })
      .trim()
      .min(1, first(required))
      .max(
        CONTACT_LIMITS[field],
        first(() => tooLongMessage(field)),
      ),
  );
}

export const contactSchema = z.object({
  name: requiredText('name'),
  email: withoutNul(
    z
      .string({ error: () => CONTACT_MESSAGES.email })
      .trim()
      .min(
        1,
        first(() => CONTACT_MESSAGES.email),
      )
      .max(
        CONTACT_LIMITS.email,
        first(() => tooLongMessage('email')),
      )
      .regex(
        EMAIL_PATTERN,
        first(() => CONTACT_MESSAGES.emailInvalid),
      ),
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
  return fail(422, m.pages_contact_check_fields({ count }), result.fields);
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
