/**
 * The bot's side of "Continue with Telegram": `/start login-<nonce>` (what t.me/<bot>?start=…
 * sends) asks the person to confirm, in the chat's language; Confirm answers with the one-time
 * link back to the site (in the chat's language), Cancel ends the request. Installed before the
 * other commands; every other update goes on to them.
 */
import { Composer, InlineKeyboard } from 'grammy';
import { localHref } from '#platform/i18n/locales.ts';
import { LOGIN_START_PREFIX } from '#features/accounts/telegram-login/telegram-login.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from './bot.server.ts';
import {
  cancelTelegramLogin,
  confirmTelegramLogin,
  LOGIN_LINK_MINUTES,
  pendingTelegramLogin,
} from '#features/accounts/telegram-login/login.server.ts';

export const telegramLogin = new Composer<SeferContext>();
const chat = telegramLogin.chatType('private');

/** The Telegram name of the person, as the bot greets them. */
const nameOf = (from: { first_name: string; last_name?: string | undefined }) =>
  [from.first_name, from.last_name].filter(Boolean).join(' ');

chat.command('start', async (ctx, next) => {
  const payload = ctx.match.trim();
  if (!payload.startsWith(LOGIN_START_PREFIX)) return next();
  const nonce = payload.slice(LOGIN_START_PREFIX.length);
  const pending = await pendingTelegramLogin(ctx.db, nonce, ctx.from.id, ctx.now());
  if (!pending.ok) {
    await ctx.reply(pending.error);
    return;
  }
  const { purpose, accountName } = pending.value;
  const question =
    purpose === 'link'
      ? [m.tglogin_bot_ask_link({ name: accountName ?? '' })]
      : [m.tglogin_bot_ask_sign_in({ name: accountName ?? nameOf(ctx.from) }), ...(accountName ? [] : [m.tglogin_bot_new_account()])];
  // Callback data: `login:ok:` and the 32-character nonce, within Telegram's 64 bytes.
  await ctx.reply([...question, '', m.tglogin_bot_warning()].join('\n'), {
    reply_markup: new InlineKeyboard().text(m.tglogin_bot_confirm(), `login:ok:${nonce}`).text(m.tglogin_bot_cancel(), `login:no:${nonce}`),
  });
});

chat.callbackQuery(/^login:(ok|no):([\w-]{1,54})$/, async (ctx) => {
  const [, action, nonce = ''] = ctx.match;
  await ctx.answerCallbackQuery();
  // The question is answered: its buttons go (an old message keeps none to press again).
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  if (action === 'no') {
    await cancelTelegramLogin(ctx.db, nonce);
    await ctx.reply(m.tglogin_bot_cancelled());
    return;
  }
  const confirmed = await confirmTelegramLogin(ctx.db, nonce, ctx.from, ctx.now());
  if (!confirmed.ok) {
    await ctx.reply(confirmed.error);
    return;
  }
  const url = `${ctx.siteUrl}${localHref('/telegram/login', ctx.locale)}?token=${confirmed.value.token}`;
  // The link is in the text too, to copy into the browser that started when Telegram opens another.
  await ctx.reply(m.tglogin_bot_link_ready({ minutes: LOGIN_LINK_MINUTES, url }), {
    reply_markup: new InlineKeyboard().url(m.tglogin_bot_open(), url),
    link_preview_options: { is_disabled: true },
  });
});
