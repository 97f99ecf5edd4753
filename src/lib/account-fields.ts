/**
 * Caps on what a person can set on their account (names are copied into every request and
 * comment they write). One check for the pages, /api/auth/* and better-auth's own hooks.
 */

export const NAME_MAX = 60;
/** The longest address SMTP can deliver to (RFC 5321). */
export const EMAIL_MAX = 254;
export const IMAGE_URL_MAX = 2048;

export const NAME_TOO_LONG = `Names must be ${NAME_MAX} characters or fewer.`;
export const EMAIL_TOO_LONG = `Email must be ${EMAIL_MAX} characters or fewer.`;
export const IMAGE_TOO_LONG = `The picture address must be ${IMAGE_URL_MAX.toLocaleString('en-US')} characters or fewer.`;

const CAPS: Readonly<Record<string, { max: number; message: string }>> = {
  name: { max: NAME_MAX, message: NAME_TOO_LONG },
  firstName: { max: NAME_MAX, message: NAME_TOO_LONG },
  lastName: { max: NAME_MAX, message: NAME_TOO_LONG },
  email: { max: EMAIL_MAX, message: EMAIL_TOO_LONG },
  newEmail: { max: EMAIL_MAX, message: EMAIL_TOO_LONG },
  image: { max: IMAGE_URL_MAX, message: IMAGE_TOO_LONG },
};

/** The fields of `values` that are too long, each with its message; null when all fit. */
export function accountFieldProblems(values: unknown): Record<string, string[]> | null {
  if (!values || typeof values !== 'object') return null;
  const problems: Record<string, string[]> = {};
  for (const [field, cap] of Object.entries(CAPS)) {
    const value = (values as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length > cap.max) problems[field] = [cap.message];
  }
  return Object.keys(problems).length > 0 ? problems : null;
}
