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
} from '#lib/account-forms.ts';
import { NAME_MAX } from '#lib/account-fields.ts';
import { fail, ok, parseWith, type Result } from '#lib/result.ts';
import { authErrorMessage, authHeaders, getAuth, secureCookies } from './auth.server.ts';
import { config } from './config.server.ts';
import type { RequestContext } from './http.server.ts';
import { clientAddressOf, countAuthAttempt, type AuthAttempt, type AuthAttemptKind } from './rate-limit.server.ts';
import { m } from '#paraglide/messages.js';

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

/** Creates the account and emails its code; the value is what to tell the person. */
async function signUp(context: RequestContext, input: unknown): Promise<Result<string>> {
  const details = parseWith(signUpSchema, input);
  if (!details.ok) return details;
  const { firstName, lastName, email, password } = details.value;
  const attempt = await authAttempt(context, 'email', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const name = [firstName, lastName].filter(Boolean).join(' ').slice(0, NAME_MAX);
    await auth.api.signUpEmail({ body: { email, password, name, firstName, lastName }, headers: authHeaders(context) });
    return ok(ACCOUNT_TEXTS.codeSent(email));
  } catch (error) {
    return errorOf(error, m.auth_error_sign_up);
  }
}

/** Checks the emailed code; the value is the new session's cookies. */
async function verifySignUp(context: RequestContext, input: unknown): Promise<Result<Headers>> {
  const parsed = parseWith(codeSchema, input);
  if (!parsed.ok) return parsed;
  const { email, code } = parsed.value;
  const attempt = await authAttempt(context, 'code', email);
  if (!attempt.ok) return attempt;
  const auth = await getAuth(context.locals.db);
  try {
    const { headers } = await auth.api.verifyEmailOTP({ body: { email, otp: code }, headers: authHeaders(context), returnHeaders: true });
    await attempt.value.succeeded();
    return ok(secureCookies(headers, context.request));
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
    await auth.api.sendVerificationOTP({ body: { email, type: 'email-verification' }, headers: authHeaders(context) });
    return ok(ACCOUNT_TEXTS.newCodeSent(email));
  } catch (error) {
    return errorOf(error, m.auth_error_resend);
  }
}

/** What a sign-up post led to: a code was (re)sent, with what to tell the person, or the session began. */
type SignUpStep = { sent: string } | { cookies: Headers };

/** The sign-up page's three forms, told apart by `action`: details, code and resend. Null for any other post. */
export async function signUpStep(context: RequestContext, post: AccountPost): Promise<Result<SignUpStep> | null> {
  const sent = (result: Result<string>): Result<SignUpStep> => (result.ok ? ok({ sent: result.value }) : result);
  if (post.action === 'details') return sent(await signUp(context, post));
  if (post.action === 'resend') return sent(await resendSignUpCode(context, post.email));
  if (post.action !== 'code') return null;
  const verified = await verifySignUp(context, post);
  return verified.ok ? ok({ cookies: verified.value }) : verified;
}

/** A sign-in: the session's cookies, or `unverified` when the account has not confirmed its email yet (a new code is on its way). */
export async function signIn(context: RequestContext, input: unknown): Promise<Result<{ cookies: Headers } | { unverified: string }>> {
  const parsed = parseWith(signInSchema, input);
  if (!parsed.ok) return parsed;
  const { email, password } = parsed.value;
  // Wrong passwords are counted per account and per address; past the limit even the right one waits.
  const attempt = await authAttempt(context, 'password', email);
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
    return ok({ unverified: email });
  }
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
    // Clerk's session cookie is cleared here; the session itself ends on Clerk's side when it expires.
    const headers = new Headers();
    headers.append('Set-Cookie', '__session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    return headers;
  }
  const auth = await getAuth(context.locals.db);
  try {
    const { headers } = await auth.api.signOut({ headers: context.request.headers, returnHeaders: true });
    return headers;
  } catch {
    return null;
  }
}
