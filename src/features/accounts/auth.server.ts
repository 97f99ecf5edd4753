/**
 * Embedded accounts with better-auth: email + password, email-code verification and password
 * reset, sessions stored in the database. Pages call it on the server (plain HTML forms); the same
 * instance answers `/api/auth/*` for islands and outside clients.
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, appMeta, sessions, users, verifications } from '#db/schema.ts';
import { accountFieldProblems } from './account-fields.ts';
import { isPlaceholderEmail } from './telegram-login/telegram-login.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { config } from '#platform/config/config.server.ts';
import { sendEmail } from '#platform/email/email.server.ts';
import { codeEmail, existingAccountEmail } from './emails.server.ts';
import { m } from '#paraglide/messages.js';
import { clientAddressOf, hit, type AuthAttemptKind } from '#platform/http/rate-limit.server.ts';
import { TELEGRAM_BOT_ACCOUNT_PATH, TELEGRAM_FINISH_PATH, telegramAuthPlugin } from './telegram-login/auth-plugin.server.ts';
import { mailboxProofHooks } from './mailbox-proof.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('auth');

/** The error code of a sign-in refused because the account is banned. */
export const BANNED_CODE = 'ACCOUNT_BANNED';

/** How long an emailed code stays valid. */
export const CODE_TTL_SECONDS = 10 * 60;

/**
 * The paths of /api/auth/* that check a password or a code, or send one by email: what they count
 * as (see countAuthAttempt), and whose account that is: the body's `email`, or the signed-in
 * user's (a body cannot pick the account a signed-in request counts against). Pages calling
 * auth.api.* count the same attempts themselves.
 */
export const AUTH_ATTEMPT_PATHS: Readonly<Record<string, { kind: AuthAttemptKind; account: 'body' | 'session' }>> = {
  '/sign-in/email': { kind: 'password', account: 'body' },
  '/change-password': { kind: 'password', account: 'session' },
  '/verify-password': { kind: 'password', account: 'session' },
  '/delete-user': { kind: 'password', account: 'session' },
  '/email-otp/verify-email': { kind: 'code', account: 'body' },
  '/email-otp/check-verification-otp': { kind: 'code', account: 'body' },
  '/email-otp/reset-password': { kind: 'code', account: 'body' },
  '/sign-in/email-otp': { kind: 'signInCode', account: 'body' },
  '/email-otp/change-email': { kind: 'code', account: 'session' },
  '/reset-password': { kind: 'code', account: 'body' },
  '/verify-email': { kind: 'code', account: 'body' },
  '/sign-up/email': { kind: 'email', account: 'body' },
  '/email-otp/send-verification-otp': { kind: 'email', account: 'body' },
  '/email-otp/request-password-reset': { kind: 'email', account: 'body' },
  '/forget-password/email-otp': { kind: 'email', account: 'body' },
  '/request-password-reset': { kind: 'email', account: 'body' },
  '/send-verification-email': { kind: 'email', account: 'body' },
  '/email-otp/request-email-change': { kind: 'email', account: 'session' },
  '/change-email': { kind: 'email', account: 'session' },
};

/**
 * The header better-auth reads the client address from (sessions, its own limits). Our code sets
 * it from clientAddressOf and drops whatever a client sent under that name.
 */
export const CLIENT_ADDRESS_HEADER = 'x-sefer-client-address';

