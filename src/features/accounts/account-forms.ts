/**
 * The account forms (spec 4): sign-up, sign-in, the emailed code, a new password, and their texts.
 * One schema per input, shared by the pages and their services. Each field is first read as the
 * person typed it (trimmed, the email in lower case), then checked, so a page can show it again.
 * Pure and isomorphic.
 */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';
import { EMAIL_MAX, emailTooLong, NAME_MAX } from './account-fields.ts';

export const PASSWORD_MIN = 8;

/** A basic shape check (something@something.tld, no spaces), as the spec asks; not RFC 5322. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The forms' field messages, made when a form is checked (so in the language of its page). */
export const ACCOUNT_MESSAGES = {
  firstName: m.auth_error_first_name,
  email: m.auth_error_email_required,
  emailInvalid: m.auth_error_email_invalid,
  password: m.auth_error_password_required,
  passwordShort: () => m.auth_error_password_short({ min: PASSWORD_MIN }),
  code: m.auth_error_code,
} as const;

/** What a person is told after a code was emailed (or, for a reset, might have been). */
export const ACCOUNT_TEXTS = {
  codeSent: (email: string) => m.auth_code_sent({ email }),
  newCodeSent: (email: string) => m.auth_new_code_sent({ email }),
  resetCodeSent: (email: string) => m.auth_reset_code_sent({ email }),
  passwordChanged: m.auth_password_changed,
} as const;

/** A posted value as text; a missing or non-text value reads as ''. */
const typed = z.string().catch('');
const emailTyped = typed.transform((email) => email.trim().toLowerCase());
const nameTyped = typed.transform((name) => name.trim().slice(0, NAME_MAX));
const codeTyped = typed.transform((code) => code.replace(/\s+/g, ''));

/** A message made when the check runs. */
const say = (message: () => string) => ({ error: () => message() });
/** Only the first problem of a field is told: an empty email is 'required', never also 'invalid'. */
const first = (message: () => string) => ({ error: () => message(), abort: true });

const email = emailTyped.pipe(
  z
    .string()
    .min(1, first(ACCOUNT_MESSAGES.email))
    .max(EMAIL_MAX, first(emailTooLong))
    .regex(EMAIL_PATTERN, say(ACCOUNT_MESSAGES.emailInvalid)),
);
const newPassword = typed.pipe(z.string().min(PASSWORD_MIN, say(ACCOUNT_MESSAGES.passwordShort)));
const code = codeTyped.pipe(z.string().regex(/^\d{6}$/, say(ACCOUNT_MESSAGES.code)));

/** Sign-up details; the last name may be left out, and names are cut to {@link NAME_MAX}. */
export const signUpSchema = z.object({
  firstName: nameTyped.pipe(z.string().min(1, say(ACCOUNT_MESSAGES.firstName))),
  lastName: nameTyped,
  email,
  password: typed.pipe(z.string().min(1, first(ACCOUNT_MESSAGES.password)).min(PASSWORD_MIN, say(ACCOUNT_MESSAGES.passwordShort))),
});

/** Sign-in: the email's shape is not checked, a wrong one is just a failed sign-in. */
export const signInSchema = z.object({
  email: emailTyped.pipe(z.string().min(1, first(ACCOUNT_MESSAGES.email)).max(EMAIL_MAX, say(emailTooLong))),
  password: typed.pipe(z.string().min(1, say(ACCOUNT_MESSAGES.password))),
});

/** An account's email alone: asking for a password reset code. */
export const accountEmailSchema = z.object({ email });

/** A code from an email, for the account it was sent to (the email comes back in a hidden field). */
export const codeSchema = z.object({ email: emailTyped, code });

/** A new password with the reset code that allows it. */
export const newPasswordSchema = codeSchema.extend({ password: newPassword });

/**
 * A post of one of the account pages as typed, never refused: which form it came from (`action`)
 * and the values shown again on the page; the rest is left for the form's own schema.
 */
export const accountPostSchema = z.looseObject({ action: typed, email: emailTyped, firstName: nameTyped, lastName: nameTyped });
export type AccountPost = z.output<typeof accountPostSchema>;
