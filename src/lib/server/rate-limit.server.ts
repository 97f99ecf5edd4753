/**
 * Rate limits for writes (requests, comments, likes, listings, contact messages): a fixed window
 * counter per key in the database, incremented atomically with one upsert, so concurrent requests
 * and several app processes count together.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { config } from './config.server.ts';

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
  contact: { max: 5, windowSeconds: 600 },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

export const SLOW_DOWN = 'You are doing that too often. Please wait a minute and try again.';

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

/** The client's address: X-Forwarded-For's first hop behind a trusted proxy, else the socket's. */
export function clientAddressOf(context: { clientAddress?: string; request: Request }): string | null {
  if (config().trustProxy) {
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return context.clientAddress ?? null;
  } catch {
    return null;
  }
}
