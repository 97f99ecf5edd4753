/** Promoted listings: the plans' prices and the paid promotions. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { listings } from './listings.ts';
import { REFUND_METHODS, checkoutSessions } from './payments.ts';

/** What promoting a listing costs, by number of days (seeded at start, see promotions.server.ts). */
export const promotionPlans = pgTable(
  'promotion_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    days: integer('days').notNull().unique(),
    priceBirr: integer('price_birr').notNull(),
  },
  (t) => [check('promotion_plans_check', sql`${t.days} > 0 and ${t.priceBirr} > 0`)],
);

/**
 * A paid promotion of a listing: live from `starts_at` until `ends_at`, unless an admin ended it
 * (`ended_at`, with the Birr refunded if any). One per listing per checkout.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    days: integer('days').notNull(),
    priceBirr: integer('price_birr').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    refundBirr: integer('refund_birr'),
    refundMethod: text('refund_method', { enum: REFUND_METHODS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotions_checkout_listing_idx').on(t.checkoutSessionId, t.listingId),
    // The promoted slots: promotions not ended by an admin, by when they end.
    index('promotions_live_idx')
      .on(t.endsAt, t.listingId)
      .where(sql`${t.endedAt} is null`),
    index('promotions_listing_idx').on(t.listingId, t.endsAt),
  ],
);
