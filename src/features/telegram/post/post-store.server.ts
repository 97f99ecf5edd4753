/**
 * The drafts of deals being posted from the bot (`telegram_drafts`, one per chat): read, written,
 * forgotten 24 hours after their last change. Everything is in the database, so a restarted bot
 * (or another process) goes on with the same draft.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { telegramDrafts } from '#db/schema.ts';
import {
  DRAFT_TTL_MS,
  isPostStep,
  MAX_POST_PHOTOS,
  readDraft,
  SUBMITTING,
  type DraftFile,
  type PostDraft,
  type PostStep,
} from './post-draft.ts';

export interface OpenDraft {
  step: PostStep;
  draft: PostDraft;
}

const expiry = (now: Date) => new Date(now.getTime() + DRAFT_TTL_MS);

/** The chat's draft and the question it is at, unless there is none or it expired (then it goes). */
export async function openDraft(db: Database, chatId: number, now: Date): Promise<OpenDraft | null> {
  const [row] = await db
    .select({ step: telegramDrafts.step, data: telegramDrafts.data, expiresAt: telegramDrafts.expiresAt })
    .from(telegramDrafts)
    .where(eq(telegramDrafts.chatId, chatId));
  if (!row) return null;
  if (row.expiresAt <= now) {
    await db.delete(telegramDrafts).where(and(eq(telegramDrafts.chatId, chatId), lte(telegramDrafts.expiresAt, now)));
    return null;
  }
  // A draft being submitted answers nothing (a second Submit, an answer meanwhile).
  if (!isPostStep(row.step)) return null;
  return { step: row.step, draft: readDraft(row.data) };
}

/** Writes the chat's draft at `step` (a new one, or over the old); it lives 24 hours from now. */
export async function saveDraft(db: Database, chatId: number, step: PostStep, draft: PostDraft, now: Date): Promise<void> {
  const values = { step, data: draft, expiresAt: expiry(now), updatedAt: now };
  await db
    .insert(telegramDrafts)
    .values({ chatId, ...values })
    .onConflictDoUpdate({ target: telegramDrafts.chatId, set: values });
}

/** Forgets the chat's draft; true when there was one. */
export async function deleteDraft(db: Database, chatId: number): Promise<boolean> {
  const gone = await db.delete(telegramDrafts).where(eq(telegramDrafts.chatId, chatId)).returning({ chatId: telegramDrafts.chatId });
  return gone.length > 0;
}

/**
 * Adds a checked photo to the chat's draft while it is at the photos question and has room, in one
 * statement (photos of an album arrive as updates at once); the number of photos, or null when it
 * is full or no longer asking for photos.
 */
export async function addDraftPhoto(db: Database, chatId: number, photo: DraftFile, now: Date): Promise<number | null> {
  const photos = sql`coalesce(${telegramDrafts.data} -> 'photos', '[]'::jsonb)`;
  const [row] = await db
    .update(telegramDrafts)
    .set({
      data: sql`jsonb_set(${telegramDrafts.data}, '{photos}', ${photos} || ${JSON.stringify([photo])}::jsonb)`,
      expiresAt: expiry(now),
      updatedAt: now,
    })
    .where(
      and(
        eq(telegramDrafts.chatId, chatId),
        eq(telegramDrafts.step, 'photos'),
        gt(telegramDrafts.expiresAt, now),
        sql`jsonb_array_length(${photos}) < ${MAX_POST_PHOTOS}`,
      ),
    )
    .returning({ data: telegramDrafts.data });
  return row ? readDraft(row.data).photos.length : null;
}

/** Takes the draft at its summary for Submit (only one Submit gets it); null when not at the summary. */
export async function claimDraft(db: Database, chatId: number, now: Date): Promise<PostDraft | null> {
  const [row] = await db
    .update(telegramDrafts)
    .set({ step: SUBMITTING, updatedAt: now })
    .where(and(eq(telegramDrafts.chatId, chatId), eq(telegramDrafts.step, 'summary'), gt(telegramDrafts.expiresAt, now)))
    .returning({ data: telegramDrafts.data });
  return row ? readDraft(row.data) : null;
}

/** Puts a claimed draft back at `step` (a Submit that could not finish). */
export async function releaseDraft(db: Database, chatId: number, step: PostStep, now: Date): Promise<void> {
  await db
    .update(telegramDrafts)
    .set({ step, expiresAt: expiry(now), updatedAt: now })
    .where(and(eq(telegramDrafts.chatId, chatId), eq(telegramDrafts.step, SUBMITTING)));
}

/** Forgets the drafts nobody touched for 24 hours (the `forget-telegram-drafts` schedule). */
export async function forgetExpiredDrafts(db: Database, now: Date): Promise<number> {
  const gone = await db.delete(telegramDrafts).where(lte(telegramDrafts.expiresAt, now)).returning({ chatId: telegramDrafts.chatId });
  return gone.length;
}
