/**
 * The notice choices an account keeps in `notice_preferences` (a row per kind it chose; no row is
 * the default): read and saved by /profile, and one kind's Telegram turned off by the "Stop these
 * notices" button under every Telegram notice.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { noticePreferences } from '#db/schema.ts';
import { NOTICE_KINDS, type Channels, type NoticeKind, type Reach } from './notices.ts';
import { choicesWithin, storedChoice, type NoticeChoices, type NoticeChoicesPost } from './notice-preferences.ts';
import { reachOf, recipientOf } from './notify.server.ts';

/** How the account can be reached (nothing for an unknown account). */
export async function reachOfAccount(db: Database, userId: string): Promise<Reach> {
  const recipient = await recipientOf(db, userId);
  return recipient ? reachOf(recipient) : { telegram: false, email: false };
}

async function storedChoices(db: Database, userId: string): Promise<Partial<Record<NoticeKind, Channels>>> {
  const rows = await db
    .select({ kind: noticePreferences.kind, telegram: noticePreferences.telegram, email: noticePreferences.email })
    .from(noticePreferences)
    .where(eq(noticePreferences.userId, userId));
  return Object.fromEntries(rows.map(({ kind, ...channels }) => [kind, channels]));
}

/** What reaches the account, and where each kind goes now. */
export async function noticeChoicesOf(db: Database, userId: string): Promise<{ reach: Reach; choices: NoticeChoices }> {
  const [reach, stored] = await Promise.all([reachOfAccount(db, userId), storedChoices(db, userId)]);
  return { reach, choices: choicesWithin(reach, stored) };
}

const upsert = (db: Database, rows: { userId: string; kind: NoticeKind; telegram: boolean; email: boolean }[]) =>
  db
    .insert(noticePreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [noticePreferences.userId, noticePreferences.kind],
      set: { telegram: sql`excluded.telegram`, email: sql`excluded.email`, updatedAt: new Date() },
    });

/** Saves the /profile form: every kind's boxes for the channels it showed, the rest kept. */
export async function saveNoticeChoices(db: Database, userId: string, post: NoticeChoicesPost): Promise<void> {
  const [reach, stored] = await Promise.all([reachOfAccount(db, userId), storedChoices(db, userId)]);
  await upsert(
    db,
    NOTICE_KINDS.map((kind) => ({ userId, kind, ...storedChoice(post, reach, kind, stored[kind]) })),
  );
}

/**
 * "Stop these notices": no more of `kind` in Telegram; its email stays as chosen, or "wanted" when
 * never chosen (the default: email whenever the account has a confirmed address).
 */
export async function stopTelegramNotices(db: Database, userId: string, kind: NoticeKind): Promise<void> {
  await db
    .insert(noticePreferences)
    .values({ userId, kind, telegram: false, email: true })
    .onConflictDoUpdate({ target: [noticePreferences.userId, noticePreferences.kind], set: { telegram: false, updatedAt: new Date() } });
}