/** A copy of the request's headers for auth.api.*, carrying the client address we trust. */
export function authHeaders(context: { clientAddress?: string; request: Request }): Headers {
  const headers = new Headers(context.request.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  const address = clientAddressOf(context);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  return headers;
}

/** Whether the visitor reached us over HTTPS: SITE_URL says so, or a trusted proxy does. */
export function isHttpsRequest(request: Request): boolean {
  if (config().siteUrl.startsWith('https://') || new URL(request.url).protocol === 'https:') return true;
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return config().trustProxy && forwarded === 'https';
}

/** Marks every cookie in `headers` Secure when the request came over HTTPS (e.g. a TLS proxy). */
export function secureCookies(headers: Headers, request: Request): Headers {
  if (!isHttpsRequest(request)) return headers;
  const cookies = headers.getSetCookie();
  headers.delete('Set-Cookie');
  for (const cookie of cookies) headers.append('Set-Cookie', /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return headers;
}

/** Refuses names, emails and pictures longer than their caps, whoever sets them. */
function refuseLongFields(values: Record<string, unknown>): void {
  const problems = accountFieldProblems(values);
  if (problems) throw new APIError('BAD_REQUEST', { code: 'FIELD_TOO_LONG', message: Object.values(problems)[0]![0]! });
}

/**
 * Placeholder addresses (Telegram accounts without an email) are made by the Telegram sign-in
 * only (its endpoint, or its server-only twin when a deal is posted from the bot): nobody signs up
 * with one or changes an email to one.
 */
function refusePlaceholderEmail(user: { email?: unknown }, path: string | undefined): void {
  if (
    typeof user.email === 'string' &&
    isPlaceholderEmail(user.email) &&
    path !== TELEGRAM_FINISH_PATH &&
    path !== TELEGRAM_BOT_ACCOUNT_PATH
  ) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: m.auth_error_email_invalid() });
  }
}

