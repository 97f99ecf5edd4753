/**
 * Sign-in with Telegram, service and better-auth plugin together (the bot's and the pages' parts
 * are called as they call them): a new Telegram user gets an account with no email, the same
 * Telegram user comes back to it, only the browser that started can use the link (and another one
 * does not use it up), links expire after 5 minutes and work once, Telegram is linked to a
 * signed-in account unless it belongs to someone else, and only accounts without an email add one.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, telegramChats, telegramLogins, users } from '#db/schema.ts';
import { isPlaceholderEmail, TELEGRAM_LOGIN_COOKIE } from './telegram-login.ts';
import { createAuth, type Auth } from '#features/accounts/auth.server.ts';
import { config } from '#platform/config/config.server.ts';
import { sendEmail } from '#platform/email/email.server.ts';
import {
  cancelTelegramLogin,
  confirmTelegramLogin,
  linkedTelegramOf,
  pendingTelegramLogin,
  readTelegramLoginCookie,
  startTelegramLogin,
  telegramLoginCookie,
  type StartRequest,
  type TelegramUser,
} from './login.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { Browser } from '#tests/db/browser.ts';

const T0 = new Date('2026-03-10T09:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

let dataDir: string;
const saved = { ...process.env };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-telegram-login-'));
  Object.assign(process.env, {
    TELEGRAM_BOT_TOKEN: '123456:TEST-token',
    TELEGRAM_BOT_USERNAME: 'sefer_test_bot',
    TELEGRAM_WEBHOOK_SECRET: 'sefer-telegram-webhook-secret',
    SITE_URL: 'https://sefer.test',
    DATA_DIR: dataDir,
    SEFER_NOW: T0.toISOString(),
  });
  expect(config().telegram?.username).toBe('sefer_test_bot');
});
afterAll(async () => {
  process.env = saved;
  await rm(dataDir, { recursive: true, force: true });
});

const abebe: TelegramUser = { id: 700_001, first_name: 'Abebe', last_name: 'Kebede', username: 'abebe_k' };
const hanna: TelegramUser = { id: 700_002, first_name: 'Hanna' };

describe.each(drivers())('sign-in with Telegram on %s', (driver) => {
  let auth: Auth;
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeAll: async (t) => void (auth = createAuth(t.db, SECRET)),
  });
  beforeEach(() => void (process.env.SEFER_NOW = T0.toISOString()));

  /** "Continue with Telegram" pressed in `browser` at `now`: the bot link's nonce. */
  async function start(browser: Browser, request: StartRequest = { purpose: 'sign-in' }, now = T0): Promise<string> {
    const existing = readTelegramLoginCookie(browser.cookies.get(TELEGRAM_LOGIN_COOKIE))?.secret;
    const started = await startTelegramLogin(t.db, { ...request, browserSecret: existing }, now);
    expect(started.botUrl).toBe(`https://t.me/sefer_test_bot?start=login-${started.nonce}`);
    expect(`login-${started.nonce}`).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    browser.take(new Headers({ 'Set-Cookie': telegramLoginCookie(started.browserSecret, '/myposts', false) }));
    return started.nonce;
  }

  /** Confirm pressed in the bot by `who`: the token of the link it sends. */
  async function confirm(nonce: string, who: TelegramUser, now = T0): Promise<string> {
    const confirmed = await confirmTelegramLogin(t.db, nonce, who, now);
    if (!confirmed.ok) throw new Error(confirmed.error);
    return confirmed.value.token;
  }

  /** The link opened in `browser` at `now` (the plugin reads the clock like a page request). */
  async function open(browser: Browser, token: string, now = T0) {
    process.env.SEFER_NOW = now.toISOString();
    const { headers, response } = await auth.api.finishTelegramLogin({ body: { token }, headers: browser.headers(), returnHeaders: true });
    browser.take(headers);
    return response;
  }

  async function refusal(browser: Browser, token: string, now = T0): Promise<{ status: number; message: string }> {
    try {
      await open(browser, token, now);
    } catch (error) {
      const e = error as { statusCode: number; body: { code: string; message: string } };
      expect(e.body.code).toBe('TELEGRAM_LOGIN_REFUSED');
      return { status: e.statusCode, message: e.body.message };
    }
    throw new Error('the link was accepted');
  }

  const signedInAs = async (browser: Browser) => (await auth.api.getSession({ headers: browser.headers() }))?.user ?? null;

  /** An account made with email and password, signed in in `browser`. */
  async function emailUser(browser: Browser, email: string): Promise<string> {
    await auth.api.signUpEmail({ body: { email, password: 'a-good-password-1', name: 'Selam Tesfaye' } });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const { headers } = await auth.api.signInEmail({ body: { email, password: 'a-good-password-1' }, returnHeaders: true });
    browser.take(headers);
    return (await signedInAs(browser))!.id;
  }

  it('signs a new Telegram user up with the Telegram name and no email, and the same person back in later', async () => {
    const browser = new Browser();
    const nonce = await start(browser);
    // What the bot asks: a sign-in, for nobody yet.
    expect(await pendingTelegramLogin(t.db, nonce, abebe.id, T0)).toEqual({ ok: true, value: { purpose: 'sign-in', accountName: null } });
    const token = await confirm(nonce, abebe);
    const finished = await open(browser, token, at(MINUTE));
    expect(finished).toMatchObject({ purpose: 'sign-in', isNewUser: true });

    const user = await signedInAs(browser);
    expect(user).toMatchObject({ id: finished.userId, name: 'Abebe Kebede', firstName: 'Abebe', lastName: 'Kebede', emailVerified: false });
    expect(isPlaceholderEmail(user!.email)).toBe(true);
    expect(await t.db.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.providerId, 'telegram'))).toEqual([
      { userId: finished.userId },
    ]);
    // The browser's binding is cleared once used.
    expect(browser.cookies.has(TELEGRAM_LOGIN_COOKIE)).toBe(false);
    // Nothing is ever mailed to the placeholder.
    const outboxSize = async () => (await readdir(path.join(dataDir, 'outbox')).catch(() => [])).length;
    const before = await outboxSize();
    await sendEmail({ to: user!.email, subject: 'Hello', text: 'Hi' });
    expect(await outboxSize()).toBe(before);

    // Later, another browser: the same account, nothing new made.
    const phone = new Browser();
    const again = await start(phone);
    expect(await pendingTelegramLogin(t.db, again, abebe.id, at(30 * MINUTE))).toMatchObject({ ok: false });
    expect(await pendingTelegramLogin(t.db, again, abebe.id, T0)).toEqual({
      ok: true,
      value: { purpose: 'sign-in', accountName: 'Abebe Kebede' },
    });
    const second = await open(phone, await confirm(again, abebe));
    expect(second).toMatchObject({ purpose: 'sign-in', isNewUser: false, userId: finished.userId });
    expect((await signedInAs(phone))?.id).toBe(finished.userId);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('refuses the link in another browser without using it up, then lets the browser that started use it', async () => {
    const mine = new Browser();
    const token = await confirm(await start(mine), hanna);
    // A forwarded copy in someone else's browser (its own cookie), or a link-preview fetcher (none).
    const theirs = new Browser();
    await start(theirs);
    const wrongBrowser = 'Open this link in the browser where you pressed “Continue with Telegram”.';
    expect(await refusal(theirs, token)).toMatchObject({ status: 403, message: expect.stringContaining(wrongBrowser) });
    expect(await refusal(new Browser(), token)).toMatchObject({ status: 403, message: expect.stringContaining(wrongBrowser) });
    expect(await signedInAs(theirs)).toBeNull();

    expect(await open(mine, token)).toMatchObject({ purpose: 'sign-in', isNewUser: true });
    expect((await signedInAs(mine))?.name).toBe('Hanna');
  });

  it('two presses in one browser both work (the browser keeps its secret)', async () => {
    const browser = new Browser();
    const first = await start(browser);
    const second = await start(browser);
    const token = await confirm(first, hanna);
    await confirm(second, hanna);
    expect(await open(browser, token)).toMatchObject({ purpose: 'sign-in' });
  });

  it('a link works for 5 minutes, once', async () => {
    const browser = new Browser();
    const token = await confirm(await start(browser), abebe, at(MINUTE));
    expect(await refusal(browser, token, at(6 * MINUTE + 1))).toEqual({
      status: 400,
      message: 'This sign-in link has expired: links work for 5 minutes. Press “Continue with Telegram” again.',
    });

    const fresh = new Browser();
    const good = await confirm(await start(fresh), abebe, at(MINUTE));
    await open(fresh, good, at(6 * MINUTE - 1));
    expect(await refusal(fresh, good, at(6 * MINUTE - 1))).toEqual({
      status: 409,
      message: 'This sign-in link has already been used. Each link works once: press “Continue with Telegram” again.',
    });
    expect(await refusal(fresh, 'not-a-token-we-ever-made-0123456789')).toMatchObject({ status: 404 });
    expect(await refusal(fresh, '')).toMatchObject({ status: 404 });
  });

  it('a used link is refused when replayed with the same browser secret, and stays used as it was', async () => {
    const browser = new Browser();
    const token = await confirm(await start(browser), abebe);
    // The browser's binding, as it was when the link was opened (a copy of the cookie jar has it too).
    const binding = browser.cookies.get(TELEGRAM_LOGIN_COOKIE)!;
    await open(browser, token, at(MINUTE));
    const used = 'This sign-in link has already been used. Each link works once: press “Continue with Telegram” again.';

    const copy = new Browser();
    copy.cookies.set(TELEGRAM_LOGIN_COOKIE, binding);
    expect(await refusal(copy, token, at(2 * MINUTE))).toEqual({ status: 409, message: used });
    expect(await signedInAs(copy)).toBeNull();
    browser.cookies.set(TELEGRAM_LOGIN_COOKIE, binding);
    expect(await refusal(browser, token, at(2 * MINUTE))).toEqual({ status: 409, message: used });
    expect((await t.db.select({ usedAt: telegramLogins.usedAt }).from(telegramLogins)).map((r) => r.usedAt)).toEqual([at(MINUTE)]);
  });

  it('a request is confirmed once, within 10 minutes; Cancel ends it', async () => {
    const browser = new Browser();
    const nonce = await start(browser);
    await confirm(nonce, abebe);
    expect(await confirmTelegramLogin(t.db, nonce, abebe, T0)).toMatchObject({ ok: false, status: 409 });
    expect(await confirmTelegramLogin(t.db, await start(browser), abebe, at(10 * MINUTE))).toMatchObject({ ok: false, status: 404 });
    expect(await confirmTelegramLogin(t.db, 'x', abebe, T0)).toMatchObject({ ok: false, status: 404 });

    const cancelled = await start(browser);
    await cancelTelegramLogin(t.db, cancelled);
    expect(await confirmTelegramLogin(t.db, cancelled, abebe, T0)).toMatchObject({ ok: false, status: 404 });
    // Cancelling after the link was sent makes the link useless.
    const sent = await start(browser);
    const token = await confirm(sent, abebe);
    await cancelTelegramLogin(t.db, sent);
    expect(await refusal(browser, token)).toMatchObject({ status: 404 });
  });

  it('stores only hashes, and forgets requests a day after they expired', async () => {
    const browser = new Browser();
    const nonce = await start(browser);
    const token = await confirm(nonce, abebe);
    const stored = JSON.stringify(await t.db.select().from(telegramLogins));
    expect(stored).not.toContain(nonce);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(readTelegramLoginCookie(browser.cookies.get(TELEGRAM_LOGIN_COOKIE))!.secret);

    await start(new Browser(), { purpose: 'sign-in' }, at(24 * 60 * MINUTE + 11 * MINUTE));
    expect(await t.db.select().from(telegramLogins)).toHaveLength(1);
  });

  it('links Telegram to the signed-in account, which Telegram then signs in to', async () => {
    const browser = new Browser();
    const userId = await emailUser(browser, 'selam@example.com');
    const nonce = await start(browser, { purpose: 'link', userId });
    expect(await pendingTelegramLogin(t.db, nonce, abebe.id, T0)).toEqual({
      ok: true,
      value: { purpose: 'link', accountName: 'Selam Tesfaye' },
    });
    const token = await confirm(nonce, abebe);

    // Signed out meanwhile: refused, and the link is still there for the account that asked.
    const signedOut = new Browser();
    signedOut.cookies.set(TELEGRAM_LOGIN_COOKIE, browser.cookies.get(TELEGRAM_LOGIN_COOKIE)!);
    expect(await refusal(signedOut, token)).toMatchObject({
      status: 403,
      message: expect.stringContaining('Sign in to Sefer with the account'),
    });

    expect(await open(browser, token)).toMatchObject({ purpose: 'link', userId, isNewUser: false });
    expect((await signedInAs(browser))?.email).toBe('selam@example.com');
    await t.db.insert(telegramChats).values({ chatId: abebe.id, firstName: 'Abebe', username: 'abebe_k' });
    expect(await linkedTelegramOf(t.db, userId)).toEqual({ telegramId: abebe.id, label: '@abebe_k' });

    const phone = new Browser();
    expect(await open(phone, await confirm(await start(phone), abebe))).toMatchObject({ purpose: 'sign-in', userId, isNewUser: false });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('refuses to link a Telegram account that belongs to someone else, or a second one', async () => {
    const owner = new Browser();
    const ownerId = (await open(owner, await confirm(await start(owner), abebe))).userId;

    const browser = new Browser();
    const userId = await emailUser(browser, 'dawit@example.com');
    const taken = await confirm(await start(browser, { purpose: 'link', userId }), abebe);
    expect(await refusal(browser, taken)).toEqual({
      status: 409,
      message: 'This Telegram account is already linked to another Sefer account.',
    });
    expect(
      await t.db
        .select({ userId: accounts.userId })
        .from(accounts)
        .where(and(eq(accounts.providerId, 'telegram'), eq(accounts.accountId, String(abebe.id)))),
    ).toEqual([{ userId: ownerId }]);

    await open(browser, await confirm(await start(browser, { purpose: 'link', userId }), hanna));
    const third = await confirm(await start(browser, { purpose: 'link', userId }), { id: 700_003, first_name: 'Third' });
    expect(await refusal(browser, third)).toEqual({
      status: 409,
      message: 'Your Sefer account is already linked to another Telegram account.',
    });
  });

  it('an address squatted by an unproven sign-up is added by the Telegram account that proves it; the squatter’s password never works', async () => {
    const email = 'squatted@example.com';
    // Someone signs up with her address and his own password, and never confirms.
    await auth.api.signUpEmail({ body: { email, password: 'attacker-pass-1', name: 'Mallory' } });
    const telegramUser = new Browser();
    await open(telegramUser, await confirm(await start(telegramUser), hanna));
    const started = Date.now();
    await auth.api.requestEmailChangeEmailOTP({ body: { newEmail: email }, headers: telegramUser.headers() });
    // The code reaches her mailbox although an account holds the address.
    const outbox = path.join(dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox)).sort().map((f) => readFile(path.join(outbox, f), 'utf8')));
    const mail = mails.findLast((text) => text.includes(`To: ${email}`) && /change|ኢሜይል/i.test(text));
    const code = /\b(\d{6})\b/.exec(mail ?? '')?.[1];
    expect(code, `a code mailed after ${started}`).toBeDefined();
    // A wrong code removes nobody.
    await expect(
      auth.api.changeEmailEmailOTP({
        body: { newEmail: email, otp: code === '000000' ? '111111' : '000000' },
        headers: telegramUser.headers(),
      }),
    ).rejects.toBeDefined();
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toHaveLength(1);

    const { headers } = await auth.api.changeEmailEmailOTP({
      body: { newEmail: email, otp: code! },
      headers: telegramUser.headers(),
      returnHeaders: true,
    });
    telegramUser.take(headers);
    const me = await signedInAs(telegramUser);
    expect(me).toMatchObject({ email, emailVerified: true, name: 'Hanna' });
    // One account holds the address now: hers, and the squatter's password opens nothing.
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([{ id: me!.id }]);
    await expect(auth.api.signInEmail({ body: { email, password: 'attacker-pass-1' } })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('only an account without an email adds one, with a code sent to it; nobody signs up with a placeholder', async () => {
    const telegramUser = new Browser();
    await open(telegramUser, await confirm(await start(telegramUser), hanna));
    await auth.api.requestEmailChangeEmailOTP({ body: { newEmail: 'hanna@example.com' }, headers: telegramUser.headers() });
    const outbox = path.join(dataDir, 'outbox');
    // The newest mail to this address (the outbox is shared by the PGlite and PostgreSQL runs; names start with the time).
    const files = (await readdir(outbox)).sort();
    const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
    const mail = mails.findLast((text) => text.includes('To: hanna@example.com'));
    const code = /\b(\d{6})\b/.exec(mail ?? '')?.[1];
    expect(code).toBeDefined();
    const { headers } = await auth.api.changeEmailEmailOTP({
      body: { newEmail: 'hanna@example.com', otp: code! },
      headers: telegramUser.headers(),
      returnHeaders: true,
    });
    telegramUser.take(headers);
    expect(await signedInAs(telegramUser)).toMatchObject({ email: 'hanna@example.com', emailVerified: true });

    // Now it has one: no more changes here.
    await expect(
      auth.api.requestEmailChangeEmailOTP({ body: { newEmail: 'other@example.com' }, headers: telegramUser.headers() }),
    ).rejects.toMatchObject({ body: { code: 'EMAIL_CHANGE_NOT_ALLOWED' } });
    const emailUserBrowser = new Browser();
    await emailUser(emailUserBrowser, 'kebede@example.com');
    await expect(
      auth.api.requestEmailChangeEmailOTP({ body: { newEmail: 'kebede2@example.com' }, headers: emailUserBrowser.headers() }),
    ).rejects.toMatchObject({ body: { code: 'EMAIL_CHANGE_NOT_ALLOWED' } });

    await expect(
      auth.api.signUpEmail({ body: { email: 'telegram-1-abc@telegram.invalid', password: 'a-good-password-1', name: 'Squatter' } }),
    ).rejects.toMatchObject({ body: { code: 'INVALID_EMAIL' } });
  });

  it('makes the account of a person posting from the bot only from the server: the endpoint is not on the HTTP router', async () => {
    const body = JSON.stringify({ telegram: { id: 990_001, firstName: 'Mallory', lastName: null, username: null } });
    const response = await auth.handler(
      new Request('https://sefer.test/api/auth/telegram/bot-account', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://sefer.test' },
        body,
      }),
    );
    expect(response.status).toBe(404);
    expect(await t.db.select().from(accounts).where(eq(accounts.accountId, '990001'))).toEqual([]);
    // The server's own call makes it once, and finds it again.
    const made = await auth.api.telegramBotAccount({
      body: JSON.parse(body) as { telegram: { id: number; firstName: string; lastName: null; username: null } },
    });
    expect(made).toMatchObject({ isNewUser: true });
    expect(await auth.api.telegramBotAccount({ body: JSON.parse(body) as never })).toMatchObject({ userId: made.userId, isNewUser: false });
  });

  it('is off when Telegram is not configured', async () => {
    const telegram = config().telegram;
    config().telegram = null;
    try {
      await expect(auth.api.finishTelegramLogin({ body: { token: 'x'.repeat(43) }, headers: new Headers() })).rejects.toMatchObject({
        statusCode: 404,
      });
    } finally {
      config().telegram = telegram;
    }
  });
});
