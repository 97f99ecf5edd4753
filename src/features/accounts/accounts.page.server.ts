/**
 * The account pages' handlers (/login, /signup, /forgot-password, /add-email, /logout): each reads
 * the page's post through `formAction`, runs its step (account-forms.server.ts) and says what the
 * page shows, or the redirect it answers with. The pages keep only the markup.
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { accountPostSchema, type AccountPost } from './account-forms.ts';
import { addEmailStep, passwordPausedMessage, passwordResetStep, signInStep, signOut, signUpStep } from './account-forms.server.ts';
import { isHttpsRequest } from './auth.server.ts';
import { SIGN_UP_COOKIE, signUpCookieOptions } from './pending-sign-ups.server.ts';
import { telegramLoginEnabled } from './telegram-login/login.server.ts';
import { redirectWithCookies, safeNext } from './users.server.ts';
import { config } from '#platform/config/config.server.ts';
import { formAction, requireUser } from '#platform/http/http.server.ts';
import { firstErrors, formNotice, ok, type Notice, type Result } from '#platform/http/result.ts';
import { localHref, onwardHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

type Step<T> = (page: AstroGlobal, post: AccountPost) => Promise<Result<T> | null>;

/**
 * A post of an account page through its step: the values as typed (shown again) and the step's
 * result; both null when nothing was posted. A step that does not know the post's `action`
 * answers null, and the page shows as if nothing was posted.
 */
async function accountPost<T>(page: AstroGlobal, step: Step<T>): Promise<{ typed: AccountPost | null; result: Result<T> | null }> {
  let typed: AccountPost | null = null;
  const posted = await formAction(page, accountPostSchema, async (input): Promise<Result<T | null>> => {
    typed = input;
    return (await step(page, input)) ?? ok(null);
  });
  const result: Result<T> | null = !posted ? null : !posted.ok ? posted : posted.value === null ? null : { ok: true, value: posted.value };
  return { typed, result };
}

/** Where Clerk's Account Portal takes over signing in or up, when Clerk is configured. */
async function clerkPortal(page: AstroGlobal, purpose: 'sign-in' | 'sign-up', back: string): Promise<Response | null> {
  const clerk = config().clerk;
  if (!clerk) return null;
  const { clerkAccountPortalUrl } = await import('./clerk.server.ts');
  const url = clerkAccountPortalUrl(clerk.publishableKey, purpose, new URL(back, config().siteUrl).href);
  return url ? page.redirect(url, 302) : null;
}

/** A code sent is told as information; other successes say nothing here. */
const sentNotice = (done: object): Notice | null =>
  'sent' in done && typeof done.sent === 'string' ? { kind: 'info', text: done.sent } : null;

/** A "Continue with Telegram" pressed too often comes back with `?telegram=slow`. */
const telegramSlowNotice = (url: URL): Notice | null =>
  url.searchParams.get('telegram') === 'slow' ? { kind: 'error', text: m.pages_slow_down() } : null;

/** /login: the password, the other ways in while it is paused, or the sign-in code; then on after 3 s. */
export async function loginPage(page: AstroGlobal) {
  const next = safeNext(page.url.searchParams.get('next'), '/');
  const portal = await clerkPortal(page, 'sign-in', onwardHref(next));
  if (portal) return portal;

  const { typed, result } = page.locals.user ? { typed: null, result: null } : await accountPost(page, signInStep);
  if (result?.ok && 'unverified' in result.value) {
    const secret = result.value.signUpSecret;
    if (secret) page.cookies.set(SIGN_UP_COOKIE, secret, signUpCookieOptions(isHttpsRequest(page.request)));
    return page.redirect(`/signup?step=code&email=${encodeURIComponent(result.value.unverified)}&next=${encodeURIComponent(next)}`, 303);
  }
  if (result?.ok && 'cookies' in result.value)
    for (const cookie of result.value.cookies.getSetCookie()) page.response.headers.append('Set-Cookie', cookie);
  // Password sign-in is paused for this account: refused (429), with the other ways in.
  const paused = result?.ok && 'paused' in result.value ? result.value.paused : null;
  if (paused) page.response.status = 429;
  const failed = result?.ok === false ? result : null;
  // Which form to show: the password, the other ways in while it is paused, or the sign-in code.
  const action = typed?.action ?? '';
  const step: 'paused' | 'code' | 'password' = paused
    ? 'paused'
    : (action === 'send-code' || action === 'code') && !failed?.fields?.email
      ? 'code'
      : 'password';
  return {
    next,
    step,
    signedIn: Boolean(page.locals.user) || Boolean(result?.ok && 'cookies' in result.value),
    email: typed?.email ?? '',
    errors: firstErrors(failed?.fields),
    notice: paused
      ? { kind: 'error' as const, text: passwordPausedMessage(paused.retryAfter) }
      : (formNotice(result, sentNotice) ?? telegramSlowNotice(page.url)),
    telegram: telegramLoginEnabled(),
    // Where to go on: the same page in this page's language.
    onward: onwardHref(next),
  };
}

