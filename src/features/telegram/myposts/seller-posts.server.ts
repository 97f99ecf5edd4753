/**
 * A seller's deals in the bot: `/myposts` (and the menu's button) lists the linked account's deals,
 * newest first, {@link DEALS_PER_PAGE} a page (one message each) with a "More" button, each with
 * its status, 7-day views and Telegram taps, and the buttons it offers: Renew, End now (after
 * "Are you sure?"), Promote (a plan, then the payment provider's hosted page) and Edit on the web.
 *
 * Every action button is opaque and bound to this chat (buttons.server.ts); each press asks again
 * who the pressing chat acts for: a linked account, not banned, allowed to edit the deal (the
 * listings policy). The bot's writes do not pass the page steps, so each one that changes what a
 * page shows empties the page cache itself, as a web write does.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { endListingNow, type EndRefusal } from '#features/listings/end-listing.server.ts';
import { isLive } from '#features/listings/end-listing.ts';
import { mayEditListing } from '#features/listings/policy.ts';
import { refusalText, renewOwnListing } from '#features/listings/renewals/renewals.server.ts';
import { checkoutButtonLabel, paymentProvider, startCheckout } from '#features/payments/payments.server.ts';
import { listPromotionPlans } from '#features/promotions/promotions.server.ts';
import { formatBirr, formatDate } from '#platform/i18n/format.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { pageCache } from '#platform/http/middleware/page-store.server.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from '../bot.server.ts';
import { addButton, onButton, spendButton } from '../buttons.server.ts';
import { linkedAccountOf } from '../linked-account.server.ts';
import { sellerDeal, sellerDealsPage } from './seller-deals.server.ts';
import { DEALS_PER_PAGE, dealActions, dealText, editUrl, isPublicDeal, type SellerDeal } from './seller-deals.ts';

/** The button actions of /myposts (each item is a listing id, a page, or a listing and a plan's days). */
const MORE = 'mine-more';
const RENEW = 'mine-renew';
const END = 'mine-end';
const END_YES = 'mine-end-yes';
const END_NO = 'mine-end-no';
const PROMOTE = 'mine-promote';
const PLAN = 'mine-plan';

const chatIdOf = (ctx: SeferContext): number => ctx.chat!.id;

/** The account this chat acts for, or null after telling why not (a link to sign in, or banned). */
async function sellerOfChat(ctx: SeferContext): Promise<SessionUser | null> {
  const linked = ctx.from ? await linkedAccountOf(ctx.db, ctx.from.id) : null;
  if (!linked) {
    await ctx.reply(m.tgmine_not_linked(), {
      reply_markup: new InlineKeyboard().url(m.tgmine_link_button(), `${ctx.siteUrl}${localHref('/profile', ctx.locale)}`),
    });
    return null;
  }
  if (linked.banned) {
    await ctx.reply(m.tgmine_banned());
    return null;
  }
  return linked.user;
}

/** One deal's message with the buttons it offers now. */
async function sendDeal(ctx: SeferContext, deal: SellerDeal & { views7: number; telegram7: number }): Promise<void> {
  const now = ctx.now();
  const actions = dealActions(deal, now);
  const keyboard = new InlineKeyboard();
  const chatId = chatIdOf(ctx);
  if (actions.renew) await addButton(keyboard, ctx.db, chatId, m.tgmine_renew(), RENEW, deal.id);
  if (actions.end) await addButton(keyboard, ctx.db, chatId, m.tgmine_end(), END, deal.id);
  if (actions.promote) await addButton(keyboard, ctx.db, chatId, m.tgmine_promote(), PROMOTE, deal.id);
  if (actions.renew || actions.end || actions.promote) keyboard.row();
  keyboard.url(m.tgmine_edit(), editUrl(ctx.siteUrl, deal.id, ctx.locale));
  await ctx.reply(dealText(deal, deal, now), { parse_mode: 'HTML', reply_markup: keyboard });
}

/** Page `page` of the seller's deals, then "More" when another page follows. */
async function showDeals(ctx: SeferContext, page: number): Promise<void> {
  const seller = await sellerOfChat(ctx);
  if (!seller) return;
  const deals = await sellerDealsPage(ctx.db, seller.id, page, ctx.now());
  if (deals.items.length === 0) {
    await ctx.reply(m.tgmine_none());
    return;
  }
  for (const deal of deals.items) await sendDeal(ctx, deal);
  if (!deals.hasMore) return;
  const from = (page - 1) * DEALS_PER_PAGE + 1;
  const keyboard = await addButton(new InlineKeyboard(), ctx.db, chatIdOf(ctx), m.tgmine_more(), MORE, page + 1);
  await ctx.reply(m.tgmine_more_prompt({ from, to: from + deals.items.length - 1 }), { reply_markup: keyboard });
}

/** A press refused: said on the button's answer (nothing else happens). */
async function refuse(ctx: SeferContext, text: string): Promise<null> {
  await ctx.answerCallbackQuery({ text, show_alert: true });
  return null;
}

/**
 * Who acts on which deal for a press of one of this chat's buttons: the account linked to the
 * pressing person, not banned, allowed by the listings policy to edit the deal. Null after the
 * press was answered with why not.
 */
