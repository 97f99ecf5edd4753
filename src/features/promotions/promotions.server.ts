/**
 * Promoted listings: a seller pays for 3, 7 or 14 days (the plans, seeded at start); the paid
 * promotion (made by the checkout's fulfilment through fulfillers.server.ts) puts the listing in one of the
 * labelled promoted slots at the top of its category page and of the home page, at most
 * {@link PROMOTED_PER_PAGE} a page, rotated fairly. It ends by itself; an admin may end it sooner,
 * with the unused days refunded or not.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, paymentUpdates, promotionPlans, promotions, users, walletEntries, type RefundMethod } from '#db/schema.ts';
import { baseLocale } from '#platform/i18n/locales.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { formatBirr } from '#platform/i18n/format.ts';
import { m } from '#paraglide/messages.js';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { cardColumns, isPublic, type ListingCard } from '#features/listings/listings.server.ts';
import { LISTING_READ_TABLES } from '#features/listings/public-listings.server.ts';
import { listingTag, promotedTag, shownCards } from '#features/listings/listing-page-tags.ts';
import { coveredRead, pagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { admin as isAdmin, adminsOnly } from '#features/accounts/policy.ts';
import { payBack } from '#features/payments/money-back.server.ts';
import { getCheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { stoppedNotice } from './promotion-notices.server.ts';

/** The plans every database has: days and their price in Birr. */
export const PROMOTION_PLANS: readonly { days: number; priceBirr: number }[] = [
  { days: 3, priceBirr: 150 },
  { days: 7, priceBirr: 300 },
  { days: 14, priceBirr: 500 },
];

/** Most promoted listings on one page, so organic deals stay in view. */
export const PROMOTED_PER_PAGE = 3;
/** The promoted slots turn this often (each page's set moves one place). */
export const ROTATION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds the plans a database lacks; a plan whose days exist keeps its price (an operator may change it). */
export async function seedPromotionPlans(db: Pick<Database, 'insert'>): Promise<void> {
  await db
    .insert(promotionPlans)
    .values(PROMOTION_PLANS.map((p) => ({ ...p })))
    .onConflictDoNothing({ target: promotionPlans.days });
}

export interface PromotionPlan {
  days: number;
  priceBirr: number;
}

export function listPromotionPlans(db: Database): Promise<PromotionPlan[]> {
  return db
    .select({ days: promotionPlans.days, priceBirr: promotionPlans.priceBirr })
    .from(promotionPlans)
    .orderBy(asc(promotionPlans.days));
}

/** A listing whose discount has not ended (no end, or an end still ahead). */
const notEnded = (now: Date) => or(isNull(listings.endsAt), gt(listings.endsAt, now))!;

/** Promotions running at `now`, not ended by an admin. */
const running = (now: Date) => and(isNull(promotions.endedAt), lte(promotions.startsAt, now), gt(promotions.endsAt, now))!;

/**
 * The promoted listings of one page: live promotions of verified, not-ended listings (of a
 * category, or any for the home page), at most {@link PROMOTED_PER_PAGE}. They take turns: the
 * promoted listings are numbered in the order they were promoted, and each page shows the next
 * few from a starting place that moves every {@link ROTATION_MS} (and by page), so over time every
 * one is shown as often and in every position.
 */
export async function listPromotedListings(db: Database, filter: { category?: string; now: Date }, page = 1): Promise<ListingCard[]> {
  // The places turn every ROTATION_MS: the page's text changes then.
  const turn = (Math.floor(filter.now.getTime() / ROTATION_MS) + 1) * ROTATION_MS;
  return coveredRead(
    LISTING_READ_TABLES,
    () => readPromotedListings(db, filter, page),
    (cards) => {
      const shown = shownCards([promotedTag(filter.category ?? null)], cards, filter.now);
      return { tags: shown.tags, changesIn: Math.min(turn - filter.now.getTime(), shown.changesIn ?? Infinity) };
    },
  );
}

async function readPromotedListings(db: Database, filter: { category?: string; now: Date }, page: number): Promise<ListingCard[]> {
  const conditions: SQL[] = [running(filter.now), isPublic, notEnded(filter.now)];
  if (filter.category) conditions.push(eq(listings.category, filter.category));
  const live = db
    .select({ listingId: promotions.listingId, first: sql<number>`min(${promotions.id})`.as('first_promotion') })
    .from(promotions)
    .innerJoin(listings, eq(listings.id, promotions.listingId))
    .where(and(...conditions))
    .groupBy(promotions.listingId)
    .as('live');
  const ranked = db
    .select({
      listingId: live.listingId,
      rank: sql<number>`row_number() over (order by ${live.first})`.as('rank'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(live)
    .as('ranked');
  const start = Math.floor(filter.now.getTime() / ROTATION_MS) + (page - 1) * PROMOTED_PER_PAGE;
  // The place of each promoted listing counted from this page's start, round the circle.
  const place = sql`mod(${ranked.rank} - 1 + ${ranked.total} - mod(${start}::bigint, ${ranked.total}), ${ranked.total})`;
  return db
    .select(cardColumns)
    .from(ranked)
    .innerJoin(listings, eq(listings.id, ranked.listingId))
    .where(sql`${place} < ${PROMOTED_PER_PAGE}`)
    .orderBy(place);
}

/**
 * A promotion started or ended: the pages that show promoted deals (home, its category) and the
 * deal's own page and cards are dropped (a promotion is not a listing write, so nothing else says so).
 */
export function promotionChanged(listingId: number, category: string): void {
  pagesChanged(promotedTag(null), promotedTag(category), listingTag(listingId));
}

/** The seller's view of a listing's promotion: when the days paid for end (null when none runs or waits). */
export interface PromotionState {
  listingId: number;
  endsAt: Date;
  /** Days left, rounded up. */
  daysLeft: number;
}

/** For My Posts: each listing's promotion days left (running and queued promotions together). */
export async function promotionStates(db: Database, listingIds: number[], now: Date): Promise<Map<number, PromotionState>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: promotions.listingId, endsAt: sql<Date>`max(${promotions.endsAt})`.mapWith(promotions.endsAt) })
    .from(promotions)
    .where(and(inArray(promotions.listingId, listingIds), isNull(promotions.endedAt), gt(promotions.endsAt, now)))
    .groupBy(promotions.listingId);
  return new Map(
    rows.map((r) => [
      r.listingId,
      { listingId: r.listingId, endsAt: r.endsAt, daysLeft: Math.ceil((r.endsAt.getTime() - now.getTime()) / DAY_MS) },
    ]),
  );
}

