/**
 * The account forms' work (spec 4): signing up with an emailed code, signing in, resetting a
 * password, signing out. Each input is checked with its schema from #lib/account-forms.ts, every
 * password, code and emailed code is counted against its limit, and better-auth does the rest.
 * Failures carry the words a person reads: 400 for a bad form or a refused code, 429 to wait.
 */
import {
  ACCOUNT_TEXTS,
  accountEmailSchema,
  codeSchema,
  newPasswordSchema,
  signInSchema,
  signUpSchema,
  type AccountPost,
} from './account-forms.ts';
import { NAME_MAX } from './account-fields.ts';
import { fail, ok, parseWith, type Result } from '#platform/http/result.ts';
import { authErrorMessage, authHeaders, getAuth, secureCookies } from './auth.server.ts';
import { config } from '#platform/config/config.server.ts';
import type { RequestContext } from '#platform/http/http.server.ts';
import { clientAddressOf, countAuthAttempt, type AuthAttempt, type AuthAttemptKind } from '#platform/http/rate-limit.server.ts';
import { m } from '#paraglide/messages.js';
import { requestClock } from '#platform/config/clock.server.ts';
import { bindUnprovenSignIn, hasPassword } from './pending-sign-ups.server.ts';
import { withEmailOutcomes } from '#platform/email/email-outcomes.server.ts';

/** What a person is told when an attempt is refused: how long to wait, in the request's language. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return m.auth_too_many_attempts({ minutes: Math.max(1, Math.round(retryAfterSeconds / 60)) });
}

/**
 * Counts a password or code tried, or a code emailed, for this account and client address: the
 * attempt (to give back when it was right), or a 429 saying how long to wait.
 */
async function authAttempt(context: RequestContext, kind: AuthAttemptKind, email: string): Promise<Result<AuthAttempt>> {
  const attempt = await countAuthAttempt(context.locals.db, kind, { email, address: clientAddressOf(context) });
  return attempt.allowed ? ok(attempt) : fail(429, tooManyAttemptsMessage(attempt.retryAfter));
}

const errorOf = (error: unknown, fallback: () => string) => fail(400, authErrorMessage(error, fallback()));

/**
 * Creates the account (or a pending sign-up for an address nobody has proven) and emails its code;
 * the value is what to tell the person and the cookie that binds this browser to its sign-up.
 */
async function signUp(context: RequestContext, input: unknown): Promise<Result<{ sent: string; cookies: Headers }>> {
  const details = parseWith(signUpSchema, input);
  if (!details.ok) return details;
  const { firstName, lastName, email, password } = details.value;
  const attempt = await authAttempt(context, 'email', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const name = [firstName, lastName].filter(Boolean).join(' ').slice(0, NAME_MAX);
    const { value, emails } = await withEmailOutcomes(() =>
      auth.api.signUpEmail({ body: { email, password, name, firstName, lastName }, headers: authHeaders(context), returnHeaders: true }),
    );
    // The sign-up is kept (a retry sends a new code to it); "we sent a code" only when one was written.
    if (emails.failed > 0) return fail(503, m.auth_code_not_sent());
    return ok({ sent: ACCOUNT_TEXTS.codeSent(email), cookies: secureCookies(value.headers, context.request) });
  } catch (error) {
    return errorOf(error, m.auth_error_sign_up);
  }
}

/**
 * Checks the emailed code; the value is the new session's cookies, and whether the account kept a
 * password (a code typed in a browser that did not sign up keeps none: pending-sign-ups.server.ts).
 */
async function verifySignUp(context: RequestContext, input: unknown): Promise<Result<{ cookies: Headers; passwordKept: boolean }>> {
  const parsed = parseWith(codeSchema, input);
  if (!parsed.ok) return parsed;
  const { email, code } = parsed.value;
  const attempt = await authAttempt(context, 'code', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const { headers } = await auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: authHeaders(context), returnHeaders: true });
    await attempt.value.succeeded();
    return ok({ cookies: secureCookies(headers, context.request), passwordKept: await hasPassword(context.locals.db, email) });
  } catch (error) {
    return errorOf(error, m.auth_error_sign_up);
  }
}

/** Emails a new sign-up code; the value is what to tell the person. */
async function resendSignUpCode(context: RequestContext, email: string): Promise<Result<string>> {
  const attempt = await authAttempt(context, 'email', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const { emails } = await withEmailOutcomes(() =>
      auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' }, headers: authHeaders(context) }),
    );
    if (emails.failed > 0) return fail(503, m.auth_code_not_sent());
    return ok(ACCOUNT_TEXTS.newCodeSent(email));
  } catch (error) {
    return errorOf(error, m.auth_error_resend);
  }
}

/**
 * What a sign-up post led to: a code was (re)sent, with what to tell the person (and, for the
 * details, the cookie binding this browser to its sign-up), or the session began.
 */
type SignUpStep = { sent: string; signUpCookies?: Headers } | { cookies: Headers; passwordKept: boolean };

