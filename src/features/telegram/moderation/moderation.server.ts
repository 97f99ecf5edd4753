/**
 * Moderating from the bot (decision 27): an admin's presses on a listing to verify (Verify, Reject
 * with a standard or typed reason) and on a reported item (Dismiss, Hide, Ban the author, after
 * "Are you sure?"). Each press is checked again where it lands: the button belongs to this chat
 * (buttons.server.ts), the person's linked account is an admin's and not banned, and the item is
 * still waiting in the version the admin saw. The decisions are the very calls /admin makes
 * (`reviewListing`, `decideReport`), which record who and when; every copy then shows the outcome.
 */
import { eq } from 'drizzle-orm';
import { Composer } from 'grammy';
import { telegramChats } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { recipientOf } from '#features/accounts/notices/notify.server.ts';
import { reviewSchema, type Review } from '#features/listings/listing-review.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { decideReport } from '#features/trust/report-review.server.ts';
import { DECISION_TEXT } from '#features/trust/reports.ts';
import { m } from '#paraglide/messages.js';
import type { SeferContext } from '../bot.server.ts';
import { onButton, spendButton, type PressedButton } from '../buttons.server.ts';
import type { Sender } from '../deliver.server.ts';
import { isRejectionReason, rejectionReasonText } from './rejection-reasons.ts';
import {
  decisionKeyboard,
  LISTING_ACTIONS,
  listingForReview,
  parseListingItem,
  reasonsKeyboard,
  showListingDecision,
  type ReviewedListing,
} from './listing-review.server.ts';
import { moderatorOf, pressedCopy } from './moderators.server.ts';
import {
  banKeyboard,
  hasOpenReports,
  parseItem,
  REPORT_ACTIONS,
  reportedItem,
  reportKeyboard,
  showReportDecision,
  type ItemRef,
} from './reported-items.server.ts';

const senderOf = (ctx: SeferContext): Sender => ({
  db: ctx.db,
  api: ctx.api,
  siteUrl: ctx.siteUrl,
  dataDir: ctx.dataDir,
  channelId: undefined,
});

/** A short answer: the toast of a press, or a message after a typed reason. */
async function tell(ctx: SeferContext, text: string): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text });
  else await ctx.reply(text);
}

const AWAITING_REASON = 'reject:';

async function setAwaiting(ctx: SeferContext, awaiting: string | null): Promise<void> {
  await ctx.db.update(telegramChats).set({ awaiting }).where(eq(telegramChats.chatId, ctx.chat!.id));
}

// ── Listings ───────────────────────────────────────────────────────────────────────────────────

/**
 * The listing a button (or an awaited reason) names, when it is still waiting in the version the
 * admin saw; otherwise the admin is told why and the copies show the decision.
 */
async function waitingListing(ctx: SeferContext, item: string): Promise<(ReviewedListing & { rest: string | null }) | null> {
  const parsed = parseListingItem(item);
  const listing = parsed ? await listingForReview(ctx.db, parsed.id) : null;
  if (!parsed || !listing) {
    await tell(ctx, m.tgadmin_gone());
    if (parsed) await showListingDecision(ctx, parsed.id, pressedCopy(ctx));
    return null;
  }
  if (listing.status !== 'pending') {
    await tell(ctx, m.tgadmin_already_decided());
    await showListingDecision(ctx, listing.id, pressedCopy(ctx));
    return null;
  }
  if (listing.version !== parsed.version) {
    await tell(ctx, m.tgadmin_changed_since());
    return null;
  }
  return { ...listing, rest: parsed.rest };
}

/** The decision, as /admin takes it; then every copy shows it. */
async function decideListing(ctx: SeferContext, admin: SessionUser, id: number, review: Review): Promise<void> {
  const result = await reviewListing(ctx.db, admin, id, review);
  if (result.ok) await tell(ctx, review.verdict === 'verify' ? m.tgadmin_done_verified() : m.tgadmin_done_rejected());
  else await tell(ctx, result.status === 409 ? m.tgadmin_already_decided() : result.error);
  await showListingDecision(ctx, id, pressedCopy(ctx));
}

/** The keyboard of the pressed message, replaced (Reject's reasons, or back to Verify / Reject). */
async function replaceKeyboard(ctx: SeferContext, keyboard: Parameters<SeferContext['editMessageReplyMarkup']>[0]): Promise<void> {
  await ctx.editMessageReplyMarkup(keyboard).catch((error: unknown) => {
    if (!/not modified/i.test(String(error))) throw error;
  });
}

/** The admin and the waiting listing of a press, or null when the press does nothing. */
async function listingPress(ctx: SeferContext, button: PressedButton) {
  const admin = await moderatorOf(ctx);
  if (!admin) return null;
  const listing = await waitingListing(ctx, button.item);
  return listing ? { admin, listing } : null;
}

onButton(LISTING_ACTIONS.verify, async (ctx, button) => {
  const press = await listingPress(ctx, button);
  if (press) await decideListing(ctx, press.admin, press.listing.id, { verdict: 'verify' });
});

onButton(LISTING_ACTIONS.reject, async (ctx, button) => {
  const press = await listingPress(ctx, button);
  if (!press) return;
  await replaceKeyboard(ctx, { reply_markup: await reasonsKeyboard(ctx.db, ctx.chat!.id, press.listing) });
  await ctx.answerCallbackQuery({ text: m.tgadmin_choose_reason() });
});

