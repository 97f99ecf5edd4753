/**
 * The Sefer account a Telegram chat acts for: the one linked to the person's Telegram account by
 * "Continue with Telegram" (a private chat's id is the person's Telegram id). Only that chat acts
 * for the account; a banned account acts on nothing; only an admin's chat moderates.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, users } from '#db/schema.ts';
import { isAdminEmail, type SessionUser } from '#features/accounts/auth.server.ts';
import { isPlaceholderEmail } from '#platform/email/placeholder-email.ts';
import { TELEGRAM_PROVIDER_ID } from '#features/accounts/telegram-login/telegram-login.ts';

export interface LinkedAccount {
  /** The account as the services' policies see a signed-in user. */
  user: SessionUser;
  banned: boolean;
}

/** The account linked to the Telegram user `telegramId`, or null. */
export async function linkedAccountOf(db: Database, telegramId: number): Promise<LinkedAccount | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      bannedAt: users.bannedAt,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.providerId, TELEGRAM_PROVIDER_ID), eq(accounts.accountId, String(telegramId))));
  if (!row) return null;
  const { bannedAt, email, ...user } = row;
  // A Telegram account without an email has a placeholder address: no email, as sessions see it.
  return { user: { ...user, email: isPlaceholderEmail(email) ? '' : email, isAdmin: isAdminEmail(email) }, banned: bannedAt !== null };
}