/** The sign-up page's three forms, told apart by `action`: details, code and resend. Null for any other post. */
export async function signUpStep(context: RequestContext, post: AccountPost): Promise<Result<SignUpStep> | null> {
  const sent = (result: Result<string>): Result<SignUpStep> => (result.ok ? ok({ sent: result.value }) : result);
  if (post.action === 'details') {
    const details = await signUp(context, post);
    return details.ok ? ok({ sent: details.value.sent, signUpCookies: details.value.cookies }) : details;
  }
  if (post.action === 'resend') return sent(await resendSignUpCode(context, post.email));
  if (post.action !== 'code') return null;
  return verifySignUp(context, post);
}

/** Password sign-in is paused for this account (too many wrong passwords): the owner can still come in by a code or Telegram. */
interface PasswordPaused {
  email: string;
  /** Seconds until passwords are tried again. */
  retryAfter: number;
}

/** An account whose address is not proven yet: a code is on its way, and this browser is bound to its password (`signUpSecret`, for the sign-up cookie). */
interface Unverified {
  unverified: string;
  signUpSecret: string | null;
}

type SignInOutcome = { cookies: Headers } | Unverified | { paused: PasswordPaused };

/**
 * A sign-in: the session's cookies, `unverified` when the account has not confirmed its email yet
 * (a new code is on its way), or `paused` when wrong passwords have paused the account's password
 * sign-in.
 */
async function signIn(context: RequestContext, input: unknown): Promise<Result<SignInOutcome>> {
  const parsed = parseWith(signInSchema, input);
  if (!parsed.ok) return parsed;
  const { email, password } = parsed.value;
  // Wrong passwords are counted per account and per address; past the limit even the right one
  // waits. When it is the account's own limit, the owner is offered another proof instead.
  const counted = await countAuthAttempt(context.locals.db, 'password', { email, address: clientAddressOf(context) });
  if (!counted.allowed && counted.accountLimited) return ok({ paused: { email, retryAfter: counted.retryAfter } });
  const attempt: Result<AuthAttempt> = counted.allowed ? ok(counted) : fail(429, tooManyAttemptsMessage(counted.retryAfter));
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: authHeaders(context), returnHeaders: true });
    await attempt.value.succeeded();
    return ok({ cookies: secureCookies(headers, context.request) });
  } catch (error) {
    if ((error as { body?: { code?: string } })?.body?.code !== 'EMAIL_NOT_VERIFIED') {
      return errorOf(error, m.auth_error_sign_in);
    }
    await attempt.value.succeeded();
    const send = await countAuthAttempt(context.locals.db, 'email', { email, address: clientAddressOf(context) });
    if (send.allowed) {
      await auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' }, headers: authHeaders(context) }).catch(() => {});
    }
    // The right password was typed here: the code typed next keeps it (pending-sign-ups.server.ts).
    return ok({ unverified: email, signUpSecret: await bindUnprovenSignIn(context.locals.db, email, requestClock()) });
  }
}

/** The error code of an API sign-in refused because the account's password sign-in is paused. */
export const PASSWORD_PAUSED_CODE = 'PASSWORD_SIGN_IN_PAUSED';

/** What to tell a person whose password sign-in is paused: how long, and that a code (or Telegram) lets them in now. */
export function passwordPausedMessage(retryAfterSeconds: number): string {
  return m.auth_password_paused({ minutes: Math.max(1, Math.round(retryAfterSeconds / 60)) });
}

/**
 * Emails a sign-in code (the way in while passwords are paused). The same answer whether or not
 * the account exists: no way to probe for accounts (better-auth sends none to an unknown address).
 */
async function sendSignInCode(context: RequestContext, input: unknown): Promise<Result<string>> {
  const parsed = parseWith(accountEmailSchema, input);
  if (!parsed.ok) return parsed;
  const { email } = parsed.value;
  const attempt = await authAttempt(context, 'signInEmail', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers: authHeaders(context) }).catch(() => {});
  return ok(m.auth_sign_in_code_sent({ email }));
}

/** Signs in with an emailed sign-in code; the value is the new session's cookies. */
async function signInWithCode(context: RequestContext, input: unknown): Promise<Result<Headers>> {
  const parsed = parseWith(codeSchema, input);
  if (!parsed.ok) return parsed;
  const { email, code } = parsed.value;
  const attempt = await authAttempt(context, 'signInCode', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const { headers } = await auth.api.signInEmailOTP({ body: { email, otp: code }, headers: authHeaders(context), returnHeaders: true });
    await attempt.value.succeeded();
    return ok(secureCookies(headers, context.request));
  } catch (error) {
    return errorOf(error, m.auth_error_reset_code);
  }
}

/** What a sign-in post led to: {@link signIn}'s outcomes, or a sign-in code was sent (with what to tell the person). */
type SignInStep = SignInOutcome | { sent: string };