async function actingOn(ctx: SeferContext, item: string): Promise<{ user: SessionUser; deal: SellerDeal } | null> {
  const linked = ctx.from ? await linkedAccountOf(ctx.db, ctx.from.id) : null;
  if (!linked) return refuse(ctx, m.tgmine_not_linked_short());
  if (linked.banned) return refuse(ctx, m.tgmine_banned());
  const deal = /^\d{1,9}$/.test(item) ? await sellerDeal(ctx.db, Number(item)) : null;
  if (!deal) return refuse(ctx, m.tgmine_missing());
  if (!mayEditListing(linked.user, deal)) return refuse(ctx, m.tgmine_not_yours());
  return { user: linked.user, deal };
}

const endRefusalText = (reason: EndRefusal): string =>
  reason === 'missing' ? m.tgmine_missing() : reason === 'not-yours' ? m.tgmine_not_yours() : m.tgmine_not_live();

export const sellerPosts = new Composer<SeferContext>();
const chat = sellerPosts.chatType('private');

chat.command('myposts', (ctx) => showDeals(ctx, 1));
chat.callbackQuery('menu:myposts', async (ctx) => {
  await ctx.answerCallbackQuery();
  await showDeals(ctx, 1);
});

onButton(MORE, async (ctx, button) => {
  await ctx.answerCallbackQuery();
  const page = /^\d{1,6}$/.test(button.item) ? Number(button.item) : 1;
  await showDeals(ctx, Math.max(1, page));
});

onButton(RENEW, async (ctx, button) => {
  const acting = await actingOn(ctx, button.item);
  if (!acting) return;
  await ctx.answerCallbackQuery();
  const { user, deal } = acting;
  const renewed = await pageCache().write(
    () => renewOwnListing(ctx.db, user.id, deal.id, ctx.now()),
    (outcome) => outcome.ok,
  );
  if (!renewed.ok) {
    await ctx.reply(refusalText(renewed.reason));
    return;
  }
  const { productName, endsAt } = renewed.value;
  await ctx.reply(endsAt ? m.tgmine_renewed({ name: productName, date: formatDate(endsAt) }) : refusalText('not-renewable'));
});

onButton(END, async (ctx, button) => {
  const acting = await actingOn(ctx, button.item);
  if (!acting) return;
  const { deal } = acting;
  if (!isLive({ public: isPublicDeal(deal), discount: deal.discount, endsAt: deal.endsAt }, ctx.now())) {
    await refuse(ctx, m.tgmine_not_live());
    return;
  }
  await ctx.answerCallbackQuery();
  const keyboard = new InlineKeyboard();
  await addButton(keyboard, ctx.db, chatIdOf(ctx), m.tgmine_end_yes(), END_YES, deal.id);
  await addButton(keyboard, ctx.db, chatIdOf(ctx), m.tgmine_end_no(), END_NO, deal.id);
  await ctx.reply(m.tgmine_end_confirm({ name: deal.productName }), { reply_markup: keyboard });
});

onButton(END_YES, async (ctx, button) => {
  const acting = await actingOn(ctx, button.item);
  if (!acting) return;
  // One answer a confirmation: a second press (or a replay) ends nothing twice.
  if (!(await spendButton(ctx.db, button.token, ctx.now()))) {
    await refuse(ctx, m.tgmine_used());
    return;
  }
  await ctx.answerCallbackQuery();
  const { user, deal } = acting;
  const ended = await pageCache().write(
    () => endListingNow(ctx.db, user, deal.id, ctx.now()),
    (outcome) => outcome.ok,
  );
  await ctx.reply(ended.ok ? m.tgmine_ended({ name: deal.productName }) : endRefusalText(ended.reason));
});

onButton(END_NO, async (ctx) => {
  await ctx.answerCallbackQuery({ text: m.tgmine_kept() });
});

onButton(PROMOTE, async (ctx, button) => {
  const acting = await actingOn(ctx, button.item);
  if (!acting) return;
  const plans = await listPromotionPlans(ctx.db);
  if (plans.length === 0) {
    await refuse(ctx, m.tgmine_promote_none());
    return;
  }
  await ctx.answerCallbackQuery();
  const { deal } = acting;
  const keyboard = new InlineKeyboard();
  for (const plan of plans) {
    const label = m.promotion_plan_option({ days: plan.days, price: formatBirr(plan.priceBirr) });
    await addButton(keyboard, ctx.db, chatIdOf(ctx), label, PLAN, `${deal.id}:${plan.days}`);
    keyboard.row();
  }
  await ctx.reply(m.tgmine_promote_choose({ name: deal.productName }), { reply_markup: keyboard });
});

onButton(PLAN, async (ctx, button) => {
  const [, listingId = '', days = ''] = /^(\d{1,9}):(\d{1,3})$/.exec(button.item) ?? [];
  const acting = await actingOn(ctx, listingId);
  if (!acting) return;
  await ctx.answerCallbackQuery();
  const { user, deal } = acting;
  // The checkout the web's Promote form starts: priced by the server for the owner's own deal.
  const request = { promotion: { listingId: deal.id, days: Number(days) } };
  const started = await startCheckout(ctx.db, user, request, await paymentProvider(), ctx.now());
  if (!started.ok) {
    await ctx.reply(started.error);
    return;
  }
  const plan = (await listPromotionPlans(ctx.db)).find((p) => p.days === Number(days));
  const price = plan ? formatBirr(plan.priceBirr) : '';
  await ctx.reply(m.tgmine_promote_pay({ price, days, name: deal.productName }), {
    // The built-in test checkout answers a path of this site; Chapa and Stripe their own page.
    reply_markup: new InlineKeyboard().url(checkoutButtonLabel(), new URL(started.value.url, ctx.siteUrl).href),
  });
});
