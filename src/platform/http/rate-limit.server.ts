/**
 * Rate limits for writes (requests, comments, likes, listings, contact messages): a fixed window
 * counter per key in the database, incremented atomically with one upsert, so concurrent requests
 * and several app processes count together. Passwords and emailed codes have their own limits per
 * account and per address (countAuthAttempt), on every path that checks or sends one.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { rateLimits } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';
import { m } from '#paraglide/messages.js';

export interface Limit {
  /** Allowed hits per window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** The limits of each kind of write, per signed-in user and per client address. */
export const LIMITS = {
  request: { max: 5, windowSeconds: 60 },
  comment: { max: 10, windowSeconds: 60 },
  like: { max: 60, windowSeconds: 60 },
  listing: { max: 10, windowSeconds: 3600 },
  edit: { max: 20, windowSeconds: 3600 },
  /** Resumable uploads started (a listing has up to 13 files; a resumed upload is not a new one). */
  upload: { max: 60, windowSeconds: 3600 },
  contact: { max: 5, windowSeconds: 600 },
  /** Reports of listings, requests and comments (each item once per account anyway). */
  report: { max: 10, windowSeconds: 3600 },
  /** "Continue with Telegram" presses (each stores a sign-in request). */
  telegramLogin: { max: 10, windowSeconds: 600 },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** The text of a refused write, in the request's language. */
export const slowDown = (): string => m.pages_slow_down();

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/** Counts one hit for `key`; allowed while the window's count stays within the limit. */
export async function hit(db: Database, key: string, limit: Limit, now = new Date()): Promise<LimitResult> {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  return { allowed: (row?.count ?? 1) <= limit.max, retryAfter: Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000) };
}

/**
 * Checks a write against its limit for the signed-in user (if any) and the client address; both
 * are counted, and either being over the limit refuses the write.
 */
export async function allowWrite(
  db: Database,
  name: LimitName,
  who: { userId?: string | null; address?: string | null },
  now = new Date(),
): Promise<LimitResult> {
  const base = LIMITS[name];
  const limit = { ...base, max: Math.ceil(base.max * config().rateLimitScale) };
  const keys = [who.userId ? `${name}:user:${who.userId}` : null, who.address ? `${name}:ip:${who.address}` : null].filter(
    (k): k is string => k !== null,
  );
  let result: LimitResult = { allowed: true, retryAfter: 0 };
  for (const key of keys) {
    const r = await hit(db, key, limit, now);
    if (!r.allowed) result = { allowed: false, retryAfter: Math.max(result.retryAfter, r.retryAfter) };
  }
  return result;
}

/**
 * The client's address: behind a trusted proxy, the last X-Forwarded-For entry (the one that proxy
 * appended; the entries before it are whatever the client sent), else the socket's.
 */
export function clientAddressOf(context: { clientAddress?: string; request: Request }): string | null {
  let socketAddress: string | undefined;
  try {
    socketAddress = context.clientAddress;
  } catch {
    // Astro throws when the adapter could not tell
  }
  return clientAddressFrom(context.request.headers.get('x-forwarded-for'), socketAddress);
}

/** {@link clientAddressOf} from the raw header and the socket's address (requests answered before Astro). */
export function clientAddressFrom(forwardedFor: string | null | undefined, socketAddress: string | undefined): string | null {
  if (config().trustProxy) {
    const forwarded = forwardedFor?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return socketAddress ?? null;
}

/**
 * Counts one hit for `key` in a rolling window, kept in sixths: any `max + 1` hits within
 * `windowSeconds` are refused, however they fall across window edges. `undo` takes the hit back.
 */
export async function hitRolling(
  db: Database,
  key: string,
  limit: Limit,
  now = new Date(),
): Promise<LimitResult & { undo(): Promise<void> }> {
  const windowMs = limit.windowSeconds * 1000;
  const sliceMs = windowMs / 6;
  const slice = new Date(Math.floor(now.getTime() / sliceMs) * sliceMs);
  // The current slice's count comes back from the atomic upsert (the k-th of many concurrent hits
  // sees k); the older slices are no longer written to.
  const [current] = await db
    .insert(rateLimits)
    .values({ key, windowStart: slice, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const older = await db
    .select({ start: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(eq(rateLimits.key, key), gte(rateLimits.windowStart, new Date(slice.getTime() - windowMs)), lt(rateLimits.windowStart, slice)),
    )
    .orderBy(asc(rateLimits.windowStart));
  const rows = [...older, { start: slice, count: current?.count ?? 1 }];
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const undo = async () => {
    await db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, slice)));
  };
  if (total <= limit.max) return { allowed: true, retryAfter: 0, undo };
  // The next hit is allowed once enough of the oldest slices have left the window.
  let left = total;
  let retryAt = slice.getTime() + windowMs + sliceMs;
  for (const row of rows) {
    left -= row.count;
    retryAt = row.start.getTime() + windowMs + sliceMs;
    if (left < limit.max) break;
  }
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)), undo };
}