/**
 * The sign-in page's forms, told apart by `action`: the password (no action), `send-code` (email
 * a sign-in code) and `code` (sign in with it).
 */
export async function signInStep(context: RequestContext, post: AccountPost): Promise<Result<SignInStep>> {
  if (post.action === 'send-code') {
    const sent = await sendSignInCode(context, post);
    return sent.ok ? ok({ sent: sent.value }) : sent;
  }
  if (post.action === 'code') {
    const signedIn = await signInWithCode(context, post);
    return signedIn.ok ? ok({ cookies: signedIn.value }) : signedIn;
  }
  return signIn(context, post);
}

/** Emails a password reset code. The same answer whether or not the account exists: no way to probe for accounts. */
async function requestPasswordReset(context: RequestContext, input: unknown): Promise<Result<string>> {
  const parsed = parseWith(accountEmailSchema, input);
  if (!parsed.ok) return parsed;
  const { email } = parsed.value;
  const attempt = await authAttempt(context, 'email', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  await auth.api.requestPasswordResetEmailOTP({ body: { email }, headers: authHeaders(context) }).catch(() => {});
  return ok(ACCOUNT_TEXTS.resetCodeSent(email));
}

/** What a password reset post led to: a code was sent (with what to tell the person), or the password changed. */
type PasswordResetStep = { sent: string } | { changed: true };

/** The reset page's two forms, told apart by `action`: email (send a code) and reset. Null for any other post. */
export async function passwordResetStep(context: RequestContext, post: AccountPost): Promise<Result<PasswordResetStep> | null> {
  if (post.action === 'email') {
    const sent = await requestPasswordReset(context, post);
    return sent.ok ? ok({ sent: sent.value }) : sent;
  }
  if (post.action !== 'reset') return null;
  const reset = await resetPassword(context, post);
  return reset.ok ? ok({ changed: true }) : reset;
}

/** Sets a new password with the emailed reset code (better-auth ends the account's other sessions). */
async function resetPassword(context: RequestContext, input: unknown): Promise<Result<true>> {
  const parsed = parseWith(newPasswordSchema, input);
  if (!parsed.ok) return parsed;
  const { email, code, password } = parsed.value;
  const attempt = await authAttempt(context, 'code', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    await auth.api.resetPasswordEmailOTP({ body: { email, otp: code, password }, headers: authHeaders(context) });
    await attempt.value.succeeded();
    return ok(true);
  } catch (error) {
    return errorOf(error, m.auth_error_reset_code);
  }
}

/** What an add-email post led to: a code was (re)sent to the address, with what to tell the person, or the address was added. */
type AddEmailStep = { sent: string } | { cookies: Headers };

/**
 * "Add an email" for an account made with Telegram (no address yet), told apart by `action`:
 * `email` and `resend` send a code to the address, `code` checks it and the address becomes the
 * account's, confirmed (better-auth's email-OTP change-email; refused to accounts that have an
 * address). Null for any other post.
 */
export async function addEmailStep(context: RequestContext, post: AccountPost): Promise<Result<AddEmailStep> | null> {
  const auth = await getAuth(context.locals.db);
  if (post.action === 'email' || post.action === 'resend') {
    const parsed = parseWith(accountEmailSchema, post);
    if (!parsed.ok) return parsed;
    const { email } = parsed.value;
    // Counted for the address that receives the code, like every emailed code.
    const attempt = await authAttempt(context, 'email', email);
    if (!attempt.ok) return attempt;
    try {
      await auth.api.requestEmailChangeEmailOTP({ body: { newEmail: email }, headers: authHeaders(context) });
      return ok({ sent: ACCOUNT_TEXTS.codeSent(email) });
    } catch (error) {
      return errorOf(error, m.auth_error_resend);
    }
  }
  if (post.action !== 'code') return null;
  const parsed = parseWith(codeSchema, post);
  if (!parsed.ok) return parsed;
  const { email, code } = parsed.value;
  const attempt = await authAttempt(context, 'code', email);
  if (!attempt.ok) return attempt;
  try {
    const { headers } = await auth.api.changeEmailEmailOTP({
      body: { newEmail: email, otp: code },
      headers: authHeaders(context),
      returnHeaders: true,
    });
    await attempt.value.succeeded();
    return ok({ cookies: secureCookies(headers, context.request) });
  } catch (error) {
    return errorOf(error, m.auth_error_reset_code);
  }
}

/** Ends the session: the cookies that clear it, or null when there was nothing to end. */
export async function signOut(context: RequestContext): Promise<Headers | null> {
  if (config().clerk) {
    // The session ends at Clerk (revoked), not only in this browser's cookie.
    const { clerkSignOut } = await import('./clerk.server.ts');
    return clerkSignOut(context.request);
  }
  const auth = await getAuth(context.locals.db);
  try {
    const { headers } = await auth.api.signOut({ headers: context.request.headers, returnHeaders: true });
    return headers;
  } catch {
    return null;
  }
}
