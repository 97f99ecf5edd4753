import { describe, expect, it } from 'vitest';
import { emailTooLong, NAME_MAX } from './account-fields.ts';
import {
  ACCOUNT_MESSAGES as M,
  accountEmailSchema,
  accountPostSchema,
  codeSchema,
  newPasswordSchema,
  signInSchema,
  signUpSchema,
} from './account-forms.ts';
import { firstErrors, parseWith } from '#platform/http/result.ts';

const LONG_EMAIL = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.et`;

/** The one message a form shows under each field. */
const shown = (schema: Parameters<typeof parseWith>[0], input: unknown) => {
  const result = parseWith(schema, input);
  return result.ok ? null : firstErrors(result.fields);
};

describe('signUpSchema', () => {
  const valid = { firstName: ' Meron ', lastName: ' Alemu ', email: ' Meron@Example.COM ', password: 'correct-horse-9' };

  it('trims the names, lower-cases the email and keeps the password as typed', () => {
    expect(parseWith(signUpSchema, valid)).toEqual({
      ok: true,
      value: { firstName: 'Meron', lastName: 'Alemu', email: 'meron@example.com', password: 'correct-horse-9' },
    });
  });

  it('cuts names to the cap instead of refusing them, and the last name may be left out', () => {
    const parsed = parseWith(signUpSchema, { ...valid, firstName: 'n'.repeat(NAME_MAX + 10), lastName: undefined });
    expect(parsed.ok && parsed.value).toMatchObject({ firstName: 'n'.repeat(NAME_MAX), lastName: '' });
  });

  it('names each missing field once', () => {
    expect(shown(signUpSchema, {})).toEqual({ firstName: M.firstName(), email: M.email(), password: M.password() });
    expect(parseWith(signUpSchema, { firstName: 'A', email: '', password: '' })).toMatchObject({
      status: 400,
      fields: { email: [M.email()], password: [M.password()] },
    });
  });

  it('tells a badly shaped email, a long one and a short password apart', () => {
    expect(shown(signUpSchema, { ...valid, email: 'not-an-email' })).toEqual({ email: M.emailInvalid() });
    expect(shown(signUpSchema, { ...valid, email: LONG_EMAIL })).toEqual({ email: emailTooLong() });
    expect(shown(signUpSchema, { ...valid, password: 'short' })).toEqual({ password: 'Use at least 8 characters.' });
    expect(shown(signUpSchema, { ...valid, password: '12345678' })).toBeNull();
  });

  it('reads values that are not text as missing', () => {
    expect(shown(signUpSchema, { firstName: 42, email: ['a@b.co'], password: null })).toEqual({
      firstName: M.firstName(),
      email: M.email(),
      password: M.password(),
    });
  });
});

describe('signInSchema', () => {
  it('needs an email and a password, but not a well-shaped email', () => {
    expect(shown(signInSchema, { email: ' ', password: '' })).toEqual({ email: M.email(), password: M.password() });
    expect(parseWith(signInSchema, { email: ' Someone ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'someone', password: 'x' },
    });
    expect(shown(signInSchema, { email: LONG_EMAIL, password: 'x' })).toEqual({ email: emailTooLong() });
  });
});

describe('accountEmailSchema', () => {
  it('asks for a well-shaped email of at most 254 characters', () => {
    expect(shown(accountEmailSchema, { email: '' })).toEqual({ email: M.email() });
    expect(shown(accountEmailSchema, { email: 'abebe@' })).toEqual({ email: M.emailInvalid() });
    expect(shown(accountEmailSchema, { email: LONG_EMAIL })).toEqual({ email: emailTooLong() });
    expect(parseWith(accountEmailSchema, { email: 'Abebe@Example.com' })).toEqual({ ok: true, value: { email: 'abebe@example.com' } });
  });
});

describe('codeSchema and newPasswordSchema', () => {
  it('takes six digits, spaces ignored', () => {
    expect(parseWith(codeSchema, { email: 'A@b.co', code: ' 123 456 ' })).toEqual({ ok: true, value: { email: 'a@b.co', code: '123456' } });
    for (const code of ['', '12345', '1234567', 'abcdef', undefined]) {
      expect(shown(codeSchema, { email: 'a@b.co', code }), String(code)).toEqual({ code: M.code() });
    }
  });

  it('a new password needs a code and at least 8 characters, both told at once', () => {
    expect(shown(newPasswordSchema, { email: 'a@b.co', code: 'x', password: '' })).toEqual({
      code: M.code(),
      password: 'Use at least 8 characters.',
    });
    expect(parseWith(newPasswordSchema, { email: 'a@b.co', code: '123456', password: 'new-password-2' }).ok).toBe(true);
  });
});

describe('accountPostSchema', () => {
  it('never refuses a post, and keeps what the form checks later', () => {
    expect(parseWith(accountPostSchema, {})).toEqual({ ok: true, value: { action: '', email: '', firstName: '', lastName: '' } });
    expect(parseWith(accountPostSchema, { action: 'code', email: ' A@B.co ', code: '123456', firstName: 5 })).toEqual({
      ok: true,
      value: { action: 'code', email: 'a@b.co', code: '123456', firstName: '', lastName: '' },
    });
  });
});
