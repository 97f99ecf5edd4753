/**
 * Sign-in with Telegram: what the pages, the bot, the auth setup and the mailer share. Pure.
 *
 * A person who signs in with Telegram and has never given an email gets a placeholder address
 * under the reserved `.invalid` top-level domain (RFC 2606): it can never receive mail, the mailer
 * never tries, and the account shows "No email provided" until its owner adds a real one.
 */
import { z } from 'zod';
import { isPlaceholderEmail, PLACEHOLDER_DOMAIN } from '#platform/email/placeholder-email.ts';

/** better-auth's provider id of Telegram accounts (`accounts.provider_id`; the account id is the Telegram user id). */
export const TELEGRAM_PROVIDER_ID = 'telegram';

/** A placeholder address for a Telegram user; the random part keeps anyone from taking it first. */
export function placeholderEmail(telegramId: number, random: string): string {
  return `telegram-${telegramId}-${random.toLowerCase()}@${PLACEHOLDER_DOMAIN}`;
}

/** Whether an address is a placeholder (no email given): the mailer's own test, which it needs first. */
export { isPlaceholderEmail };

/** The cookie binding a "Continue with Telegram" to the browser that pressed it. */
export const TELEGRAM_LOGIN_COOKIE = 'sefer.telegram_login';

/** Where the bot links go: the "Continue with Telegram" form is answered with a redirect there (CSP form-action). */
export const TELEGRAM_LINK_ORIGIN = 'https://t.me';

/** The bot's /start parameter of a sign-in: `login-` and the nonce (Telegram allows 64 of [A-Za-z0-9_-]). */
export const LOGIN_START_PREFIX = 'login-';

/** A nonce or a token as we make them: base64url. */
export const LOGIN_SECRET_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const TELEGRAM_LOGIN_PURPOSES = ['sign-in', 'link'] as const;
export type TelegramLoginPurpose = (typeof TELEGRAM_LOGIN_PURPOSES)[number];

/** The pages a "Continue with Telegram" form is on (where a refused start goes back to). */
const START_PAGES = ['login', 'signup', 'profile'] as const;

/** The "Continue with Telegram" form: what for, where to go after, and which page it was on. */
export const telegramStartSchema = z.object({
  purpose: z.enum(TELEGRAM_LOGIN_PURPOSES).catch('sign-in'),
  next: z.string().max(512).catch('/'),
  from: z.enum(START_PAGES).catch('login'),
});