/**
 * Limits on passwords and emailed codes. Per account: wrong passwords and wrong codes (right ones
 * are given back), and every email that carries a code or a link; never scaled by
 * RATE_LIMIT_SCALE, since it protects one account. Per address: every attempt, scaled.
 *
 * Sign-in codes are the owner's way in while wrong passwords have paused the account's password
 * sign-in, so they count apart from the rest: sending one (`signInEmail`) has its own cap per
 * account, and trying one (`signInCode`) is counted per address only. A wrong guess never locks the
 * account: better-auth takes each code back after its 5th wrong try (allowedAttempts), and the owner
 * asks for another. Guessing stays out of reach: at most 3 codes × 5 tries per account per 15
 * minutes, the pace of the `code` limit, for a one-in-a-million code.
 */
export const AUTH_LIMITS = {
  password: { account: { max: 10, windowSeconds: 60 }, address: { max: 60, windowSeconds: 60 }, failuresOnly: true },
  code: { account: { max: 10, windowSeconds: 600 }, address: { max: 60, windowSeconds: 600 }, failuresOnly: true },
  email: { account: { max: 5, windowSeconds: 900 }, address: { max: 30, windowSeconds: 900 }, failuresOnly: false },
  signInEmail: { account: { max: 3, windowSeconds: 900 }, address: { max: 30, windowSeconds: 900 }, failuresOnly: false },
  signInCode: { account: null, address: { max: 60, windowSeconds: 600 }, failuresOnly: true },
} as const satisfies Record<string, { account: Limit | null; address: Limit; failuresOnly: boolean }>;

export type AuthAttemptKind = keyof typeof AUTH_LIMITS;

export interface AuthAttempt extends LimitResult {
  /** Refused by the account's own limit (not only the client address's): the account is paused for everyone. */
  accountLimited: boolean;
  /** The password or code was right: the account gets its attempt back. */
  succeeded(): Promise<void>;
}

/** An email as one account: trimmed, lower case, hashed so the table holds no addresses. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);
}

/**
 * Counts an attempt at a password or a code, or an email sent, before it is made: per account
 * (the email) and per client address; either over its limit refuses it. A refused attempt is not
 * counted against the account, so waiting is enough to get in again.
 */
export async function countAuthAttempt(
  db: Database,
  kind: AuthAttemptKind,
  who: { email?: string | null; address?: string | null },
  now = new Date(),
): Promise<AuthAttempt> {
  const limits = AUTH_LIMITS[kind];
  const account =
    limits.account && who.email?.trim() ? await hitRolling(db, `auth:${kind}:account:${accountKey(who.email)}`, limits.account, now) : null;
  const address = who.address
    ? await hit(
        db,
        `auth:${kind}:ip:${who.address}`,
        { ...limits.address, max: Math.ceil(limits.address.max * config().rateLimitScale) },
        now,
      )
    : null;
  const refused = [account, address].filter((r): r is NonNullable<typeof r> => r !== null && !r.allowed);
  if (refused.length > 0) {
    await account?.undo();
    return {
      allowed: false,
      retryAfter: Math.max(...refused.map((r) => r.retryAfter)),
      accountLimited: account !== null && !account.allowed,
      succeeded: async () => {},
    };
  }
  return {
    allowed: true,
    retryAfter: 0,
    accountLimited: false,
    succeeded: async () => {
      if (limits.failuresOnly) await account?.undo();
    },
  };
}

/** What a person is told when an attempt is refused. */
export function tooManyAttemptsText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.round(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
}
