/**
 * What the bot says to people: /start and its menu, /deals, /alerts (categories, words, a place),
 * /mysubs, /stop and /language. Each answer is in the chat's language (bot.server.ts runs the
 * handlers in it); buttons carry short callback data (Telegram allows 64 bytes).
 */
import { and, asc, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { Composer, InlineKeyboard, Keyboard } from 'grammy';
import { accounts, listings, telegramChats, users } from '#db/schema.ts';
import { CATEGORIES, categoryByKey } from '#features/listings/categories.ts';
import { windowBounds, WAITING } from '#features/listings/discount.ts';
import { localHref, type Locale } from '#platform/i18n/locales.ts';
import { dealCaption, dealUrl, parseKeywords } from './telegram-texts.ts';
import { m } from '#paraglide/messages.js';
import { inLocale } from '#platform/i18n/locale.server.ts';
import {
  followKeywords,
  followPlace,
  stopAlerts,
  subscriptionsOf,
  toggleCategory,
  unfollowCategory,
  unfollowKeyword,
  unfollowPlace,
} from './alerts.server.ts';
import type { SeferContext } from './bot.server.ts';
import { dealColumns, sendDeal, type Sender } from './deliver.server.ts';

/** How many deals /deals shows. */
export const DEALS_SHOWN = 3;

/** The commands as Telegram lists them in its menu, in a language. */
export function botCommands(locale: Locale) {
  return inLocale(locale, () => [
    { command: 'start', description: m.tg_cmd_start() },
    { command: 'deals', description: m.tg_cmd_deals() },
    { command: 'post', description: m.tg_cmd_post() },
    { command: 'myposts', description: m.tg_cmd_myposts() },
    { command: 'alerts', description: m.tg_cmd_alerts() },
    { command: 'mysubs', description: m.tg_cmd_mysubs() },
    { command: 'stop', description: m.tg_cmd_stop() },
    { command: 'language', description: m.tg_cmd_language() },
  ]);
}

function senderOf(ctx: SeferContext): Sender {
  return { db: ctx.db, api: ctx.api, siteUrl: ctx.siteUrl, dataDir: ctx.dataDir, channelId: undefined };
}

function site(ctx: SeferContext, path: string): string {
  return `${ctx.siteUrl}${localHref(path, ctx.locale)}`;
}

/** The Sefer account this Telegram account is linked to (by sign-in with Telegram), if any. */
async function linkedAccount(ctx: SeferContext): Promise<{ name: string } | null> {
  if (!ctx.from) return null;
  const [row] = await ctx.db
    .select({ name: users.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.providerId, 'telegram'), eq(accounts.accountId, String(ctx.from.id))));
  return row ?? null;
}

async function start(ctx: SeferContext): Promise<void> {
  const linked = await linkedAccount(ctx);
  const menu = new InlineKeyboard()
    .text(m.tg_menu_deals(), 'menu:deals')
    .text(m.tg_menu_alerts(), 'menu:alerts')
    .row()
    .text(m.tg_menu_mysubs(), 'menu:mysubs')
    .text(m.tg_menu_language(), 'menu:language')
    .row()
    .text(m.tg_menu_post(), 'menu:post')
    .text(m.tg_menu_myposts(), 'menu:myposts')
    .row()
    .url(m.tg_menu_open_site(), site(ctx, '/'));
  if (!linked) menu.row().url(m.tg_menu_link(), site(ctx, '/profile'));
  const lines = [m.tg_welcome({ name: ctx.from?.first_name ?? '' })];
  if (linked) lines.push(m.tg_linked_as({ name: linked.name }));
  await ctx.reply(lines.join('\n\n'), { reply_markup: menu });
}

/** The best deals ending soon: the ending-soon window (an index range), biggest discount first. */
async function deals(ctx: SeferContext): Promise<void> {
  const now = ctx.now();
  const bounds = windowBounds('ending-soon', now);
  const rows = await ctx.db
    .select(dealColumns)
    .from(listings)
    .where(
      and(
        eq(listings.status, 'verified'),
        isNotNull(listings.endsAt),
        gt(listings.endsAt, bounds.endAfter),
        lte(listings.endsAt, bounds.endAtOrBefore),
        ne(listings.discount, WAITING),
      ),
    )
    .orderBy(sql`(${listings.discount})::int desc`, asc(listings.endsAt), asc(listings.id))
    .limit(DEALS_SHOWN);
  if (rows.length === 0) {
    await ctx.reply(m.tg_deals_none());
    return;
  }
  await ctx.reply(m.tg_deals_heading());
  for (const deal of rows) {
    await sendDeal(senderOf(ctx), ctx.chat!.id, deal, dealCaption(deal, now), {
      text: m.tg_view_deal(),
      url: dealUrl(ctx.siteUrl, deal, ctx.locale),
    });
  }
}

