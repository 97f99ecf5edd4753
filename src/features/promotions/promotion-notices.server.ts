/**
 * The seller's notices of a promotion (kind 'promotion'): started (or extended) when its payment is
 * fulfilled, ended early by an admin (with the unused days' refund, if any), and ended by itself.
 * Nothing marks a promotion whose days ran out, so the `promotion-endings` schedule
 * (promotions/jobs.server.ts) looks back a day for them and queues one `promotion-ended` job per
 * promotion under a key: the queue keeps a key for a week, so each end is told once.
 */
import { and, eq, gt, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { listings, promotions, type RefundMethod } from '#db/schema.ts';
import type { Notice } from '#features/accounts/notices/notices.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { commerceNotice } from '#features/payments/commerce-notices.server.ts';
import { enqueue } from '#platform/jobs/queue.server.ts';
import { formatBirr, formatDate } from '#platform/i18n/format.ts';
import { m } from '#paraglide/messages.js';

/** How far back the schedule looks for promotions that ran out (a scheduler stopped longer loses those notices). */
export const ENDINGS_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

interface PromotedDeal {
  listingId: number;
  /** The deal's product name. */
  name: string;
}

/**
 * A paid promotion: "promoted until …" with its payment, or, when it follows days already paid for,
 * "extended"; the button opens the promoted deal.
 */
export function startedNotice(
  sellerId: string,
  promotion: PromotedDeal & { days: number; priceBirr: number; startsAt: Date; endsAt: Date },
  now: Date,
): Notice {
  const extended = promotion.startsAt.getTime() > now.getTime();
  const { name, days } = promotion;
  return commerceNotice(sellerId, 'promotion', () => {
    const amount = formatBirr(promotion.priceBirr);
    const until = formatDate(promotion.endsAt);
    return {
      title: extended ? m.commerce_notice_promotion_extended_title({ name }) : m.commerce_notice_promotion_started_title({ name }),
      body: extended
        ? m.commerce_notice_promotion_extended_body({ name, amount, days, until })
        : m.commerce_notice_promotion_started_body({ name, amount, until }),
      link: { text: m.commerce_notice_see_deal(), path: listingPath({ id: promotion.listingId, productName: name }) },
    };
  });
}

/** Ended by an admin: the payment update's words; the wallet when the unused days went there, else My Posts. */
export function stoppedNotice(
  sellerId: string,
  promotion: PromotedDeal & { refundBirr: number; refundMethod: RefundMethod | null },
): Notice {
  const { name, refundBirr } = promotion;
  return commerceNotice(sellerId, 'promotion', () => ({
    title: m.commerce_notice_promotion_ended_title({ name }),
    body: refundBirr > 0 ? m.promotion_ended_refunded_update({ name, amount: formatBirr(refundBirr) }) : m.promotion_ended_update({ name }),
    link:
      refundBirr > 0 && promotion.refundMethod === 'wallet'
        ? { text: m.commerce_notice_see_wallet(), path: '/wallet' }
        : { text: m.commerce_notice_see_myposts(), path: '/myposts' },
  }));
}

/** Its days ran out: promote it again from My Posts. */
export function endedNotice(sellerId: string, promotion: PromotedDeal): Notice {
  const { name } = promotion;
  return commerceNotice(sellerId, 'promotion', () => ({
    title: m.commerce_notice_promotion_ended_title({ name }),
    body: m.commerce_notice_promotion_ended_body({ name }),
    link: { text: m.commerce_notice_see_myposts(), path: '/myposts' },
  }));
}

const later = alias(promotions, 'later');

/**
 * Promotions whose days ran out in the look-back window up to `now`, not ended by an admin, and not
 * followed by days bought again (the listing is still promoted: its last promotion's end is told).
 */
function ranOut(db: Database, now: Date) {
  const followed = db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.listingId, promotions.listingId),
        ne(later.id, promotions.id),
        isNull(later.endedAt),
        lte(later.startsAt, promotions.endsAt),
        gt(later.endsAt, promotions.endsAt),
      ),
    );
  return and(
    isNull(promotions.endedAt),
    gt(promotions.endsAt, new Date(now.getTime() - ENDINGS_LOOK_BACK_MS)),
    lte(promotions.endsAt, now),
    notExists(followed),
  )!;
}

/** The `promotion-endings` schedule: one keyed `promotion-ended` job per promotion that ran out; how many were new. */
export async function queueEndedPromotions(db: Database, now: Date): Promise<number> {
  const ended = await db.select({ id: promotions.id }).from(promotions).where(ranOut(db, now));
  let queued = 0;
  for (const { id } of ended)
    if (await enqueue(db, 'promotion-ended', { promotionId: id }, { key: `promotion:${id}`, runAfter: now })) queued++;
  return queued;
}

/** The `promotion-ended` job: tells the seller, unless an admin ended it or days were bought again meanwhile. */
export async function noticeEndedPromotion(db: Database, promotionId: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ sellerId: promotions.sellerId, listingId: promotions.listingId, name: listings.productName })
    .from(promotions)
    .innerJoin(listings, eq(listings.id, promotions.listingId))
    .where(and(eq(promotions.id, promotionId), ranOut(db, now)));
  if (row) await notify(db, endedNotice(row.sellerId, row));
}
