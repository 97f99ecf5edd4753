import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { authErrorMessage } from './auth.server.ts';

/** An error shaped like better-auth's APIError. */
const apiError = (code: string, message: string, status = 400) => Object.assign(new Error(message), { status, body: { code, message } });

describe('auth error texts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never shows a database error; it goes to the log', () => {
    const log = captureLog();
    const failed = new Error(
      'Failed query: insert into "accounts" ("id", "account_id", "provider_id", "user_id", "password") values ($1, $2, $3, $4, $5)\nparams: x',
    );
    expect(authErrorMessage(failed, 'Signup failed. Try again.')).toBe('Signup failed. Try again.');
    expect(authErrorMessage(apiError('FAILED_TO_CREATE_USER', 'Failed query: insert into "users"', 500), 'Signup failed. Try again.')).toBe(
      'Signup failed. Try again.',
    );
    expect(authErrorMessage({ body: { message: 'relation "accounts" does not exist' } }, 'Sign-in failed.')).toBe('Sign-in failed.');
    log.stop();
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines[0]!.err?.message).toContain('Failed query');
  });

  it('shows our own words for the errors a person can act on', () => {
    expect(authErrorMessage(apiError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password', 401), 'x')).toBe('Wrong email or password.');
    expect(authErrorMessage(apiError('INVALID_OTP', 'Invalid OTP'), 'x')).toBe('That code is not right. Check the email and try again.');
    expect(authErrorMessage(apiError('OTP_EXPIRED', 'OTP expired'), 'x')).toBe('That code has expired. Ask for a new one.');
    expect(authErrorMessage(apiError('PASSWORD_TOO_SHORT', 'Password too short'), 'x')).toBe('Use at least 8 characters.');
  });
});
