/**
 * What the notice tests of payments, shop, promotions and saved searches share: a Telegram-only
 * account, the notices queued so far (the `notice` jobs' payloads), and delivering one through a
 * Telegram channel registered for the test database that records what it was given instead of
 * calling Telegram.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { accounts, jobs, telegramChats, users } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { PLACEHOLDER_DOMAIN } from '#platform/email/placeholder-email.ts';
import type { Notice, NoticeKind, TelegramNotice } from '#features/accounts/notices/notices.ts';
import { deliverNotice, registerTelegramChannel, type Delivery } from '#features/accounts/notices/notify.server.ts';

/**
 * An account made by "Continue with Telegram" (as telegram/bot.test-kit.server.ts `telegramAccount`
 * makes it, without loading the bot): a placeholder address, the linked Telegram account, the chat
 * known to the bot in `locale`. Answers its session.
 */
export async function telegramOnlyAccount(db: Database, chatId: number, locale: 'en' | 'am' = 'en'): Promise<SessionUser> {
  const user: SessionUser = {
    id: `tg-user-${chatId}`,
    email: `telegram-${chatId}@${PLACEHOLDER_DOMAIN}`,
    name: 'Abebe Kebede',
    firstName: 'Abebe',
    lastName: 'Kebede',
    image: null,
    isAdmin: false,
  };
  await db.insert(users).values({ id: user.id, name: user.name, firstName: user.firstName, email: user.email, emailVerified: false });
  await db.insert(accounts).values({ id: `tg-account-${chatId}`, accountId: String(chatId), providerId: 'telegram', userId: user.id });
  await db.insert(telegramChats).values({ chatId, firstName: 'Abebe', locale });
  return user;
}

/** The notices queued in `db`, oldest first (of one kind when given). */
export async function queuedNotices(db: Database, kind?: NoticeKind): Promise<Notice[]> {
  const rows = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.name, 'notice')).orderBy(asc(jobs.id));
  const notices = rows.map((r) => r.payload as Notice);
  return kind ? notices.filter((n) => n.kind === kind) : notices;
}

export interface TelegramSend {
  chatId: number;
  kind: NoticeKind;
  message: TelegramNotice;
}

/**
 * Delivers `notice` as the `notice` job does, with a Telegram channel for `db` that records each
 * send (and says it was sent): what the delivery chose, and what Telegram was given.
 */
export async function deliverRecorded(db: Database, notice: Notice): Promise<{ delivery: Delivery; sent: TelegramSend[] }> {
  const sent: TelegramSend[] = [];
  registerTelegramChannel(async (_db, chatId, kind, message) => {
    sent.push({ chatId, kind, message });
    return 'sent';
  }, db);
  try {
    return { delivery: await deliverNotice(db, notice), sent };
  } finally {
    registerTelegramChannel(null, db);
  }
}

/** The URL buttons of a Telegram message, row by row flattened: `[text, url]`. */
export function linkButtons(message: TelegramNotice): [string, string][] {
  return (message.buttons ?? []).flat().flatMap((b) => ('url' in b ? [[b.text, b.url] as [string, string]] : []));
}
