/**
 * The Telegram channel of account notices (decision 27), given to the notification service at
 * import: a notice goes to the account's linked chat as an HTML message through the same throttled
 * sender as the alerts (so Telegram's limits hold), its action buttons made opaque and bound to the
 * chat, and a last button "Stop these notices" that turns that kind off in Telegram. A chat that
 * blocked the bot is marked and the notice falls back to email; any other failure throws, and the
 * `notice` job runs again. Also the answers to the two buttons: Stop, and the renewal reminder's
 * Renew, which spends the same single-use link as the email.
 */
import { eq } from 'drizzle-orm';
import { InlineKeyboard } from 'grammy';
import type { Database } from '#db/client.ts';
import { telegramChats } from '#db/schema.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { formatDate } from '#platform/i18n/format.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { isNoticeKind, noticeKindLabel, type NoticeKind, type TelegramNotice } from '#features/accounts/notices/notices.ts';
import { registerTelegramChannel, type TelegramOutcome } from '#features/accounts/notices/notify.server.ts';
import { stopTelegramNotices } from '#features/accounts/notices/preferences.server.ts';
import { RENEW_ACTION } from '#features/accounts/notices/listing-notices.server.ts';
import { refusalText, renewWithTokenHash } from '#features/listings/renewals/renewals.server.ts';
import { chatBlockedBot } from './alerts.server.ts';
import { isBlockedByUser } from './bot.server.ts';
import { addButton, onButton } from './buttons.server.ts';
import { linkedAccountOf } from './linked-account.server.ts';
import { senderFor } from './sender.server.ts';

/** The action of every notice's last button: its item is the notice's kind. */
export const STOP_ACTION = 'notice-stop';

async function chatLocale(db: Database, chatId: number) {
  const [chat] = await db.select({ locale: telegramChats.locale }).from(telegramChats).where(eq(telegramChats.chatId, chatId));
  return chat?.locale ?? 'en';
}

/** The notice's buttons, row by row (action buttons through the button table), then Stop. */
async function keyboardOf(db: Database, chatId: number, kind: NoticeKind, message: TelegramNotice): Promise<InlineKeyboard> {
  const keyboard = new InlineKeyboard();
  for (const row of message.buttons ?? []) {
    for (const button of row) {
      if ('url' in button) keyboard.url(button.text, button.url);
      else await addButton(keyboard, db, chatId, button.text, button.action, button.item);
    }
    keyboard.row();
  }
  const locale = await chatLocale(db, chatId);
  return addButton(keyboard, db, chatId, m.notice_button_stop({}, { locale }), STOP_ACTION, kind);
}

/** Sends one notice to a linked chat: 'sent', 'blocked' (marked), or 'unreachable' while Telegram is off. */
export async function sendNotice(db: Database, chatId: number, kind: NoticeKind, message: TelegramNotice): Promise<TelegramOutcome> {
  const sender = senderFor(db);
  if (!sender) return 'unreachable';
  const reply_markup = await keyboardOf(db, chatId, kind, message);
  try {
    await sender.api.sendMessage(chatId, message.text, { parse_mode: 'HTML', reply_markup, link_preview_options: { is_disabled: true } });
    return 'sent';
  } catch (error) {
    if (!isBlockedByUser(error)) throw error;
    await chatBlockedBot(db, chatId, requestClock());
    return 'blocked';
  }
}

registerTelegramChannel(sendNotice);

// "Stop these notices": this kind no longer comes to Telegram (its email stays as it was).
onButton(STOP_ACTION, async (ctx, button) => {
  const linked = ctx.from && isNoticeKind(button.item) ? await linkedAccountOf(ctx.db, ctx.from.id) : null;
  if (!linked || !isNoticeKind(button.item)) {
    await ctx.answerCallbackQuery({ text: m.notice_stop_not_linked() });
    return;
  }
  await stopTelegramNotices(ctx.db, linked.user.id, button.item);
  await ctx.answerCallbackQuery();
  await ctx.reply(m.notice_stopped({ kind: noticeKindLabel(button.item), url: `${ctx.siteUrl}${localHref('/profile', ctx.locale)}` }));
});

// The renewal reminder's Renew: the emailed link's renewal, once (a second press, or the email's
// link afterwards, is "already used"); only the chat it was sent to can press it.
onButton(RENEW_ACTION, async (ctx, button) => {
  const renewed = await renewWithTokenHash(ctx.db, button.item, ctx.now());
  await ctx.answerCallbackQuery();
  if (!renewed.ok) {
    await ctx.reply(refusalText(renewed.reason));
    return;
  }
  const { productName, endsAt } = renewed.value;
  await ctx.reply(endsAt ? m.renewals_done({ name: productName, date: formatDate(endsAt) }) : m.renewals_done_notice());
});