onButton(LISTING_ACTIONS.back, async (ctx, button) => {
  const press = await listingPress(ctx, button);
  if (!press) return;
  await replaceKeyboard(ctx, { reply_markup: await decisionKeyboard(ctx.db, ctx.chat!.id, press.listing) });
  await ctx.answerCallbackQuery();
});

onButton(LISTING_ACTIONS.reason, async (ctx, button) => {
  const press = await listingPress(ctx, button);
  if (!press) return;
  const reason = press.listing.rest;
  if (!reason || !isRejectionReason(reason)) return tell(ctx, m.tg_expired_button());
  // The seller reads it in their chat's language, or in both when they have no chat.
  const seller = await recipientOf(ctx.db, press.listing.ownerId);
  const text = rejectionReasonText(reason, seller?.chatId != null ? seller.locale : null);
  await decideListing(ctx, press.admin, press.listing.id, { verdict: 'reject', reason: text });
});

onButton(LISTING_ACTIONS.type, async (ctx, button) => {
  const press = await listingPress(ctx, button);
  if (!press) return;
  await setAwaiting(ctx, `${AWAITING_REASON}${press.listing.id}:${press.listing.version}`);
  await ctx.answerCallbackQuery();
  await ctx.reply(m.tgadmin_reason_prompt({ name: press.listing.productName, id: press.listing.id }), {
    reply_markup: { force_reply: true },
  });
});

export const moderation = new Composer<SeferContext>();

/** The next text from a chat waiting for a rejection reason is that reason; a /command stops waiting. */
moderation.chatType('private').on('message:text', async (ctx, next) => {
  const [chat] = await ctx.db.select({ awaiting: telegramChats.awaiting }).from(telegramChats).where(eq(telegramChats.chatId, ctx.chat.id));
  if (!chat?.awaiting?.startsWith(AWAITING_REASON)) return next();
  if (ctx.message.text.startsWith('/')) {
    await setAwaiting(ctx, null);
    return next();
  }
  const admin = await moderatorOf(ctx);
  if (!admin) return setAwaiting(ctx, null);
  const review = reviewSchema.safeParse({ verdict: 'reject', reason: ctx.message.text });
  if (!review.success) {
    await ctx.reply(review.error.issues[0]?.message ?? m.tg_unknown(), { reply_markup: { force_reply: true } });
    return;
  }
  await setAwaiting(ctx, null);
  const listing = await waitingListing(ctx, chat.awaiting.slice(AWAITING_REASON.length));
  if (listing) await decideListing(ctx, admin, listing.id, review.data);
});

// ── Reports ────────────────────────────────────────────────────────────────────────────────────

/** The admin and the item of a report press, when its reports are still open. */
async function reportPress(ctx: SeferContext, button: PressedButton): Promise<{ admin: SessionUser; ref: ItemRef } | null> {
  const admin = await moderatorOf(ctx);
  if (!admin) return null;
  const ref = parseItem(button.item);
  if (!ref) {
    await tell(ctx, m.tg_expired_button());
    return null;
  }
  if (!(await hasOpenReports(ctx.db, ref))) {
    await tell(ctx, m.tgadmin_already_decided());
    await showReportDecision(senderOf(ctx), ref, pressedCopy(ctx));
    return null;
  }
  return { admin, ref };
}

/** Dismiss, hide or ban, as /admin/reports decides; a button decides once. */
async function decide(ctx: SeferContext, button: PressedButton, action: 'dismiss' | 'hide' | 'ban'): Promise<void> {
  const press = await reportPress(ctx, button);
  if (!press) return;
  if (!(await spendButton(ctx.db, button.token, ctx.now()))) return tell(ctx, m.tgadmin_already_decided());
  const { kind, id } = press.ref;
  const decision = action === 'ban' ? { action, kind, id, reason: '' } : { action, kind, id };
  const result = await decideReport(ctx.db, press.admin, decision, ctx.now());
  await tell(ctx, result.ok ? DECISION_TEXT[action]() : result.error);
  if (result.ok) await showReportDecision(senderOf(ctx), press.ref, pressedCopy(ctx));
}

onButton(REPORT_ACTIONS.dismiss, (ctx, button) => decide(ctx, button, 'dismiss'));
onButton(REPORT_ACTIONS.hide, (ctx, button) => decide(ctx, button, 'hide'));
onButton(REPORT_ACTIONS.banSure, (ctx, button) => decide(ctx, button, 'ban'));

onButton(REPORT_ACTIONS.ban, async (ctx, button) => {
  const press = await reportPress(ctx, button);
  if (!press) return;
  const item = await reportedItem(ctx.db, press.ref, ctx.siteUrl, ctx.locale);
  if (!item?.author) return tell(ctx, m.tg_expired_button());
  await replaceKeyboard(ctx, { reply_markup: await banKeyboard(ctx.db, ctx.chat!.id, item) });
  await ctx.answerCallbackQuery({ text: m.tgadmin_ban_sure({ name: item.author.name }), show_alert: true });
});

onButton(REPORT_ACTIONS.back, async (ctx, button) => {
  const press = await reportPress(ctx, button);
  if (!press) return;
  const item = await reportedItem(ctx.db, press.ref, ctx.siteUrl, ctx.locale);
  if (!item) return tell(ctx, m.tg_expired_button());
  await replaceKeyboard(ctx, { reply_markup: await reportKeyboard(ctx.db, ctx.chat!.id, item) });
  await ctx.answerCallbackQuery();
});
