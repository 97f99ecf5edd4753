/**
 * Promotions as something a checkout sells: a checkout request `{promotion}` is priced here from
 * the database, and a paid promotion line becomes a promotion of the listing, after any days
 * already paid for; the seller is told it started (or was extended) in the payment's transaction,
 * which is the payment's notice too (`tellsBuyer`). Registered with payments when the process imports this module
 * (platform/process/fulfillers.server.ts).
 */
import { and, eq, gt, isNull, max } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, promotionPlans, promotions, type PromotionLine } from '#db/schema.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { describeIssues } from '#features/listings/listing-query.ts';
import { mayPromoteListing } from '#features/listings/policy.ts';
import { registerFulfiller } from '#features/payments/fulfillers.server.ts';
import { notify } from '#features/accounts/notices/notify.server.ts';
import { startedNotice } from './promotion-notices.server.ts';
import { promotionChanged } from './promotions.server.ts';
import { isPromotionRequest, promotionRequestSchema } from './promotion-request.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Prices a seller's promotion from the database: their own verified listing whose discount has not
 * ended, for one of the plans' days.
 */
export async function pricePromotion(
  db: Database,
  user: SessionUser,
  request: { listingId: number; days: number },
  now: Date,
): Promise<Result<{ lines: PromotionLine[]; amountBirr: number }>> {
  const [plan] = await db.select().from(promotionPlans).where(eq(promotionPlans.days, request.days)).limit(1);
  if (!plan) return fail(400, m.promotion_choose_days(), { days: [m.promotion_choose_days()] });
  const [listing] = await db
    .select({
      id: listings.id,
      ownerId: listings.ownerId,
      status: listings.status,
      endsAt: listings.endsAt,
      productName: listings.productName,
    })
    .from(listings)
    .where(eq(listings.id, request.listingId))
    .limit(1);
  if (!listing || !mayPromoteListing(user, listing)) return fail(404, m.account_post_not_found());
  if (listing.status !== 'verified') return fail(409, m.promotion_only_verified());
  if (listing.endsAt && listing.endsAt <= now) return fail(409, m.promotion_deal_ended());
  const line: PromotionLine = {
    kind: 'promotion',
    listingId: listing.id,
    days: plan.days,
    name: listing.productName,
    priceBirr: plan.priceBirr,
    quantity: 1,
  };
  return ok({ lines: [line], amountBirr: plan.priceBirr });
}

/** A promotion's checkout request, read and priced for its seller. */
async function pricePromotionRequest(db: Database, user: SessionUser, body: unknown, now: Date) {
  const parsed = promotionRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { fields } = describeIssues(parsed.error);
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? m.shop_invalid_request(), fields } as const;
  }
  return pricePromotion(db, user, parsed.data.promotion, now);
}

registerFulfiller('promotion', {
  accepts: isPromotionRequest,
  price: pricePromotionRequest,
  tellsBuyer: true,
  async fulfil(tx, { userId, checkoutSessionId, lines, now }) {
    for (const line of lines) {
      // A listing promoted again is promoted for longer: the new days follow the ones already paid.
      const [current] = await tx
        .select({ endsAt: max(promotions.endsAt) })
        .from(promotions)
        .where(and(eq(promotions.listingId, line.listingId), isNull(promotions.endedAt), gt(promotions.endsAt, now)));
      const startsAt = current?.endsAt && current.endsAt > now ? current.endsAt : now;
      const [made] = await tx
        .insert(promotions)
        .values({
          listingId: line.listingId,
          sellerId: userId,
          checkoutSessionId,
          days: line.days,
          priceBirr: line.priceBirr,
          startsAt,
          endsAt: new Date(startsAt.getTime() + line.days * DAY_MS),
          createdAt: now,
        })
        .onConflictDoNothing({ target: [promotions.checkoutSessionId, promotions.listingId] })
        .returning();
      if (!made) continue;
      await notify(tx, startedNotice(userId, { ...made, name: line.name }, now));
      const [listing] = await tx.select({ category: listings.category }).from(listings).where(eq(listings.id, line.listingId));
      if (listing) promotionChanged(line.listingId, listing.category);
    }
  },
});
