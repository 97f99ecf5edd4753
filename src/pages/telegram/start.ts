import type { APIRoute } from 'astro';
import { TELEGRAM_LOGIN_COOKIE, telegramStartSchema } from '#features/accounts/telegram-login/telegram-login.ts';
import { isHttpsRequest } from '#features/accounts/auth.server.ts';
import { parseBody } from '#platform/http/http.server.ts';
import { allowWrite, clientAddressOf } from '#platform/http/rate-limit.server.ts';
import {
  readTelegramLoginCookie,
  startTelegramLogin,
  telegramLoginCookie,
  telegramLoginEnabled,
} from '#features/accounts/telegram-login/login.server.ts';
import { safeNext } from '#features/accounts/users.server.ts';

const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** The pages with the form, to go back to when a press is refused. */
const PAGES = { login: '/login', signup: '/signup', profile: '/profile' } as const;

/**
 * `POST /telegram/start` (also /am/…): the "Continue with Telegram" form of /login, /signup and
 * /profile (`purpose=link`, signed in only). Binds a new sign-in request to this browser (cookie)
 * and sends the visitor to the bot: 303 to `https://t.me/<bot>?start=login-<nonce>` (the pages'
 * CSP allows t.me as a form target). A 404 when Telegram is not configured (or Clerk runs accounts).
 */
export const POST: APIRoute = async (context) => {
  if (!telegramLoginEnabled()) return context.rewrite('/404');
  const form = await parseBody(context.request, telegramStartSchema);
  const { purpose, from } = form.ok ? form.value : telegramStartSchema.parse({});
  const next = safeNext(form.ok ? form.value.next : null, '/');
  const user = purpose === 'link' ? context.locals.user : null;
  // Linking is for the signed-in: signed out meanwhile, sign in and come back to the profile.
  if (purpose === 'link' && !user) return redirect('/login?next=/profile');
  const limit = await allowWrite(context.locals.db, 'telegramLogin', { userId: user?.id, address: clientAddressOf(context) });
  if (!limit.allowed) {
    return redirect(
      from === 'profile' ? `${PAGES.profile}?telegram=slow` : `${PAGES[from]}?next=${encodeURIComponent(next)}&telegram=slow`,
    );
  }
  const browserSecret = readTelegramLoginCookie(context.cookies.get(TELEGRAM_LOGIN_COOKIE)?.value)?.secret;
  const started = await startTelegramLogin(
    context.locals.db,
    user ? { purpose: 'link', userId: user.id, browserSecret } : { purpose: 'sign-in', browserSecret },
    context.locals.now,
  );
  const headers = new Headers({ Location: started.botUrl, 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', telegramLoginCookie(started.browserSecret, next, isHttpsRequest(context.request)));
  return new Response(null, { status: 303, headers });
};
