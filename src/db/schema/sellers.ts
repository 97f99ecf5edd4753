/** Sellers: their public pages, and the deals they deleted (whose old addresses answer 410). */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

/** A seller's public page (`/sellers/{id}-{slug}`): one per account that has posted a listing. */
export const sellers = pgTable('sellers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** An admin marked the business verified (it also is once 3 of its listings were verified). */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  verifiedBy: text('verified_by'),
  createdAt: createdAt(),
});

/** A listing its seller deleted: its old address answers 410 with the seller's other deals. */
export const removedListings = pgTable('removed_listings', {
  listingId: integer('listing_id').primaryKey(),
  sellerId: integer('seller_id')
    .notNull()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  productName: text('product_name').notNull(),
  companyName: text('company_name').notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});
