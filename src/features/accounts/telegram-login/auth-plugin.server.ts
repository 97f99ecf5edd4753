/**
 * Sign-in with Telegram inside better-auth, so sessions and cookies are better-auth's own:
 *
 * - `POST /telegram/finish` (`auth.api.finishTelegramLogin`), body `{ token }`: uses up the link
 *   the bot sent (login.server.ts: only in the browser that started, whose secret is in the
 *   `sefer.telegram_login` cookie), then signs in the Telegram user's Sefer account (made on first
 *   use, with the Telegram name and a placeholder address) or links the Telegram account to the
 *   signed-in one. Refusals carry the code `TELEGRAM_LOGIN_REFUSED` and the words to show.
 * - `auth.api.telegramBotAccount` (server only, not on the router), body `{ telegram }`: the same
 *   account for a Telegram user the bot vouches for (a deal posted from the bot), without a session.
 * - Changing the email (email-OTP's change-email) is only for accounts with a placeholder address:
 *   "Add an email". Other accounts keep the address they confirmed.
 */
import { randomBytes } from 'node:crypto';
import type { BetterAuthPlugin, InternalAdapter } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import type { Database } from '#db/client.ts';
import type { Failure } from '#platform/http/result.ts';
import { isPlaceholderEmail, placeholderEmail, TELEGRAM_LOGIN_COOKIE, TELEGRAM_PROVIDER_ID } from './telegram-login.ts';
import { m } from '#paraglide/messages.js';
import {
  finishTelegramLogin,
  readTelegramLoginCookie,
  telegramLoginEnabled,
  telegramNames,
  type FinishedTelegramLogin,
} from './login.server.ts';

/** The path of the finishing endpoint under /api/auth (for the rate limit rules). */
export const TELEGRAM_FINISH_PATH = '/telegram/finish';
/** The path of the server-only endpoint making the account of a Telegram user who posts from the bot. */
export const TELEGRAM_BOT_ACCOUNT_PATH = '/telegram/bot-account';

/** The email-OTP paths that change an account's email. */
const CHANGE_EMAIL_PATHS = new Set(['/email-otp/request-email-change', '/email-otp/change-email']);

const STATUS_NAMES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
} as const;

/** A refusal as better-auth's error: our words, our code. */
function refused(failure: Pick<Failure, 'status' | 'error'>): APIError {
  const status = STATUS_NAMES[failure.status as keyof typeof STATUS_NAMES] ?? 'BAD_REQUEST';
  return new APIError(status, { code: 'TELEGRAM_LOGIN_REFUSED', message: failure.error });
}

/** A unique violation (the account row of a Telegram user made meanwhile by another request). */
const isUniqueViolation = (error: unknown) => /duplicate key|unique/i.test(String((error as { message?: unknown })?.message ?? error));

/**
 * The Sefer account of a Telegram user: the one linked to it, else one made now with the Telegram
 * name and a placeholder address (first use), linked to the Telegram account.
 */
async function telegramUserAccount(adapter: InternalAdapter, telegram: FinishedTelegramLogin['telegram']) {
  const key = { providerId: TELEGRAM_PROVIDER_ID, accountId: String(telegram.id) };
  let owner = await adapter.findAccountOwnerByKey(key);
  let user = owner?.kind === 'owned' ? owner.user : null;
  const isNewUser = !user;
  if (!user) {
    const names = telegramNames(telegram);
    const created = await adapter.createUser(
      {
        ...names,
        email: placeholderEmail(telegram.id, randomBytes(6).toString('hex')),
        emailVerified: false,
      },
      { method: 'telegram' },
    );
    try {
      await adapter.linkAccount({ ...key, userId: created.id });
      user = created;
    } catch (error) {
      // The same Telegram user finished twice at once: the other request made the account.
      await adapter.deleteUser(created.id);
      owner = await adapter.findAccountOwnerByKey(key);
      if (owner?.kind !== 'owned') throw error;
      user = owner.user;
    }
  }
  return { user, isNewUser };
}

export function telegramAuthPlugin(options: { db: Database; now: () => Date }) {
  const { db } = options;
  return {
    id: 'sefer-telegram',
    endpoints: {
      finishTelegramLogin: createAuthEndpoint(
        TELEGRAM_FINISH_PATH,
        { method: 'POST', body: z.object({ token: z.string().max(128) }), metadata: { noStore: true } },
        async (ctx) => {
          if (!telegramLoginEnabled()) throw new APIError('NOT_FOUND', { message: m.tg_not_configured() });
          const session = await getSessionFromCtx(ctx);
          const cookie = readTelegramLoginCookie(ctx.getCookie(TELEGRAM_LOGIN_COOKIE));
          const finished = await finishTelegramLogin(
            db,
            { token: ctx.body.token, browserSecret: cookie?.secret, userId: session?.user.id },
            options.now(),
          );
          if (!finished.ok) throw refused(finished);
          const { purpose, userId, telegram } = finished.value;
          const key = { providerId: TELEGRAM_PROVIDER_ID, accountId: String(telegram.id) };
          const adapter = ctx.context.internalAdapter;
          // The browser's binding has done its work.
          ctx.setCookie(TELEGRAM_LOGIN_COOKIE, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax' });

          if (purpose === 'link' && userId) {
            const owner = await adapter.findAccountOwnerByKey(key);
            if (owner) {
              if (owner.kind !== 'owned' || owner.user.id !== userId) throw refused({ status: 409, error: m.tglogin_error_taken() });
              return ctx.json({ purpose, userId, isNewUser: false });
            }
            const linked = await adapter.findAccounts(userId);
            if (linked.some((account) => account.providerId === TELEGRAM_PROVIDER_ID)) {
              throw refused({ status: 409, error: m.tglogin_error_other_telegram() });
            }
            try {
              await adapter.linkAccount({ ...key, userId });
            } catch (error) {
              if (isUniqueViolation(error)) throw refused({ status: 409, error: m.tglogin_error_taken() });
              throw error;
            }
            return ctx.json({ purpose, userId, isNewUser: false });
          }

          const { user, isNewUser } = await telegramUserAccount(adapter, telegram);
          const newSession = await adapter.createSession(user.id);
          await setSessionCookie(ctx, { session: newSession, user });
          return ctx.json({ purpose, userId: user.id, isNewUser });
        },
      ),
      // The bot's "post a deal" for a Telegram user without a Sefer account: the account sign-in
      // would make, without a session. Server only: never on the HTTP router.
      telegramBotAccount: createAuthEndpoint(
        TELEGRAM_BOT_ACCOUNT_PATH,
        {
          method: 'POST',
          body: z.object({
            telegram: z.object({
              id: z.number().int(),
              firstName: z.string(),
              lastName: z.string().nullable(),
              username: z.string().nullable(),
            }),
          }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { user, isNewUser } = await telegramUserAccount(ctx.context.internalAdapter, ctx.body.telegram);
          return ctx.json({ userId: user.id, isNewUser });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => CHANGE_EMAIL_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (session && !isPlaceholderEmail(session.user.email)) {
              throw new APIError('FORBIDDEN', { code: 'EMAIL_CHANGE_NOT_ALLOWED', message: m.tglogin_error_email_change() });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
