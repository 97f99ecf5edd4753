/**
 * Who moderates from Telegram, and the messages they were sent. An admin's chat is the Telegram
 * account linked to an account whose email is an admin's (ADMIN_EMAILS), not banned, whose chat
 * has not blocked the bot. Each message sent is kept (`telegram_review_messages`) so that a
 * decision taken anywhere changes every copy and takes their buttons away.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { GrammyError, type Api } from 'grammy';
import type { Database } from '#db/client.ts';
import { accounts, telegramChats, telegramReviewMessages, users } from '#db/schema.ts';
import { isAdminEmail, type SessionUser } from '#features/accounts/auth.server.ts';
import { TELEGRAM_PROVIDER_ID } from '#features/accounts/telegram-login/telegram-login.ts';
import { config } from '#platform/config/config.server.ts';
import type { Locale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from '../bot.server.ts';
import { linkedAccountOf } from '../linked-account.server.ts';

export interface AdminChat {
  chatId: number;
  locale: Locale;
  userId: string;
}

/** Every admin's chat that can be sent a listing or a report to decide. */
export async function adminChats(db: Database): Promise<AdminChat[]> {
  const emails = config().adminEmails;
  if (emails.length === 0) return [];
  const rows = await db
    .select({ chatId: telegramChats.chatId, locale: telegramChats.locale, userId: users.id, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .innerJoin(telegramChats, sql`${telegramChats.chatId}::text = ${accounts.accountId}`)
    .where(
      and(
        eq(accounts.providerId, TELEGRAM_PROVIDER_ID),
        inArray(sql`lower(${users.email})`, emails),
        isNull(users.bannedAt),
        isNull(telegramChats.blockedAt),
      ),
    )
    .orderBy(telegramChats.chatId);
  return rows.filter((r) => isAdminEmail(r.email)).map(({ chatId, locale, userId }) => ({ chatId, locale, userId }));
}

/**
 * The admin acting from this chat, checked at every press: the account linked to the person who
 * pressed, an admin, not banned. Anyone else is told why and gets null.
 */
export async function moderatorOf(ctx: SeferContext): Promise<SessionUser | null> {
  const linked = ctx.from && ctx.chat?.id === ctx.from.id ? await linkedAccountOf(ctx.db, ctx.from.id) : null;
  const refusal = !linked || !linked.user.isAdmin ? m.tgadmin_not_admin() : linked.banned ? m.tgadmin_banned() : null;
  if (refusal) {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: refusal, show_alert: true });
    else await ctx.reply(refusal);
    return null;
  }
  return linked!.user;
}

export type ReviewKind = 'listing' | 'report';

export interface ReviewCopy {
  chatId: number;
  messageId: number;
}

export async function reviewCopies(db: Database, kind: ReviewKind, item: string): Promise<ReviewCopy[]> {
  return db
    .select({ chatId: telegramReviewMessages.chatId, messageId: telegramReviewMessages.messageId })
    .from(telegramReviewMessages)
    .where(and(eq(telegramReviewMessages.kind, kind), eq(telegramReviewMessages.item, item)));
}

/** Keeps the message an admin was sent (replacing an earlier one of the same item). */
export async function keepCopy(db: Database, kind: ReviewKind, item: string, copy: ReviewCopy): Promise<void> {
  await db
    .insert(telegramReviewMessages)
    .values({ kind, item, ...copy })
    .onConflictDoUpdate({
      target: [telegramReviewMessages.kind, telegramReviewMessages.item, telegramReviewMessages.chatId],
      set: { messageId: copy.messageId, createdAt: new Date() },
    });
}

export async function forgetCopies(db: Database, kind: ReviewKind, item: string, chatIds?: number[]): Promise<void> {
  await db
    .delete(telegramReviewMessages)
    .where(
      and(
        eq(telegramReviewMessages.kind, kind),
        eq(telegramReviewMessages.item, item),
        chatIds ? inArray(telegramReviewMessages.chatId, chatIds) : undefined,
      ),
    );
}

/** The language of each chat among `chatIds`. */
export async function chatLocales(db: Database, chatIds: number[]): Promise<Map<number, Locale>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .select({ chatId: telegramChats.chatId, locale: telegramChats.locale })
    .from(telegramChats)
    .where(inArray(telegramChats.chatId, chatIds));
  return new Map(rows.map((r) => [r.chatId, r.locale]));
}

/** Edits that cannot and need not be done again: the message is gone, unchanged, or the chat blocked the bot. */
function settled(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 403 || error.error_code === 400);
}

const NO_BUTTONS = { inline_keyboard: [] };

/**
 * Rewrites one copy (a photo's caption, or a text message) and takes its buttons away. A photo
 * without the caption Telegram expects falls back to a text edit.
 */
export async function rewriteCopy(api: Api, copy: ReviewCopy, html: string, photo: boolean): Promise<void> {
  const options = { parse_mode: 'HTML' as const, reply_markup: NO_BUTTONS };
  try {
    if (photo) await api.editMessageCaption(copy.chatId, copy.messageId, { caption: html, ...options });
    else await api.editMessageText(copy.chatId, copy.messageId, html, { ...options, link_preview_options: { is_disabled: true } });
  } catch (error) {
    if (photo && error instanceof GrammyError && error.error_code === 400 && /caption|text/i.test(error.description)) {
      return rewriteCopy(api, copy, html, false);
    }
    if (!settled(error)) throw error;
  }
}

/** The pressed message as a copy (it may be one the rows no longer hold). */
export function pressedCopy(ctx: SeferContext): (ReviewCopy & { photo: boolean }) | null {
  const message = ctx.callbackQuery?.message;
  if (!message) return null;
  return { chatId: message.chat.id, messageId: message.message_id, photo: 'photo' in message && Boolean(message.photo) };
}
