/**
 * Sign-in with Telegram, the service (database and crypto only; the bot and better-auth call it).
 *
 * 1. "Continue with Telegram" in a browser: a random nonce (in the t.me link) and a random browser
 *    secret (in an HttpOnly cookie) are made; only their SHA-256 hashes are stored.
 * 2. The person confirms in the bot: the Telegram user is recorded and a one-time token is made
 *    (in the link the bot sends back; hash stored), valid {@link LOGIN_LINK_MINUTES} minutes.
 * 3. The link is opened: the token is used up in one UPDATE that also requires the browser's
 *    secret, so a request from any other browser (a forwarded copy, Telegram's link-preview
 *    fetcher) is refused without using it up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, telegramChats, telegramLogins, users } from '#db/schema.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import {
  LOGIN_SECRET_PATTERN,
  LOGIN_START_PREFIX,
  TELEGRAM_LINK_ORIGIN,
  TELEGRAM_LOGIN_COOKIE,
  TELEGRAM_PROVIDER_ID,
} from './telegram-login.ts';
import type { TelegramLoginPurpose } from './telegram-login.ts';
import { NAME_MAX } from '#features/accounts/account-fields.ts';
import { m } from '#paraglide/messages.js';
import { config } from '#platform/config/config.server.ts';

/** How long a started sign-in waits for the confirmation in the bot. */
export const LOGIN_REQUEST_MINUTES = 10;
/** How long the link the bot sends stays valid (and it works once). */
export const LOGIN_LINK_MINUTES = 5;
/** The browser cookie lives as long as a request and its link can. */
export const LOGIN_COOKIE_SECONDS = (LOGIN_REQUEST_MINUTES + LOGIN_LINK_MINUTES) * 60;
/** Finished or abandoned sign-ins are deleted a day after they expired. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

const MINUTE = 60_000;

/** Whether "Continue with Telegram" is offered: the bot is configured and accounts are our own (not Clerk's). */
export function telegramLoginEnabled(): boolean {
  const c = config();
  return Boolean(c.telegram) && !c.clerk;
}
const randomSecret = (bytes: number) => randomBytes(bytes).toString('base64url');
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const isSecret = (value: string | null | undefined): value is string => typeof value === 'string' && LOGIN_SECRET_PATTERN.test(value);

/** The Telegram user as the bot sees it (grammY's `ctx.from`). */
export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
}

export type StartRequest = { purpose: 'sign-in'; userId?: null } | { purpose: 'link'; userId: string };

export interface StartedTelegramLogin {
  nonce: string;
  /** The browser's secret: the one it already had, or a new one (goes into its cookie). */
  browserSecret: string;
  /** `https://t.me/<bot>?start=login-<nonce>`. */
  botUrl: string;
}

/**
 * Starts a "Continue with Telegram": a nonce for the bot link, bound to the browser's secret
 * (`browserSecret` when the browser already has one, so two presses in one browser both work).
 * Sign-ins that expired more than a day ago are deleted on the way.
 */
