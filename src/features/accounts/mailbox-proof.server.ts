/**
 * better-auth's hooks for issue 25's account takeover (see pending-sign-ups.server.ts for the rule):
 * - a sign-up keeps its password and names as a pending sign-up bound to its browser's cookie;
 * - proving the mailbox with the sign-up code (`/email-otp/verify-email`) settles the account:
 *   that browser's sign-up, or no earlier password at all, and no earlier session;
 * - "Add an email" (`/email-otp/request-email-change`, `/email-otp/change-email`) reaches an
 *   address held by an account that never proved it, and the proven mailbox takes it.
 * The same hooks run for the pages (auth.api.*) and for `/api/auth/*`.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { config } from '#platform/config/config.server.ts';
import { sendEmail } from '#platform/email/email.server.ts';
import { codeEmail } from './emails.server.ts';
import {
  recordPendingSignUp,
  removeUnprovenHolder,
  settleProvenMailbox,
  SIGN_UP_COOKIE,
  signUpCookieOptions,
  signUpSecretOf,
} from './pending-sign-ups.server.ts';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The account holding `email`: its id and whether it proved the address. */
async function holderOf(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** better-auth's identifier of a change-email code (its email-OTP plugin: `${type}-otp-${key}`). */
const changeEmailIdentifier = (userId: string, email: string) => `change-email-otp-${userId}:${email}`;

/** Whether `otp` is the change-email code stored for this account and address (codes are stored plain, `${otp}:${tries}`). */
async function isChangeEmailCode(ctx: HookContext, userId: string, email: string, otp: string): Promise<boolean> {
  const stored = await ctx.context.internalAdapter.findVerificationValue(changeEmailIdentifier(userId, email));
  if (!stored || stored.expiresAt < new Date()) return false;
  const code = stored.value.slice(0, stored.value.lastIndexOf(':'));
  return code.length === otp.length && timingSafeEqual(Buffer.from(code), Buffer.from(otp));
}

export function mailboxProofHooks(
  db: Database,
  options: { codeTtlSeconds: number; checkSignUpFields: (body: Record<string, unknown>) => void },
) {
  const { codeTtlSeconds } = options;
  // Requests to verify-email whose account had not proven its address yet (before → after hook).
  const proving = new WeakSet<object>();

  const before = createAuthMiddleware(async (ctx) => {
    // A sign-up's names are kept for later whether or not the address has an account: checked for both.
    if (ctx.path === '/sign-up/email') return options.checkSignUpFields((ctx.body ?? {}) as Record<string, unknown>);
    if (ctx.path === '/email-otp/verify-email') {
      const email = text(ctx.body?.email);
      const holder = email ? await holderOf(db, email) : null;
      if (holder && !holder.emailVerified) proving.add(ctx.context);
      return;
    }
    if (ctx.path !== '/email-otp/request-email-change' && ctx.path !== '/email-otp/change-email') return;
    const newEmail = text(ctx.body?.newEmail)?.toLowerCase();
    const session = newEmail ? await getSessionFromCtx(ctx) : null;
    if (!newEmail || !session) return;
    const holder = await holderOf(db, newEmail);
    if (!holder || holder.emailVerified || holder.id === session.user.id) return;
    if (ctx.path === '/email-otp/request-email-change') {
      // better-auth sends no code to an address an account holds; one that never proved it does not
      // keep the mailbox's owner from adding it, so the code is sent here (stored as better-auth does).
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const identifier = changeEmailIdentifier(session.user.id, newEmail);
      await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
      await ctx.context.internalAdapter.createVerificationValue({
        identifier,
        value: `${otp}:0`,
        expiresAt: new Date(Date.now() + codeTtlSeconds * 1000),
      });
      await sendEmail({ to: newEmail, ...codeEmail('change-email', otp, codeTtlSeconds / 60) });
      return ctx.json({ success: true });
    }
    // The right code proves the mailbox: the unproven account goes, and better-auth moves the address.
    const otp = text(ctx.body?.otp);
    if (otp && (await isChangeEmailCode(ctx, session.user.id, newEmail, otp))) await removeUnprovenHolder(db, newEmail, session.user.id);
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (isAPIError(returned) || returned instanceof Response) return;
    if (ctx.path === '/sign-up/email') {
      const email = text(ctx.body?.email)?.toLowerCase();
      const password = text(ctx.body?.password);
      if (!email || !password) return;
      const holder = await holderOf(db, email);
      // A proven address has nothing to settle: its owner was emailed instead (onExistingUserSignUp).
      if (!holder || holder.emailVerified) return;
      const secret = await recordPendingSignUp(
        db,
        {
          email,
          passwordHash: await ctx.context.password.hash(password),
          name: text(ctx.body?.name) ?? '',
          firstName: text(ctx.body?.firstName),
          lastName: text(ctx.body?.lastName),
        },
        requestClock(),
      );
      ctx.setCookie(SIGN_UP_COOKIE, secret, signUpCookieOptions(config().siteUrl.startsWith('https://')));
      return;
    }
    if (ctx.path === '/email-otp/verify-email' && proving.has(ctx.context)) {
      const answer = returned as { user?: { id?: string; email?: string } } | undefined;
      const user = answer?.user;
      if (!user?.id || !user.email) return;
      const names = await settleProvenMailbox(db, {
        userId: user.id,
        email: user.email,
        secret: signUpSecretOf(ctx.headers?.get('cookie')),
        keepSessionId: ctx.context.newSession?.session.id ?? null,
        now: requestClock(),
      });
      // The browser's sign-up is used up.
      ctx.setCookie(SIGN_UP_COOKIE, '', { path: '/', maxAge: 0 });
      // The answer shows the account as it now is.
      if (names) return ctx.json({ ...answer, user: { ...user, ...names } });
    }
  });

  return { before, after };
}
