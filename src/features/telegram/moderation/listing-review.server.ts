/**
 * Listings to verify, in the admins' chats: each new or edited listing goes to every admin as its
 * photo with the fields, the seller and the earlier decisions about them, under Verify / Reject;
 * once it is decided (from the bot or /admin) every copy says who decided, and loses its buttons.
 * The buttons name the listing and the version the admin saw (its last edit), so a press on an
 * older version decides nothing.
 */
import { and, count, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { InlineKeyboard, type Api } from 'grammy';
import type { Database } from '#db/client.ts';
import { accounts, comments, listings, moderationDecisions, requests, telegramButtons, telegramChats, users } from '#db/schema.ts';
import { TELEGRAM_PROVIDER_ID } from '#features/accounts/telegram-login/telegram-login.ts';
import { isPlaceholderEmail } from '#platform/email/placeholder-email.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { m } from '#paraglide/messages.js';
import { addButton } from '../buttons.server.ts';
import { isBlockedByUser } from '../bot.server.ts';
import { chatBlockedBot } from '../alerts.server.ts';
import { sendDeal, type DealWithPhoto, type Sender } from '../deliver.server.ts';
import { REJECTION_REASONS, rejectionReasonLabel } from './rejection-reasons.ts';
import { revisionOf } from '#features/listings/listing-revisions.server.ts';
import {
  listingDecisionLine,
  listingHeadline,
  listingReviewCaption,
  type Decided,
  type ListingForReview,
  type SellerRecord,
} from './review-texts.ts';
import { adminChats, chatLocales, forgetCopies, keepCopy, reviewCopies, rewriteCopy, type ReviewCopy } from './moderators.server.ts';

/** The bot's listing actions (their buttons' items: `<id>:<version>`, a reason adds `:<reason>`). */
export const LISTING_ACTIONS = {
  verify: 'tgadmin:verify',
  reject: 'tgadmin:reject',
  reason: 'tgadmin:reason',
  type: 'tgadmin:type',
  back: 'tgadmin:back',
} as const;

/** A listing as an admin reviews it, with what the buttons and the decision need. */
export type ReviewedListing = ListingForReview &
  DealWithPhoto & { ownerId: string; status: 'pending' | 'verified' | 'rejected'; rejectionReason: string | null; version: string };

/** The version of a listing the admin saw: the time of its last change. */
const versionOf = (updatedAt: Date) => String(updatedAt.getTime());

/** `<id>:<version>` of a button, read back; null when it is not one. */
export function parseListingItem(item: string): { id: number; version: string; rest: string | null } | null {
  const match = /^(\d{1,10}):(\d{1,15})(?::(\w+))?$/.exec(item);
  return match ? { id: Number(match[1]), version: match[2]!, rest: match[3] ?? null } : null;
}

export async function listingForReview(db: Database, id: number, edited = false): Promise<ReviewedListing | null> {
  const [row] = await db
    .select({
      id: listings.id,
      productName: listings.productName,
      companyName: listings.companyName,
      category: listings.category,
      discount: listings.discount,
      discountStartDays: listings.discountStartDays,
      discountDurationDays: listings.discountDurationDays,
      datePosted: listings.datePosted,
      location: listings.location,
      contactPhone: listings.contactPhone,
      contactTelegram: listings.contactTelegram,
      description: listings.description,
      photo: listings.photo,
      ownerId: listings.ownerId,
      status: listings.status,
      rejectionReason: listings.rejectionReason,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .where(eq(listings.id, id));
  if (!row) return null;
  const { updatedAt, ...listing } = row;
  // A live deal's edit waits as its revision: the admins review what it proposes (issue 29).
  const revision = row.status === 'verified' ? await revisionOf(db, id) : null;
  if (revision?.status === 'pending') {
    const { proposal } = revision;
    const proposed = {
      ...listing,
      ...Object.fromEntries(
        Object.keys(listing)
          .filter((k) => k in proposal)
          .map((k) => [k, proposal[k as keyof typeof proposal]]),
      ),
    } as typeof listing;
    return { ...proposed, status: 'pending', edited: true, version: versionOf(revision.submittedAt) };
  }
  return { ...listing, edited, version: versionOf(updatedAt) };
}

const LAST_REJECTIONS = 3;

/** The seller of a listing and what admins decided about them before (their other listings, bans, hidden posts). */
export async function sellerRecord(db: Database, ownerId: string, listingId: number): Promise<SellerRecord> {
  const [owner] = await db
    .select({
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      bannedAt: users.bannedAt,
      telegramId: accounts.accountId,
      username: telegramChats.username,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, TELEGRAM_PROVIDER_ID)))
    .leftJoin(telegramChats, sql`${telegramChats.chatId}::text = ${accounts.accountId}`)
    .where(eq(users.id, ownerId))
    .limit(1);
  const others = and(eq(listings.ownerId, ownerId), ne(listings.id, listingId));
  const statuses = await db
    .select({ status: listings.status, n: count() })
    .from(listings)
    .where(and(others, inArray(listings.status, ['verified', 'rejected'])))
    .groupBy(listings.status);
  const rejections = await db
    .select({ reason: listings.rejectionReason })
    .from(listings)
    .where(and(others, eq(listings.status, 'rejected'), isNotNull(listings.rejectionReason)))
    .orderBy(sql`${listings.reviewedAt} desc nulls last`, desc(listings.id))
    .limit(LAST_REJECTIONS);
  const theirs = (kind: string, ids: ReturnType<typeof sql>) =>
    and(eq(moderationDecisions.itemKind, kind), sql`${moderationDecisions.itemId} in (${ids})`);
  const decisions = await db
    .select({ action: moderationDecisions.action, n: count() })
    .from(moderationDecisions)
    .where(
      or(
        and(eq(moderationDecisions.itemKind, 'account'), eq(moderationDecisions.itemId, ownerId), eq(moderationDecisions.action, 'ban')),
        and(
          eq(moderationDecisions.action, 'hide'),
          or(
            theirs('listing', sql`select ${listings.id}::text from ${listings} where ${listings.ownerId} = ${ownerId}`),
            theirs('request', sql`select ${requests.id}::text from ${requests} where ${requests.userId} = ${ownerId}`),
            theirs('comment', sql`select ${comments.id}::text from ${comments} where ${comments.userId} = ${ownerId}`),
          ),
        ),
      ),
    )
    .groupBy(moderationDecisions.action);
  const counted = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  return {
    name: owner?.name ?? '?',
    telegramUsername: owner?.username ?? null,
    telegramLinked: Boolean(owner?.telegramId),
    email: owner && !isPlaceholderEmail(owner.email) ? owner.email : null,
    memberSince: owner?.createdAt ?? new Date(0),
    verified: counted(statuses.filter((s) => s.status === 'verified')),
    rejected: counted(statuses.filter((s) => s.status === 'rejected')),
    lastRejections: rejections.map((r) => r.reason!),
    bans: counted(decisions.filter((d) => d.action === 'ban')),
    bannedNow: Boolean(owner?.bannedAt),
    hidden: counted(decisions.filter((d) => d.action === 'hide')),
  };
}

/** Verify / Reject under a listing, for one chat. */
export async function decisionKeyboard(db: Database, chatId: number, listing: { id: number; version: string }): Promise<InlineKeyboard> {
  const item = `${listing.id}:${listing.version}`;
  const keyboard = new InlineKeyboard();
  await addButton(keyboard, db, chatId, m.tgadmin_verify(), LISTING_ACTIONS.verify, item);
  await addButton(keyboard, db, chatId, m.tgadmin_reject(), LISTING_ACTIONS.reject, item);
  return keyboard;
}

/** The standard reasons, "Type a reason" and Back, for one chat. */
export async function reasonsKeyboard(db: Database, chatId: number, listing: { id: number; version: string }): Promise<InlineKeyboard> {
  const item = `${listing.id}:${listing.version}`;
  const keyboard = new InlineKeyboard();
  for (const reason of REJECTION_REASONS) {
    await addButton(keyboard, db, chatId, rejectionReasonLabel(reason), LISTING_ACTIONS.reason, `${item}:${reason}`);
    keyboard.row();
  }
  await addButton(keyboard, db, chatId, m.tgadmin_type_reason(), LISTING_ACTIONS.type, item);
  await addButton(keyboard, db, chatId, m.tgadmin_back(), LISTING_ACTIONS.back, item);
  return keyboard;
}

/** Whether this version of the listing was already sent to the chat (a retried job sends it once). */
async function alreadySent(db: Database, chatId: number, listing: { id: number; version: string }): Promise<boolean> {
  const [row] = await db
    .select({ token: telegramButtons.token })
    .from(telegramButtons)
    .where(
      and(
        eq(telegramButtons.chatId, chatId),
        eq(telegramButtons.action, LISTING_ACTIONS.verify),
        eq(telegramButtons.item, `${listing.id}:${listing.version}`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether an admin decided on the listing before (an edit rather than a new listing). */
async function decidedBefore(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: moderationDecisions.id })
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.itemKind, 'listing'), eq(moderationDecisions.itemId, String(id))))
    .limit(1);
  return Boolean(row);
}

/**
 * `listing-submitted`: the listing, still waiting, to every admin's chat in the chat's language.
 * A copy of an older version is marked as edited since. Throws (the job is retried) when some
 * sends failed; what was sent is not sent again.
 */
export async function sendListingToAdmins(sender: Sender, listingId: number, edited?: boolean): Promise<void> {
  const { db } = sender;
  const listing = await listingForReview(db, listingId);
  if (!listing || listing.status !== 'pending') return;
  listing.edited = edited ?? (await decidedBefore(db, listingId));
  const seller = await sellerRecord(db, listing.ownerId, listing.id);
  const item = String(listing.id);
  const earlier = new Map((await reviewCopies(db, 'listing', item)).map((c) => [c.chatId, c]));
  let failed: unknown = null;
  for (const admin of await adminChats(db)) {
    if (await alreadySent(db, admin.chatId, listing)) continue;
    try {
      await inLocale(admin.locale, async () => {
        const old = earlier.get(admin.chatId);
        if (old) await rewriteCopy(sender.api, old, `${listingHeadline(listing)}\n${m.tgadmin_superseded()}`, true);
        const keyboard = await decisionKeyboard(db, admin.chatId, listing);
        const messageId = await sendDeal(sender, admin.chatId, listing, listingReviewCaption(listing, seller), keyboard);
        await keepCopy(db, 'listing', item, { chatId: admin.chatId, messageId });
      });
    } catch (error) {
      if (isBlockedByUser(error)) await chatBlockedBot(db, admin.chatId, new Date());
      else failed ??= error;
    }
  }
  if (failed) throw failed;
}

/** Who decided on the listing last, and when. */
async function listingDecided(db: Database, id: number, reviewedAt: Date | null): Promise<Decided> {
  const [row] = await db
    .select({ name: users.name, at: moderationDecisions.createdAt })
    .from(moderationDecisions)
    .leftJoin(users, eq(users.id, moderationDecisions.adminId))
    .where(
      and(
        eq(moderationDecisions.itemKind, 'listing'),
        eq(moderationDecisions.itemId, String(id)),
        inArray(moderationDecisions.action, ['verify', 'reject']),
      ),
    )
    .orderBy(desc(moderationDecisions.id))
    .limit(1);
  return { admin: row?.name ?? null, at: reviewedAt ?? row?.at ?? new Date() };
}

/**
 * `listing-reviewed` (and a press on a decided listing): every copy says the decision and who took
 * it, without buttons; then the copies are forgotten. A listing waiting again (edited since) is left
 * to its new messages; a deleted one says so.
 */
export async function showListingDecision(
  target: { db: Database; api: Api },
  listingId: number,
  pressed?: (ReviewCopy & { photo: boolean }) | null,
): Promise<void> {
  const { db, api } = target;
  const item = String(listingId);
  const [row] = await db
    .select({
      id: listings.id,
      productName: listings.productName,
      companyName: listings.companyName,
      status: listings.status,
      reason: listings.rejectionReason,
      reviewedAt: listings.reviewedAt,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  // A live deal's edit: waiting (its messages stay), or rejected (the live version stays, with the reason).
  const revision = row?.status === 'verified' ? await revisionOf(db, listingId) : null;
  if (row?.status === 'pending' || revision?.status === 'pending') return;
  if (row && revision?.status === 'rejected') Object.assign(row, { status: 'rejected', reason: revision.rejectionReason });
  const copies = (await reviewCopies(db, 'listing', item)).map((c) => ({ ...c, photo: true }));
  if (pressed && !copies.some((c) => c.chatId === pressed.chatId && c.messageId === pressed.messageId)) copies.push(pressed);
  const decided = row ? await listingDecided(db, listingId, row.reviewedAt) : null;
  const locales = await chatLocales(
    db,
    copies.map((c) => c.chatId),
  );
  for (const copy of copies) {
    const html = inLocale(locales.get(copy.chatId) ?? 'en', () =>
      row && decided
        ? `${listingHeadline(row)}\n${listingDecisionLine({ status: row.status as 'verified' | 'rejected', reason: row.reason }, decided)}`
        : m.tgadmin_deleted(),
    );
    await rewriteCopy(api, copy, html, copy.photo);
  }
  await forgetCopies(db, 'listing', item);
}