export async function startTelegramLogin(
  db: Database,
  request: StartRequest & { browserSecret?: string | null | undefined },
  now: Date,
): Promise<StartedTelegramLogin> {
  const bot = config().telegram?.username;
  if (!bot) throw new Error('Telegram is not configured');
  await db.delete(telegramLogins).where(lt(telegramLogins.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  // 24 bytes: 32 characters, so `login-<nonce>` fits Telegram's 64-character start parameter.
  const nonce = randomSecret(24);
  const browserSecret = isSecret(request.browserSecret) ? request.browserSecret : randomSecret(32);
  await db.insert(telegramLogins).values({
    nonceHash: hashOf(nonce),
    browserHash: hashOf(browserSecret),
    purpose: request.purpose,
    userId: request.purpose === 'link' ? request.userId : null,
    expiresAt: new Date(now.getTime() + LOGIN_REQUEST_MINUTES * MINUTE),
  });
  return { nonce, browserSecret, botUrl: `${TELEGRAM_LINK_ORIGIN}/${bot}?start=${LOGIN_START_PREFIX}${nonce}` };
}

/** The sign-in a nonce started, while it waits for its confirmation; refused once confirmed or expired. */
async function waitingLogin(db: Database, nonce: string, now: Date) {
  if (!isSecret(nonce)) return fail(404, m.tglogin_error_unknown_request());
  const [row] = await db
    .select({
      purpose: telegramLogins.purpose,
      userId: telegramLogins.userId,
      expiresAt: telegramLogins.expiresAt,
      token: telegramLogins.tokenHash,
    })
    .from(telegramLogins)
    .where(eq(telegramLogins.nonceHash, hashOf(nonce)));
  if (!row || row.expiresAt <= now) return fail(404, m.tglogin_error_unknown_request());
  if (row.token) return fail(409, m.tglogin_error_confirmed());
  return ok(row);
}

/**
 * What the bot asks about a nonce: its purpose and the name of the Sefer account concerned (for
 * 'link', the account that asked; for 'sign-in', the account this Telegram user already has, if any).
 */
export async function pendingTelegramLogin(
  db: Database,
  nonce: string,
  telegramId: number,
  now: Date,
): Promise<Result<{ purpose: TelegramLoginPurpose; accountName: string | null }>> {
  const login = await waitingLogin(db, nonce, now);
  if (!login.ok) return login;
  const { purpose, userId } = login.value;
  const [account] = userId
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, userId))
    : await db
        .select({ name: users.name })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(accounts.providerId, TELEGRAM_PROVIDER_ID), eq(accounts.accountId, String(telegramId))));
  return ok({ purpose, accountName: account?.name ?? null });
}

/**
 * The person confirmed in the bot: records who they are on Telegram and makes the one-time token
 * of the link back (valid {@link LOGIN_LINK_MINUTES} minutes). Unknown, expired and already
 * confirmed nonces are refused.
 */
export async function confirmTelegramLogin(
  db: Database,
  nonce: string,
  telegramUser: TelegramUser,
  now: Date,
): Promise<Result<{ token: string; purpose: TelegramLoginPurpose }>> {
  if (!isSecret(nonce)) return fail(404, m.tglogin_error_unknown_request());
  const token = randomSecret(32);
  const [confirmed] = await db
    .update(telegramLogins)
    .set({
      telegramId: telegramUser.id,
      firstName: telegramUser.first_name,
      lastName: telegramUser.last_name ?? null,
      username: telegramUser.username ?? null,
      tokenHash: hashOf(token),
      tokenExpiresAt: new Date(now.getTime() + LOGIN_LINK_MINUTES * MINUTE),
    })
    .where(and(eq(telegramLogins.nonceHash, hashOf(nonce)), isNull(telegramLogins.tokenHash), gt(telegramLogins.expiresAt, now)))
    .returning({ purpose: telegramLogins.purpose });
  if (confirmed) return ok({ token, purpose: confirmed.purpose });
  const waiting = await waitingLogin(db, nonce, now);
  return waiting.ok ? fail(409, m.tglogin_error_confirmed()) : waiting;
}

/** The person pressed Cancel in the bot: the sign-in (and its link, if one was sent) no longer works. */
export async function cancelTelegramLogin(db: Database, nonce: string): Promise<void> {
  if (!isSecret(nonce)) return;
  await db.delete(telegramLogins).where(and(eq(telegramLogins.nonceHash, hashOf(nonce)), isNull(telegramLogins.usedAt)));
}

export interface FinishedTelegramLogin {
  purpose: TelegramLoginPurpose;
  /** For 'link': the Sefer account to link (the signed-in one). */
  userId: string | null;
  telegram: { id: number; firstName: string; lastName: string | null; username: string | null };
}

/**
 * Uses up the link's token, in the browser that started (its secret) and, for 'link', for the
 * Sefer account that asked. A wrong browser or account leaves the token as it was; an unknown,
 * used or expired token is refused, each with its own words.
 */
