/**
 * Caps on what a person can set on their account (names are copied into every request and
 * comment they write). One check for the pages, /api/auth/* and better-auth's own hooks.
 */
import { m } from '#paraglide/messages.js';
import { formatNumber } from '#platform/i18n/format.ts';

export const NAME_MAX = 60;
/** The longest address SMTP can deliver to (RFC 5321). */
export const EMAIL_MAX = 254;
export const IMAGE_URL_MAX = 2048;

/** What a too long field is told, in the language of the request (or page) it is read in. */
export const nameTooLong = () => m.auth_error_name_too_long({ max: NAME_MAX });
export const emailTooLong = () => m.auth_error_email_too_long({ max: EMAIL_MAX });
export const imageTooLong = () => m.auth_error_image_too_long({ max: formatNumber(IMAGE_URL_MAX) });

const CAPS: Readonly<Record<string, { max: number; message: () => string }>> = {
  name: { max: NAME_MAX, message: nameTooLong },
  firstName: { max: NAME_MAX, message: nameTooLong },
  lastName: { max: NAME_MAX, message: nameTooLong },
  email: { max: EMAIL_MAX, message: emailTooLong },
  newEmail: { max: EMAIL_MAX, message: emailTooLong },
  image: { max: IMAGE_URL_MAX, message: imageTooLong },
};

/** The fields of `values` that are too long, each with its message; null when all fit. */
export function accountFieldProblems(values: unknown): Record<string, string[]> | null {
  if (!values || typeof values !== 'object') return null;
  const problems: Record<string, string[]> = {};
  for (const [field, cap] of Object.entries(CAPS)) {
    const value = (values as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > cap.max) problems[field] = [cap.message()];
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