/** The categories as toggles (✅ when followed), two a row, then words and place. */
function alertsKeyboard(followed: string[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  CATEGORIES.forEach((category, index) => {
    const mark = followed.includes(category.key) ? '✅ ' : '';
    keyboard.text(`${mark}${category.icon} ${category.label}`, `cat:${category.key}`);
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard.row().text(m.tg_alerts_keyword_button(), 'alerts:word').row().text(m.tg_alerts_near_button(), 'alerts:near');
}

async function alerts(ctx: SeferContext): Promise<void> {
  const subscriptions = await subscriptionsOf(ctx.db, ctx.chat!.id);
  await ctx.reply(m.tg_alerts_intro(), { reply_markup: alertsKeyboard(subscriptions.categories) });
}

/** The chat's alerts, each a button that removes it. */
async function mySubscriptions(ctx: SeferContext): Promise<{ text: string; keyboard?: InlineKeyboard }> {
  const { categories, keywords, place } = await subscriptionsOf(ctx.db, ctx.chat!.id);
  if (categories.length + keywords.length === 0 && !place) return { text: m.tg_mysubs_none() };
  const keyboard = new InlineKeyboard();
  for (const key of categories) keyboard.text(m.tg_remove({ what: categoryByKey(key)?.label ?? key }), `rm:c:${key}`).row();
  for (const { id, keyword } of keywords) keyboard.text(m.tg_remove({ what: `“${keyword}”` }), `rm:k:${id}`).row();
  if (place) keyboard.text(m.tg_remove({ what: m.tg_mysubs_place() }), 'rm:p').row();
  return { text: m.tg_mysubs_heading(), keyboard };
}

async function mysubs(ctx: SeferContext): Promise<void> {
  const { text, keyboard } = await mySubscriptions(ctx);
  await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
}

async function stop(ctx: SeferContext): Promise<void> {
  await stopAlerts(ctx.db, ctx.chat!.id);
  await ctx.reply(m.tg_stop_done(), { reply_markup: { remove_keyboard: true } });
}

async function language(ctx: SeferContext): Promise<void> {
  await ctx.reply(m.tg_language_choose(), {
    reply_markup: new InlineKeyboard().text('English', 'lang:en').text('አማርኛ', 'lang:am'),
  });
}

async function setAwaiting(ctx: SeferContext, awaiting: string | null): Promise<void> {
  await ctx.db.update(telegramChats).set({ awaiting }).where(eq(telegramChats.chatId, ctx.chat!.id));
}

export const botCommandsComposer = new Composer<SeferContext>();
// Only private chats talk to the bot; the channel and groups are for posting.
const chat = botCommandsComposer.chatType('private');

chat.command('start', start);
chat.command('deals', deals);
chat.command('alerts', alerts);
chat.command('mysubs', mysubs);
chat.command('stop', stop);
chat.command('language', language);

chat.callbackQuery(/^menu:(deals|alerts|mysubs|language)$/, async (ctx) => {
  await ctx.answerCallbackQuery();
  const action = { deals, alerts, mysubs, language }[ctx.match[1] as 'deals' | 'alerts' | 'mysubs' | 'language'];
  await action(ctx);
});

chat.callbackQuery(/^cat:(\w+)$/, async (ctx) => {
  const category = categoryByKey(ctx.match[1]!);
  if (!category) return ctx.answerCallbackQuery({ text: m.tg_expired_button() });
  const followed = await toggleCategory(ctx.db, ctx.chat.id, category.key);
  await ctx.answerCallbackQuery({
    text: followed ? m.tg_category_followed({ category: category.label }) : m.tg_category_unfollowed({ category: category.label }),
  });
  const { categories } = await subscriptionsOf(ctx.db, ctx.chat.id);
  await ctx.editMessageReplyMarkup({ reply_markup: alertsKeyboard(categories) }).catch(() => undefined);
});

chat.callbackQuery('alerts:word', async (ctx) => {
  await ctx.answerCallbackQuery();
  await setAwaiting(ctx, 'keyword');
  await ctx.reply(m.tg_keyword_prompt(), { reply_markup: { force_reply: true } });
});

chat.callbackQuery('alerts:near', async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.reply(m.tg_location_prompt(), {
    reply_markup: new Keyboard().requestLocation(m.tg_location_button()).resized().oneTime(),
  });
});

chat.callbackQuery(/^rm:(c|k|p)(?::(.+))?$/, async (ctx) => {
  const [, kind, value = ''] = ctx.match;
  if (kind === 'c') await unfollowCategory(ctx.db, ctx.chat.id, value);
  if (kind === 'k' && /^\d{1,9}$/.test(value)) await unfollowKeyword(ctx.db, ctx.chat.id, Number(value));
  if (kind === 'p') await unfollowPlace(ctx.db, ctx.chat.id);
  await ctx.answerCallbackQuery({ text: m.tg_removed() });
  const { text, keyboard } = await mySubscriptions(ctx);
  await ctx.editMessageText(text, keyboard ? { reply_markup: keyboard } : {}).catch(() => undefined);
});

chat.callbackQuery(/^lang:(en|am)$/, async (ctx) => {
  const locale = ctx.match[1] as Locale;
  await ctx.db.update(telegramChats).set({ locale }).where(eq(telegramChats.chatId, ctx.chat.id));
  ctx.locale = locale;
  await ctx.answerCallbackQuery();
  await inLocale(locale, () => ctx.reply(m.tg_language_set()));
});

chat.on('message:location', async (ctx) => {
  const { latitude, longitude } = ctx.message.location;
  await followPlace(ctx.db, ctx.chat.id, latitude, longitude);
  await ctx.reply(m.tg_location_saved(), { reply_markup: { remove_keyboard: true } });
});

chat.on('message:text', async (ctx) => {
  const [row] = await ctx.db.select({ awaiting: telegramChats.awaiting }).from(telegramChats).where(eq(telegramChats.chatId, ctx.chat.id));
  if (row?.awaiting !== 'keyword' || ctx.message.text.startsWith('/')) {
    await ctx.reply(m.tg_unknown());
    return;
  }
  const parsed = parseKeywords(ctx.message.text);
  if (!parsed.ok) {
    await ctx.reply(parsed.error, { reply_markup: { force_reply: true } });
    return;
  }
  const followed = await followKeywords(ctx.db, ctx.chat.id, parsed.value);
  await setAwaiting(ctx, null);
  await ctx.reply(followed.ok ? m.tg_keyword_added({ words: followed.value.join(', ') }) : followed.error);
});

chat.callbackQuery(/.*/, (ctx) => ctx.answerCallbackQuery({ text: m.tg_expired_button() }));