/** The secret signing sessions: AUTH_SECRET, or one generated once and kept in the database. */
async function authSecret(db: Database): Promise<string> {
  const configured = config().authSecret;
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(appMeta).values({ key: 'auth_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'auth_secret'));
  return row!.value;
}

export function createAuth(db: Database, secret: string) {
  const c = config();
  const auth = betterAuth({
    appName: 'Sefer',
    baseURL: c.siteUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [c.siteUrl, `http://localhost:${c.port}`, `http://127.0.0.1:${c.port}`],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        // Read by sessionUser() (a banned account is nobody); never set through the API.
        bannedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      // Whoever knew the old password must not stay signed in.
      revokeSessionsOnPasswordReset: true,
      // Signing up with a known email answers like a new sign-up (no way to probe for accounts);
      // the owner of the email is told what to do instead. An address nobody has proven gets a new
      // code: this sign-up's password and names wait, bound to its browser, until the code proves
      // the mailbox (mailbox-proof.server.ts), and the account's earlier ones never count.
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) {
          await auth.api.sendVerificationOTP({ body: { email: user.email, type: 'email-verification' } });
          return;
        }
        // In the language of the sign-up request (its page's).
        await sendEmail({ to: user.email, ...existingAccountEmail() });
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    // Whoever proves a mailbox gets their own password and names, never an earlier sign-up's (issue 25).
    hooks: mailboxProofHooks(db, { codeTtlSeconds: CODE_TTL_SECONDS, checkSignUpFields: refuseLongFields }),
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            refuseLongFields(user);
            refusePlaceholderEmail(user, context?.path);
          },
        },
        update: {
          before: async (user) => {
            refuseLongFields(user);
            refusePlaceholderEmail(user, undefined);
          },
        },
      },
      // Every way in (password, emailed code, Telegram) ends by making a session: a banned
      // account gets none.
      session: {
        create: {
          before: async (session) => {
            const [row] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, session.userId)).limit(1);
            if (row?.bannedAt) throw new APIError('FORBIDDEN', { code: BANNED_CODE, message: m.reports_banned_sign_in() });
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      // Behind a TLS proxy with an http SITE_URL, secureCookies() marks the cookies per request.
      useSecureCookies: c.siteUrl.startsWith('https://'),
      cookiePrefix: 'sefer',
      // A session with its user in one query (the relations in db/schema/accounts.ts), not two.
      database: { joins: true },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // better-auth's own limit, per client address, for the paths that check or send no password or
    // code (those are counted per account and per address by countAuthAttempt, one counter for the
    // pages and the API); kept in our rate_limits table so every process counts together.
    rateLimit: {
      enabled: true,
      window: 60,
      max: Math.ceil(60 * c.rateLimitScale),
      customRules: {
        ...Object.fromEntries(Object.keys(AUTH_ATTEMPT_PATHS).map((path) => [path, false as const])),
        // A Telegram link is 256 random bits: this only keeps a client from hammering the table.
        [TELEGRAM_FINISH_PATH]: { window: 60, max: Math.ceil(10 * c.rateLimitScale) },
      },
      customStorage: {
        consume: async (key, rule) => {
          const result = await hit(db, `better-auth:${key}`, { max: rule.max, windowSeconds: rule.window });
          return { allowed: result.allowed, retryAfter: result.allowed ? null : result.retryAfter };
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        allowedAttempts: 5,
        // Accounts are made on /signup (names, password); a code only signs in an existing one.
        disableSignUp: true,
        // "Add an email" for accounts made by Telegram sign-in (the Telegram plugin refuses it to
        // every account that already has an address).
        changeEmail: { enabled: true },
        async sendVerificationOTP({ email, otp, type }) {
          // In the language of the request that asked for the code.
          await sendEmail({ to: email, ...codeEmail(type, otp, CODE_TTL_SECONDS / 60) });
        },
      }),
      telegramAuthPlugin({ db, now: requestClock }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Promise<Auth>>();

/** The auth instance of a database (the app has one; tests open one per driver). */
export function getAuth(db: Database): Promise<Auth> {
  let instance = instances.get(db);
  if (!instance) {
    instance = authSecret(db).then((secret) => createAuth(db, secret));
    instances.set(db, instance);
  }
  return instance;
}

/** The signed-in user as every page and handler sees it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  isAdmin: boolean;
}

export function isAdminEmail(email: string): boolean {
  return config().adminEmails.includes(email.toLowerCase());
}

/** Reads the session from the request's cookies; anonymous requests cost no query. */
export async function sessionUser(db: Database, headers: Headers): Promise<SessionUser | null> {
  if (!headers.get('cookie')?.includes('sefer.session_token')) return null;
  const auth = await getAuth(db);
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { firstName?: string | null; lastName?: string | null; bannedAt?: Date | null };
  // Sessions end when an account is banned; this covers one read at that very moment.
  if (u.bannedAt) return null;
  return {
    id: u.id,
    // A Telegram account without an email has a placeholder address: no email, as far as anyone sees.
    email: isPlaceholderEmail(u.email) ? '' : u.email,
    name: u.name,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    image: u.image ?? null,
    isAdmin: isAdminEmail(u.email),
  };
}

/** The password lengths better-auth is set to accept (emailAndPassword above). */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/**
 * What people are told for the auth errors they can act on, by better-auth's error code: our own
 * words, in the request's language (better-auth's English texts are never shown).
 */
const AUTH_ERROR_TEXTS: Readonly<Record<string, () => string>> = {
  INVALID_EMAIL_OR_PASSWORD: m.auth_error_wrong_credentials,
  INVALID_EMAIL: m.auth_error_email_invalid,
  INVALID_PASSWORD: m.auth_error_wrong_password,
  PASSWORD_TOO_SHORT: () => m.auth_error_password_short({ min: PASSWORD_MIN_LENGTH }),
  PASSWORD_TOO_LONG: () => m.auth_error_password_long({ max: PASSWORD_MAX_LENGTH }),
  INVALID_OTP: m.auth_error_code_wrong,
  OTP_EXPIRED: m.auth_error_code_expired,
  TOO_MANY_ATTEMPTS: m.auth_error_code_attempts,
  EMAIL_NOT_VERIFIED: m.auth_error_not_verified,
  [BANNED_CODE]: m.reports_banned_sign_in,
};

/** Error codes of our own checks, whose message is already in our words. */
const OWN_MESSAGE_CODES = new Set(['FIELD_TOO_LONG', 'TELEGRAM_LOGIN_REFUSED', 'EMAIL_CHANGE_NOT_ALLOWED']);

/**
 * The text shown for an auth error: our words for a known error code, else the fallback. Anything
 * else (a database failure, a bug) goes to the log only, never to the screen.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  const body = (error as { body?: { code?: unknown; message?: unknown } } | null)?.body;
  const code = typeof body?.code === 'string' ? body.code : '';
  if (Object.hasOwn(AUTH_ERROR_TEXTS, code)) return AUTH_ERROR_TEXTS[code]!();
  // Our own refusals carry their message (field caps, Telegram sign-in, adding an email).
  if (OWN_MESSAGE_CODES.has(code) && typeof body?.message === 'string') return body.message;
  log.error({ err: error }, '[auth] unexpected error');
  return fallback;
}
