/** Saved deals and saved searches with their daily digests. */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { listings } from './listings.ts';

/** A deal a signed-in buyer saved. */
export const savedListings = pgTable(
  'saved_listings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('saved_listings_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const SAVED_SEARCH_KINDS = ['search', 'category', 'nearby'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

/** A search, category or place a buyer follows by a daily email digest of new matching deals. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SAVED_SEARCH_KINDS }).notNull(),
    query: text('query'),
    category: text('category'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusKm: integer('radius_km'),
    /** The digest's name for it (the words searched, the category, the place). */
    label: text('label').notNull(),
    /** The one-click unsubscribe link's secret. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    /** Deals verified after this are new to the next digest. */
    checkedUntil: timestamp('checked_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check('saved_searches_kind_check', sql`${t.kind} in ('search', 'category', 'nearby')`),
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The day's digest email of one account: at most one a day, whichever process sends it. */
export const savedSearchDigests = pgTable(
  'saved_search_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    listingCount: integer('listing_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
