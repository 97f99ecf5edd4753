/**
 * What sellers' Telegram contacts are, asked in the background (never during a page request): a
 * username ending in "bot" is a bot (BotFather's rule); for the rest the bot asks Telegram's
 * `getChat` with "@username", which answers a public channel or group with its type and a person
 * with 400 "chat not found". The answer is kept per username in `telegram_contact_kinds` (read by
 * the listing queries, listings/contact-kind.server.ts) and asked again after a month.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { GrammyError, type Api } from 'grammy';
import type { Database } from '#db/client.ts';
import { listings, telegramContactKinds, type TelegramContactKind } from '#db/schema.ts';
import { contactKindChanged, contactUsernameSql } from '#features/listings/contact-kind.server.ts';
import { isBotUsername } from '#features/listings/contact-links.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('telegram');

/** An answer is trusted this long (a username can change hands); then the sweep asks again. */
export const CONTACT_KIND_MAX_AGE_MS = 30 * 86_400_000;

/** Usernames one sweep asks about at most (one after the other, through the bot's throttler). */
export const SWEEP_BATCH = 10;

/** What Telegram's getChat says the chat is, or null when the answer says nothing (leave it unknown). */
export function kindOfChat(chat: { type: string }): TelegramContactKind | null {
  switch (chat.type) {
    case 'private':
      return 'person';
    case 'channel':
      return 'channel';
    case 'group':
    case 'supergroup':
      return 'group';
    default:
      return null;
  }
}

/**
 * Asks Telegram what `@username` is. A 400 "chat not found" is a person (getChat answers only public
 * chats by username); another 400 leaves it unknown (null). Anything else (network, 5xx, a flood
 * past the retries) throws: the job is tried again later.
 */
export async function askContactKind(api: Api, username: string): Promise<TelegramContactKind | null> {
  try {
    return kindOfChat(await api.getChat(`@${username}`));
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400) {
      if (/chat not found/i.test(error.description)) return 'person';
      log.error(`[telegram] getChat @${username}: ${error.description}`);
      return null;
    }
    throw error;
  }
}

async function store(db: Database, username: string, kind: TelegramContactKind, now: Date): Promise<void> {
  await db
    .insert(telegramContactKinds)
    .values({ username, kind, checkedAt: now })
    .onConflictDoUpdate({ target: telegramContactKinds.username, set: { kind, checkedAt: now } });
}

/**
 * Finds out and stores what `username` (lower case) is, unless it was asked within a month. A bot is
 * known by its name; the rest needs `api` (null while Telegram is off: left unknown). The kind, or null.
 */
export async function checkContactKind(db: Database, api: Api | null, username: string, now: Date): Promise<TelegramContactKind | null> {
  if (!/^[a-z0-9_]{5,32}$/.test(username)) return null;
  const [known] = await db.select().from(telegramContactKinds).where(eq(telegramContactKinds.username, username)).limit(1);
  if (known && now.getTime() - known.checkedAt.getTime() < CONTACT_KIND_MAX_AGE_MS) return known.kind;
  const kind = isBotUsername(username) ? 'bot' : api ? await askContactKind(api, username) : null;
  if (kind) await store(db, username, kind, now);
  if (kind && kind !== known?.kind) await contactKindChanged(db, username);
  return kind;
}

/**
 * Up to `limit` usernames of waiting or public listings whose kind is not known, or was asked more
 * than a month ago (one query: the listings left-joined to the kinds by their primary key).
 */
export async function unknownContacts(db: Database, now: Date, limit = SWEEP_BATCH): Promise<string[]> {
  const stale = new Date(now.getTime() - CONTACT_KIND_MAX_AGE_MS);
  const rows = await db
    .selectDistinct({ username: sql<string>`${contactUsernameSql}` })
    .from(listings)
    .leftJoin(telegramContactKinds, eq(telegramContactKinds.username, contactUsernameSql))
    .where(
      and(
        inArray(listings.status, ['pending', 'verified']),
        sql`${contactUsernameSql} is not null`,
        or(isNull(telegramContactKinds.username), lt(telegramContactKinds.checkedAt, stale)),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.username);
}

/**
 * The periodic sweep: asks about the contacts nobody queued (listings from before this job, a job
 * that gave up) and the month-old answers, a few at a time. How many were asked.
 */
export async function sweepContactKinds(db: Database, api: Api | null, now: Date, limit = SWEEP_BATCH): Promise<number> {
  // Without the bot nothing can be asked (a bot is told by its name where it is shown).
  if (!api) return 0;
  let asked = 0;
  for (const username of await unknownContacts(db, now, limit)) {
    try {
      await checkContactKind(db, api, username, now);
      asked++;
    } catch (error) {
      // Telegram is unreachable or busy: the next sweep tries again.
      log.error(`[telegram] contact @${username} not checked: ${(error as Error).message}`);
      break;
    }
  }
  return asked;
}
