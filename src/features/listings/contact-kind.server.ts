/**
 * What a listing's Telegram contact is, as the listing queries read it (one primary-key lookup a
 * row, in `cardColumns`), and the news that a contact needs a look: the telegram feature asks
 * Telegram in the background (features/telegram/contact-kinds.server.ts) and stores the answer in
 * `telegram_contact_kinds`. Never during a page request.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, telegramContactKinds, type TelegramContactKind } from '#db/schema.ts';
import { pagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { telegramUsername } from './contact-links.ts';
import { listingTag } from './listing-page-tags.ts';

/** The job the telegram feature registers: one username to ask Telegram about. */
export const CONTACT_KIND_JOB = 'telegram-contact-kind';

export interface ContactKindCheck {
  username: string;
}

/**
 * The lower-case username of `listings.contact_telegram` (`https://t.me/{name}`, as normalizeTelegram
 * stores it), or null: the SQL twin of telegramUsername.
 */
export const contactUsernameSql = sql<
  string | null
>`lower(substring(${listings.contactTelegram} from '^https://t\\.me/([A-Za-z0-9_]{5,32})$'))`;

/** The stored kind of the listing's Telegram contact, or null while it is not known. */
export const contactKindColumn = sql<TelegramContactKind | null>`(select ${telegramContactKinds.kind} from ${telegramContactKinds} where ${telegramContactKinds.username} = ${contactUsernameSql})`;

/**
 * Queues a look at the Telegram contact `link` (a new listing, an edit that sets one); nothing for a
 * link that names no username. One queued job per username (the job skips one asked lately).
 */
export async function queueContactCheck(db: Database, link: string | null | undefined): Promise<void> {
  const username = telegramUsername(link);
  if (!username) return;
  const payload: ContactKindCheck = { username };
  await enqueue(db, CONTACT_KIND_JOB, payload, { key: username });
}

/** The stored kind of the Telegram contact `link` (one primary-key lookup), or null while not known. */
export async function storedContactKind(db: Database, link: string | null | undefined): Promise<TelegramContactKind | null> {
  const username = telegramUsername(link);
  if (!username) return null;
  const [row] = await db
    .select({ kind: telegramContactKinds.kind })
    .from(telegramContactKinds)
    .where(eq(telegramContactKinds.username, username))
    .limit(1);
  return row?.kind ?? null;
}

/**
 * The kind of `username` changed: the pages showing a listing with that contact (its own, the lists
 * with its card) word its button anew. The listing reads describe the kind with the listing
 * (LISTING_READ_TABLES), so no other page is dropped.
 */
export async function contactKindChanged(db: Database, username: string): Promise<void> {
  const rows = await db.select({ id: listings.id }).from(listings).where(eq(contactUsernameSql, username));
  pagesChanged(...rows.map((row) => listingTag(row.id)));
}