export interface AdminPromotionView {
  id: number;
  listingId: number;
  productName: string;
  sellerEmail: string;
  days: number;
  priceBirr: number;
  startsAt: Date;
  endsAt: Date;
}

/** For /admin: promotions running or paid and waiting to start, those ending soonest first. */
export async function activePromotions(db: Database, admin: SessionUser, now: Date, limit = 50): Promise<Result<AdminPromotionView[]>> {
  if (!isAdmin(admin)) return adminsOnly();
  const rows = await db
    .select({
      id: promotions.id,
      listingId: promotions.listingId,
      productName: listings.productName,
      sellerEmail: users.email,
      days: promotions.days,
      priceBirr: promotions.priceBirr,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
    })
    .from(promotions)
    .innerJoin(listings, eq(listings.id, promotions.listingId))
    .innerJoin(users, eq(users.id, promotions.sellerId))
    .where(and(isNull(promotions.endedAt), gt(promotions.endsAt, now)))
    .orderBy(asc(promotions.endsAt), asc(promotions.id))
    .limit(limit);
  return ok(rows);
}

/** The Birr for the days not used yet (all of them for a promotion that has not started). */
export function unusedBirr(promotion: { priceBirr: number; startsAt: Date; endsAt: Date }, now: Date): number {
  const total = promotion.endsAt.getTime() - promotion.startsAt.getTime();
  const left = promotion.endsAt.getTime() - Math.max(now.getTime(), promotion.startsAt.getTime());
  if (total <= 0 || left <= 0) return 0;
  return Math.min(promotion.priceBirr, Math.floor((promotion.priceBirr * left) / total));
}

export interface EndedPromotion {
  id: number;
  refundBirr: number;
  refundMethod: RefundMethod | null;
}

/**
 * An admin ends a promotion now, once: with `refund: 'unused'` the unused days' Birr go back
 * (through Chapa for a Chapa payment when it takes them back, else to the seller's wallet), with
 * `'none'` nothing does. The seller gets a payment update either way, and a notice with it.
 */
export async function endPromotion(
  db: Database,
  admin: SessionUser,
  input: { id: number; refund: 'none' | 'unused' },
  now = new Date(),
): Promise<Result<EndedPromotion>> {
  if (!isAdmin(admin)) return adminsOnly();
  const [ended] = await db
    .update(promotions)
    .set({ endedAt: now })
    .where(and(eq(promotions.id, input.id), isNull(promotions.endedAt), gt(promotions.endsAt, now)))
    .returning();
  if (!ended) return fail(409, m.promotion_already_ended());
  const amountBirr = input.refund === 'unused' ? unusedBirr(ended, now) : 0;
  let refundMethod: RefundMethod | null = null;
  if (amountBirr > 0) {
    const session = await getCheckoutSession(db, ended.checkoutSessionId);
    const back = await payBack(session, { amountBirr, reason: 'Sefer promotion ended', reference: `sefer-promotion-${ended.id}` });
    refundMethod = back.method;
    await db.transaction(async (tx) => {
      if (back.method === 'wallet') {
        await tx
          .insert(walletEntries)
          .values({
            userId: ended.sellerId,
            amountBirr,
            reason: m.promotion_wallet_reason({ id: ended.id }, { locale: baseLocale }),
            promotionId: ended.id,
            createdAt: now,
          })
          .onConflictDoNothing({ target: walletEntries.promotionId });
      }
      await tx.update(promotions).set({ refundBirr: amountBirr, refundMethod: back.method }).where(eq(promotions.id, ended.id));
    });
  }
  const [listing] = await db
    .select({ productName: listings.productName, category: listings.category })
    .from(listings)
    .where(eq(listings.id, ended.listingId));
  const name = listing?.productName ?? '';
  if (listing) promotionChanged(ended.listingId, listing.category);
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentUpdates)
      .values({
        userId: ended.sellerId,
        message: inLocale(baseLocale, () =>
          amountBirr > 0 ? m.promotion_ended_refunded_update({ name, amount: formatBirr(amountBirr) }) : m.promotion_ended_update({ name }),
        ),
        status: amountBirr > 0 ? 'refunded' : 'promotion ended',
        eventKey: `promotion:${ended.id}:ended`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentUpdates.eventKey });
    await notify(tx, stoppedNotice(ended.sellerId, { listingId: ended.listingId, name, refundBirr: amountBirr, refundMethod }));
  });
  return ok({ id: ended.id, refundBirr: amountBirr, refundMethod });
}
