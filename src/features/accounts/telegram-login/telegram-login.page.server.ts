/**
 * The handler of `/telegram/login?token=…`: finishes "Continue with Telegram" through better-auth
 * (auth-plugin.server.ts) and says what the page shows. Only a GET finishes: a HEAD (or anything
 * else) must not use the link up. The token is in the URL, so the page is never cached and never
 * sent on as a Referer.
 */
import type { AstroGlobal } from 'astro';
import { TELEGRAM_LOGIN_COOKIE, type TelegramLoginPurpose } from './telegram-login.ts';
import { readTelegramLoginCookie, telegramLoginEnabled } from './login.server.ts';
import { authErrorMessage, authHeaders, getAuth, secureCookies } from '#features/accounts/auth.server.ts';
import { safeNext } from '#features/accounts/users.server.ts';
import { readCookie } from '#platform/http/page-cookies.server.ts';
import { localHref, onwardHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';

type Outcome = { done: TelegramLoginPurpose } | { error: string } | null;

/** Signs in (or links Telegram) with the link's token: done, or the refusal's words; null for a HEAD. */
async function finish(page: AstroGlobal): Promise<Outcome> {
  if (page.request.method !== 'GET') return null;
  try {
    const auth = await getAuth(page.locals.db);
    const { headers, response } = await auth.api.finishTelegramLogin({
      body: { token: page.url.searchParams.get('token') ?? '' },
      headers: authHeaders(page),
      returnHeaders: true,
    });
    for (const cookie of secureCookies(headers, page.request).getSetCookie()) page.response.headers.append('Set-Cookie', cookie);
    return { done: response.purpose };
  } catch (error) {
    // Not better-auth's answer (the database went away): the middleware's 503 page.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status !== 'number') throw error;
    page.response.status = status >= 400 && status < 500 ? status : 503;
    return { error: authErrorMessage(error, m.tglogin_error_generic()) };
  }
}

/** What /telegram/login shows: where to go on when done, else the refusal and a way to try again; a 404 page when Telegram is off. */
export async function telegramLoginPage(page: AstroGlobal) {
  if (!telegramLoginEnabled()) return page.rewrite(localHref('/404'));
  page.response.headers.set('Cache-Control', 'no-store');
  page.response.headers.set('Referrer-Policy', 'no-referrer');
  const next = safeNext(readTelegramLoginCookie(readCookie(page, TELEGRAM_LOGIN_COOKIE))?.next, '/');
  const outcome = await finish(page);
  return {
    done: outcome && 'done' in outcome ? outcome.done : null,
    error: outcome && 'error' in outcome ? outcome.error : null,
    onward: outcome && 'done' in outcome ? onwardHref(outcome.done === 'link' ? '/profile' : next) : null,
    retry: localHref(page.locals.user ? '/profile' : `/login?next=${encodeURIComponent(next)}`),
  };
}