/**
 * /signup: the details, then the emailed code; the session begins on /welcome. `next` (a deal kept
 * on /form: `/form?resume=1`) goes along through both steps, /welcome and its language.
 */
export async function signupPage(page: AstroGlobal) {
  const next = safeNext(page.url.searchParams.get('next'), '/');
  const welcome = localHref(`/welcome?next=${encodeURIComponent(next)}`);
  const portal = await clerkPortal(page, 'sign-up', welcome);
  if (portal) return portal;
  if (page.locals.user) return page.redirect(onwardHref(next), 303);

  const { typed, result } = await accountPost(page, signUpStep);
  if (result?.ok && 'cookies' in result.value) {
    // Confirmed in a browser that did not sign up: the account has no password yet, and says so.
    const noPassword = result.value.passwordKept ? '' : '&password=none';
    return redirectWithCookies(`${welcome}${noPassword}`, result.value.cookies);
  }
  if (result?.ok && 'signUpCookies' in result.value)
    for (const cookie of result.value.signUpCookies?.getSetCookie() ?? []) page.response.headers.append('Set-Cookie', cookie);
  const askedStep = page.url.searchParams.get('step') === 'code' ? 'code' : 'details';
  return {
    next,
    typed,
    email: typed ? typed.email : (page.url.searchParams.get('email') ?? '').trim().toLowerCase(),
    // Every sign-up post but refused details goes on to the code.
    step: !typed || !result ? askedStep : typed.action === 'details' && !result.ok ? 'details' : 'code',
    errors: firstErrors(result?.ok === false ? result.fields : undefined),
    notice: formNotice(result, sentNotice) ?? telegramSlowNotice(page.url),
    signInHref: localHref(`/login?next=${encodeURIComponent(next)}`),
  };
}

/** /forgot-password: the email, then the code and a new password, then the way to sign in. */
export async function forgotPasswordPage(page: AstroGlobal) {
  const { typed, result } = await accountPost(page, passwordResetStep);
  return {
    email: typed?.email ?? '',
    // A code sent, or a refused code, shows the reset form; a changed password, the way to sign in.
    step: result?.ok && 'changed' in result.value ? 'done' : typed?.action === 'reset' || result?.ok ? 'reset' : 'email',
    errors: firstErrors(result?.ok === false ? result.fields : undefined),
    notice: formNotice(result, sentNotice),
  };
}

/** /add-email (signed in, no address yet): the address, then its code; back on /profile when accepted. */
export async function addEmailPage(page: AstroGlobal) {
  const user = requireUser(page);
  if (user.email) return page.redirect('/profile', 303);
  const { typed, result } = await accountPost(page, addEmailStep);
  if (result?.ok && 'cookies' in result.value) return redirectWithCookies('/profile', result.value.cookies);
  return {
    email: typed?.email ?? '',
    // A code sent, or a code tried, shows the code form; refused addresses stay on the first.
    step: !typed || !result ? 'email' : typed.action === 'code' || result.ok ? 'code' : 'email',
    errors: firstErrors(result?.ok === false ? result.fields : undefined),
    notice: formNotice(result, sentNotice),
  };
}

/** /logout: OK (a post) signs out and goes home; the question is for the signed in only. */
export async function logoutPage(page: AstroGlobal): Promise<Response | null> {
  const done = await formAction(page, z.looseObject({}), async () => ok(await signOut(page)));
  if (done?.ok) return redirectWithCookies('/', done.value);
  if (done) return null;
  return page.locals.user ? null : page.redirect('/', 303);
}
