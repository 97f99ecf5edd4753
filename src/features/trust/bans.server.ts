/**
 * Banning an account: it cannot sign in (auth.server.ts refuses its sessions) and nothing it wrote
 * is public while the ban lasts. The flags on its listings, requests and comments are set in the
 * same transaction as the ban, so public reads filter them without a join and the ban takes effect
 * at once; unbanning clears exactly those flags.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { comments, listings, moderationDecisions, requests, sessions, users } from '#db/schema.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { isPlaceholderEmail } from '#features/accounts/telegram-login/telegram-login.ts';
import { isAdminEmail, type SessionUser } from '#features/accounts/auth.server.ts';
import { adminsOnly } from '#features/accounts/policy.ts';
import { mayBan, mayModerate } from './policy.ts';
import { m } from '#paraglide/messages.js';

type Executor = Pick<Database, 'update' | 'delete' | 'insert'>;

/** Sets (or clears) the ban flag on everything the account wrote. */
async function flagContent(tx: Executor, userId: string, banned: boolean): Promise<void> {
  await tx.update(listings).set({ sellerBanned: banned }).where(eq(listings.ownerId, userId));
  await tx.update(requests).set({ authorBanned: banned }).where(eq(requests.userId, userId));
  await tx.update(comments).set({ authorBanned: banned }).where(eq(comments.userId, userId));
}

/**
 * Bans `userId`: recorded on the account with who and why, its content leaves every public page,
 * and its sessions end. Admins cannot ban an admin or themselves. Banning again changes nothing.
 */
export async function banAccount(
  db: Database,
  admin: SessionUser,
  userId: string,
  reason: string | null,
  now = new Date(),
): Promise<Result<{ userId: string }>> {
  if (!mayModerate(admin)) return adminsOnly();
  const [target] = await db.select({ email: users.email, bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) return fail(404, m.reports_admin_gone());
  const allowed = mayBan(admin, { id: userId, isAdmin: isAdminEmail(target.email) });
  if (!allowed.ok) return allowed;
  if (target.bannedAt) return ok({ userId });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ bannedAt: now, bannedBy: admin.id, banReason: reason || null })
      .where(eq(users.id, userId));
    await flagContent(tx, userId, true);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .insert(moderationDecisions)
      .values({ itemKind: 'account', itemId: userId, action: 'ban', adminId: admin.id, note: reason || null, createdAt: now });
  });
  return ok({ userId });
}

/** Lifts a ban: the account can sign in again and its content is public again (as it was). */
export async function unbanAccount(
  db: Database,
  admin: SessionUser,
  userId: string,
  now = new Date(),
): Promise<Result<{ userId: string }>> {
  if (!mayModerate(admin)) return adminsOnly();
  const [target] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) return fail(404, m.reports_admin_gone());
  if (!target.bannedAt) return ok({ userId });
  await db.transaction(async (tx) => {
    await tx.update(users).set({ bannedAt: null, bannedBy: null, banReason: null }).where(eq(users.id, userId));
    await flagContent(tx, userId, false);
    await tx
      .insert(moderationDecisions)
      .values({ itemKind: 'account', itemId: userId, action: 'unban', adminId: admin.id, createdAt: now });
  });
  return ok({ userId });
}

export interface BannedAccount {
  id: string;
  name: string;
  email: string;
  bannedAt: Date;
  banReason: string | null;
  bannedByEmail: string | null;
}

/** The banned accounts, latest ban first. */
export async function bannedAccounts(db: Database, limit = 200): Promise<BannedAccount[]> {
  const by = alias(users, 'banned_by');
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      bannedAt: users.bannedAt,
      banReason: users.banReason,
      bannedByEmail: by.email,
    })
    .from(users)
    .leftJoin(by, eq(by.id, users.bannedBy))
    .where(and(isNotNull(users.bannedAt)))
    .orderBy(desc(users.bannedAt), users.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, email: isPlaceholderEmail(r.email) ? '' : r.email, bannedAt: r.bannedAt! }));
}
