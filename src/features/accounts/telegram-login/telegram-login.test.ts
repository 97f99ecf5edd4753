/** Sign-in with Telegram, the parts without a database: the browser cookie, placeholder addresses, names, the CSP. */
import { describe, expect, it } from 'vitest';
import { FALLBACK_CSP, withFormTargets } from '#platform/http/csp.mjs';
import { isPlaceholderEmail, placeholderEmail, TELEGRAM_LINK_ORIGIN, telegramStartSchema } from './telegram-login.ts';
import { LOGIN_COOKIE_SECONDS, readTelegramLoginCookie, telegramLoginCookie, telegramNames } from './login.server.ts';

describe('the browser cookie of a Telegram sign-in', () => {
  const secret = 'aB3_-'.repeat(8) + 'xyz';

  it('is HttpOnly, SameSite=Lax, for the whole site, as long as a request and its link live, Secure over HTTPS', () => {
    const cookie = telegramLoginCookie(secret, '/myposts?page=2', false);
    expect(cookie).toMatch(/^sefer\.telegram_login=[\w-]+\.[\w-]+; Path=\/; Max-Age=900; HttpOnly; SameSite=Lax$/);
    expect(LOGIN_COOKIE_SECONDS).toBe(15 * 60);
    expect(telegramLoginCookie(secret, '/', true)).toMatch(/; Secure$/);
  });

  it('gives back its secret and onward path, and nothing for a value that is not ours', () => {
    const value = /^sefer\.telegram_login=([^;]+)/.exec(telegramLoginCookie(secret, '/am/myposts', false))![1];
    expect(readTelegramLoginCookie(value)).toEqual({ secret, next: '/am/myposts' });
    expect(readTelegramLoginCookie(undefined)).toBeNull();
    expect(readTelegramLoginCookie('short.Lw')).toBeNull();
    expect(readTelegramLoginCookie('has spaces in it, not base64url')).toBeNull();
  });
});

describe('placeholder addresses', () => {
  it('are under telegram.invalid, with a random part, and recognised whatever the case', () => {
    const email = placeholderEmail(123456, 'A1B2C3');
    expect(email).toBe('telegram-123456-a1b2c3@telegram.invalid');
    expect(isPlaceholderEmail(email)).toBe(true);
    expect(isPlaceholderEmail('Telegram-1@TELEGRAM.INVALID')).toBe(true);
    expect(isPlaceholderEmail('someone@telegram.org')).toBe(false);
    expect(isPlaceholderEmail('')).toBe(false);
    expect(isPlaceholderEmail(null)).toBe(false);
  });
});

describe('the Sefer name of a Telegram user', () => {
  it('is the first and last name, without control characters, within 60 characters', () => {
    expect(telegramNames({ id: 1, firstName: 'Abebe', lastName: 'Kebede', username: null })).toEqual({
      name: 'Abebe Kebede',
      firstName: 'Abebe',
      lastName: 'Kebede',
    });
    expect(telegramNames({ id: 1, firstName: 'Ab\u0000e\u0007be', lastName: null, username: null })).toEqual({
      name: 'Abebe',
      firstName: 'Abebe',
      lastName: null,
    });
    const long = telegramNames({ id: 1, firstName: 'ሀ'.repeat(64), lastName: 'B'.repeat(64), username: null });
    expect(long.firstName).toHaveLength(60);
    expect(long.name).toHaveLength(60);
  });

  it('falls back to the username, then to the Telegram id', () => {
    expect(telegramNames({ id: 7, firstName: '\u0000 ', lastName: null, username: 'abebe_k' }).name).toBe('abebe_k');
    expect(telegramNames({ id: 7, firstName: ' ', lastName: null, username: null }).name).toBe('Telegram 7');
  });
});

describe('the "Continue with Telegram" form', () => {
  it('reads what it was for, where to go after and which page it was on; anything else is a plain sign-in', () => {
    expect(telegramStartSchema.parse({ purpose: 'link', next: '/profile', from: 'profile' })).toEqual({
      purpose: 'link',
      next: '/profile',
      from: 'profile',
    });
    expect(telegramStartSchema.parse({ purpose: 'admin', next: 5, from: 'elsewhere' })).toEqual({
      purpose: 'sign-in',
      next: '/',
      from: 'login',
    });
  });

  it('may lead to t.me (browsers check form-action on the redirect)', () => {
    expect(withFormTargets(FALLBACK_CSP, [TELEGRAM_LINK_ORIGIN])).toContain("form-action 'self' https://t.me");
  });
});