export async function finishTelegramLogin(
  db: Database,
  request: { token: string; browserSecret: string | null | undefined; userId: string | null | undefined },
  now: Date,
): Promise<Result<FinishedTelegramLogin>> {
  if (!isSecret(request.token)) return fail(404, m.tglogin_error_invalid());
  const tokenHash = hashOf(request.token);
  const browserHash = isSecret(request.browserSecret) ? hashOf(request.browserSecret) : '';
  const [row] = await db
    .update(telegramLogins)
    .set({ usedAt: now })
    .where(
      and(
        eq(telegramLogins.tokenHash, tokenHash),
        eq(telegramLogins.browserHash, browserHash),
        isNull(telegramLogins.usedAt),
        gt(telegramLogins.tokenExpiresAt, now),
        or(eq(telegramLogins.purpose, 'sign-in'), request.userId ? eq(telegramLogins.userId, request.userId) : sql`false`),
      ),
    )
    .returning();
  if (row?.telegramId != null && row.firstName !== null) {
    return ok({
      purpose: row.purpose,
      userId: row.userId,
      telegram: { id: row.telegramId, firstName: row.firstName, lastName: row.lastName, username: row.username },
    });
  }
  // Why not: told apart after the fact, so the one statement above stays the only gate.
  const [found] = await db.select().from(telegramLogins).where(eq(telegramLogins.tokenHash, tokenHash));
  if (!found) return fail(404, m.tglogin_error_invalid());
  if (found.usedAt) return fail(409, m.tglogin_error_used());
  if (!found.tokenExpiresAt || found.tokenExpiresAt <= now) return fail(400, m.tglogin_error_expired({ minutes: LOGIN_LINK_MINUTES }));
  if (found.browserHash !== browserHash) return fail(403, m.tglogin_error_wrong_browser());
  return fail(403, m.tglogin_error_link_user());
}

/** The Sefer name of a Telegram user: their first and last name, cut to the name cap, without control characters. */
export function telegramNames(telegram: FinishedTelegramLogin['telegram']): { name: string; firstName: string; lastName: string | null } {
  const clean = (text: string | null) =>
    (text ?? '')
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, NAME_MAX);
  const firstName = clean(telegram.firstName) || clean(telegram.username) || `Telegram ${telegram.id}`;
  const lastName = clean(telegram.lastName) || null;
  return { name: [firstName, lastName].filter(Boolean).join(' ').slice(0, NAME_MAX), firstName, lastName };
}

/** The Telegram account linked to a Sefer account, as the profile shows it (`@username`, else the name). */
export async function linkedTelegramOf(db: Database, userId: string): Promise<{ telegramId: number; label: string } | null> {
  const [row] = await db
    .select({ accountId: accounts.accountId, username: telegramChats.username, firstName: telegramChats.firstName })
    .from(accounts)
    .leftJoin(telegramChats, sql`${telegramChats.chatId}::text = ${accounts.accountId}`)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, TELEGRAM_PROVIDER_ID)))
    .limit(1);
  if (!row) return null;
  const label = row.username ? `@${row.username}` : (row.firstName ?? `#${row.accountId}`);
  return { telegramId: Number(row.accountId), label };
}

/** The Set-Cookie of a started sign-in: the browser secret and where to go after, HttpOnly, for the cookie's time. */
export function telegramLoginCookie(browserSecret: string, next: string, secure: boolean): string {
  const value = `${browserSecret}.${Buffer.from(next).toString('base64url')}`;
  return `${TELEGRAM_LOGIN_COOKIE}=${value}; Path=/; Max-Age=${LOGIN_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The cookie's browser secret and onward path; null when there is none (or it is not ours). */
export function readTelegramLoginCookie(value: string | null | undefined): { secret: string; next: string } | null {
  const [secret, next = ''] = (value ?? '').split('.');
  if (!isSecret(secret)) return null;
  return { secret, next: Buffer.from(next, 'base64url').toString('utf8') };
}
