/**
 * Inline buttons with opaque callback data (decision 27): `b:` and 22 random characters. What the
 * button does (an action and its item: a listing id, a token) stays in `telegram_buttons`, bound
 * to the one chat it was sent to; a press is answered only from that chat, so data copied from
 * another chat, guessed, or replayed after the row is spent does nothing. Features of the bot add
 * their actions with `onButton`; one dispatcher (`buttonPresses`, installed before the commands)
 * finds the row and calls the action's handler.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { Composer, type InlineKeyboard } from 'grammy';
import type { Database } from '#db/client.ts';
import { telegramButtons } from '#db/schema.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from './bot.server.ts';

const DATA = /^b:([\w-]{22})$/;

/** How long a button is kept: longer than any message a person may still press (a renewal, a review). */
export const BUTTON_MEMORY_MS = 60 * 86_400_000;

export interface PressedButton {
  token: string;
  action: string;
  item: string;
  usedAt: Date | null;
}

type ButtonHandler = (ctx: SeferContext, button: PressedButton) => Promise<void>;
const handlers = new Map<string, ButtonHandler>();

/** Registers what a press of an `action` button does (one handler an action). */
export function onButton(action: string, handler: ButtonHandler): void {
  if (handlers.has(action)) throw new Error(`telegram button action ${action} registered twice`);
  handlers.set(action, handler);
}

/** The callback data of a new button for `chatId` doing `action` on `item`. */
export async function buttonData(db: Database, chatId: number, action: string, item: string | number): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await db.insert(telegramButtons).values({ token, chatId, action, item: String(item) });
  return `b:${token}`;
}

/** Adds an action button to a keyboard (awaited: its row is written first). */
export async function addButton(
  keyboard: InlineKeyboard,
  db: Database,
  chatId: number,
  text: string,
  action: string,
  item: string | number,
): Promise<InlineKeyboard> {
  return keyboard.text(text, await buttonData(db, chatId, action, item));
}

/**
 * Spends a single-use button: true for the first caller only (two presses at once, or a press of
 * a button already used, get false).
 */
export async function spendButton(db: Database, token: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(telegramButtons)
    .set({ usedAt: now })
    .where(and(eq(telegramButtons.token, token), isNull(telegramButtons.usedAt)))
    .returning({ token: telegramButtons.token });
  return spent.length > 0;
}

/** Forgets buttons older than {@link BUTTON_MEMORY_MS} (a press of one says the button expired). */
export async function forgetOldButtons(db: Database, now: Date): Promise<void> {
  await db.delete(telegramButtons).where(lt(telegramButtons.createdAt, new Date(now.getTime() - BUTTON_MEMORY_MS)));
}

/** Answers every `b:` press: the row of this chat and token, then its action's handler. */
export const buttonPresses = new Composer<SeferContext>();
buttonPresses.chatType('private').callbackQuery(DATA, async (ctx) => {
  const token = ctx.match[1]!;
  const [row] = await ctx.db
    .select({ action: telegramButtons.action, item: telegramButtons.item, usedAt: telegramButtons.usedAt })
    .from(telegramButtons)
    .where(and(eq(telegramButtons.token, token), eq(telegramButtons.chatId, ctx.chat.id)));
  const handler = row ? handlers.get(row.action) : undefined;
  if (!row || !handler) {
    await ctx.answerCallbackQuery({ text: m.tg_expired_button() });
    return;
  }
  await handler(ctx as SeferContext, { token, ...row });
});
