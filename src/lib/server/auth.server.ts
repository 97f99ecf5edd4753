/**
 * Embedded accounts with better-auth: email + password, email-code verification and password
 * reset, sessions stored in the database. Pages call it on the server (plain HTML forms); the same
 * instance answers `/api/auth/*` for islands and outside clients.
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, appMeta, sessions, users, verifications } from '../../db/schema.ts';
import { config } from './config.server.ts';
import { sendEmail } from './email.server.ts';

/** How long an emailed code stays valid. */
export const CODE_TTL_SECONDS = 10 * 60;

const OTP_SUBJECT = {
  'email-verification': 'Your Sefer verification code',
  'sign-in': 'Your Sefer sign-in code',
  'forget-password': 'Your Sefer password reset code',
  'change-email': 'Your Sefer email change code',
} as const;

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
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      // Signing up with a known email answers like a new sign-up (no way to probe for accounts);
      // the owner of the email is told what to do instead.
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) {
          await auth.api.sendVerificationOTP({ body: { email: user.email, type: 'email-verification' } });
          return;
        }
        await sendEmail({
          to: user.email,
          subject: 'You already have a Sefer account',
          text: `Someone (maybe you) tried to create a Sefer account with this email, which already has one.\n\nSign in: ${new URL('/login', c.siteUrl).href}\nForgot your password? ${new URL('/forgot-password', c.siteUrl).href}\n\nIf it was not you, you can ignore this email.`,
        });
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: c.siteUrl.startsWith('https://'),
      cookiePrefix: 'sefer',
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 60,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/email-otp/send-verification-otp': { window: 60, max: 5 },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        allowedAttempts: 5,
        async sendVerificationOTP({ email, otp, type }) {
          await sendEmail({
            to: email,
            subject: OTP_SUBJECT[type],
            text: `Your Sefer code is ${otp}\n\nIt is valid for ${CODE_TTL_SECONDS / 60} minutes. If you did not ask for it, you can ignore this email.`,
          });
        },
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Promise<Auth> | undefined;

/** The process's auth instance, built on the shared database. */
export function getAuth(db: Database): Promise<Auth> {
  instance ??= authSecret(db).then((secret) => createAuth(db, secret));
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
  const u = session.user as typeof session.user & { firstName?: string | null; lastName?: string | null };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    image: u.image ?? null,
    isAdmin: isAdminEmail(u.email),
  };
}

/** The first words of an auth error, for the signup and sign-in screens. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const message = (error as { body?: { message?: string }; message?: string })?.body?.message ?? (error as Error)?.message;
  return typeof message === 'string' && message.trim() && !/internal/i.test(message) ? message : fallback;
}
