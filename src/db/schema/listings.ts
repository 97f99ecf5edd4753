/** Listings: the deals, their extra images, renewal links and daily statistics. */
import { HOLIDAY_KEYS } from '#db/holiday-keys.ts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { sellers } from './sellers.ts';
import type { StoredImage, StoredVideo } from './media.ts';

/** Why a listing, request or comment is hidden: reported by enough accounts, or an admin hid it. */
export const HIDDEN_REASONS = ['reports', 'admin'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** Verification state of a listing: only `verified` listings are public. */
export const LISTING_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const listings = pgTable(
  'listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's public seller page (sellers.id): cards link to it without a join. */
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    companyName: text('company_name').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Canonical category key from `src/features/listings/categories.ts`. */
    category: text('category').notNull(),
    /** A percent as text ('5' … '50') or 'waiting'. */
    discount: text('discount').notNull(),
    /** The holiday a holiday deal is for (a key of `src/features/listings/holidays.ts`); null for others and older ones. */
    holiday: text('holiday', { enum: HOLIDAY_KEYS }),
    discountDurationDays: integer('discount_duration_days'),
    discountStartDays: integer('discount_start_days'),
    datePosted: timestamp('date_posted', { withTimezone: true }).notNull().defaultNow(),
    /** date_posted + discount_start_days, kept in SQL so list windows are index range scans. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** starts_at + discount_duration_days; null when the discount has no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    logo: jsonb('logo').$type<StoredImage>(),
    photo: jsonb('photo').$type<StoredImage>().notNull(),
    video: jsonb('video').$type<StoredVideo>(),
    contactPhone: text('contact_phone'),
    contactTelegram: text('contact_telegram'),
    contactTick: text('contact_tick'),
    webSite: text('web_site'),
    /** Hidden from public pages until an admin decides: `reports` (the report threshold) or `admin`. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason', { enum: HIDDEN_REASONS }),
    /** Its seller is banned (kept on the row so public lists filter it without a join). */
    sellerBanned: boolean('seller_banned').notNull().default(false),
    /** When the seller was emailed that this run of the deal ends within a day (cleared by a renewal). */
    renewalRemindedAt: timestamp('renewal_reminded_at', { withTimezone: true }),
    // Search keys (decision 26), written with the listing by features/search/search-document.ts:
    // the keys of its product and company names, of its location, and of every searchable field.
    searchName: text('search_name')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchPlace: text('search_place')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchTerms: text('search_terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The search keys as 32-bit hashes (`search_key_hashes`, migration 0014), sorted: intarray's
     * `&&` merges two sorted integer lists where the text arrays' compared every key with every
     * key (10–45 µs a deal on PGlite against 0.5). Kept by PostgreSQL from search_terms.
     */
    searchHashes: integer('search_hashes')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`search_key_hashes(search_terms)`),
    /** The spec's search text (product, company, location, lowered), kept by PostgreSQL. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(product_name || ' ' || company_name || ' ' || location)`),
    /** The product name's folded words between spaces, for the exact-phrase rank. */
    searchPhrase: text('search_phrase').notNull().default(''),
    /** The search-document version the keys were made with; older rows are re-indexed at boot. */
    searchVersion: integer('search_version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('listings_status_check', sql`${t.status} in ('pending', 'verified', 'rejected')`),
    check('listings_holiday_check', sql.raw(`holiday is null or holiday in (${HOLIDAY_KEYS.map((key) => `'${key}'`).join(', ')})`)),
    check(
      'listings_days_check',
      sql`(${t.discountDurationDays} is null or ${t.discountDurationDays} between 1 and 30)
      and (${t.discountStartDays} is null or ${t.discountStartDays} between 1 and 30)`,
    ),
    // Category pages: verified listings of one category, newest first.
    index('listings_public_category_idx')
      .on(t.category, t.datePosted.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'verified'`),
    // Daily and ending-soon windows: a range on ends_at.
    index('listings_public_ends_idx')
      .on(t.endsAt, t.id)
      .where(sql`${t.status} = 'verified' and ${t.endsAt} is not null`),
    // The clock's sweep (listing-transitions.server.ts): deals whose start just passed.
    index('listings_public_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'verified'`),
    // Home, recent posts and the sitemap: newest verified first.
    index('listings_public_posted_idx')
      .on(t.datePosted.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'verified'`),
    // Featured videos.
    index('listings_public_video_idx')
      .on(t.datePosted.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'verified' and ${t.video} is not null`),
    // Nearby: a bounding box on latitude then longitude before the haversine distance.
    index('listings_public_geo_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'verified'`),
    // The holiday page: verified deals marked for a holiday (the holiday category uses the category index).
    index('listings_public_holiday_idx')
      .on(t.holiday, t.datePosted.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'verified' and ${t.holiday} is not null`),
    // Search: case-insensitive substring over product, company and location.
    index('listings_public_search_text_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.status} = 'verified'`),
    // Search: every query word is an overlap with the listing's keys (intarray's operator class).
    index('listings_public_search_hashes_idx')
      .using('gin', sql`${t.searchHashes} gin__int_ops`)
      .where(sql`${t.status} = 'verified'`),
    // My Posts.
    index('listings_owner_idx').on(t.ownerId, t.datePosted.desc().nullsFirst()),
    // Seller pages: a seller's public deals, newest first.
    index('listings_public_seller_idx')
      .on(t.sellerId, t.datePosted.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'verified'`),
    // Saved-search digests: deals made public (verified) since the last digest.
    index('listings_public_reviewed_idx')
      .on(t.reviewedAt, t.id)
      .where(sql`${t.status} = 'verified'`),
    // The verification queue, oldest first.
    index('listings_pending_idx')
      .on(t.datePosted, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    image: jsonb('image').$type<StoredImage>().notNull(),
  },
  (t) => [uniqueIndex('listing_images_listing_position_idx').on(t.listingId, t.position)],
);

/** A one-click "Run it again for N days" link emailed to a seller (only its SHA-256 is kept). */
export const listingRenewals = pgTable(
  'listing_renewals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    days: integer('days').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('listing_renewals_listing_idx').on(t.listingId)],
);

/** What a listing's statistics count, per day. */
export const LISTING_EVENTS = ['view', 'telegram', 'phone', 'share'] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** Per listing and day (Addis Ababa): views, Telegram and phone taps, shares. */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    telegramTaps: integer('telegram_taps').notNull().default(0),
    phoneTaps: integer('phone_taps').notNull().default(0),
    shares: integer('shares').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

/**
 * Who was already counted today: a hash of the address and user agent with that day's salt (the
 * salt is thrown away with the day, so the hashes cannot be linked to anyone afterwards).
 */
export const listingVisitors = pgTable(
  'listing_visitors',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    event: text('event', { enum: LISTING_EVENTS }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.event, t.visitorHash] }), index('listing_visitors_day_idx').on(t.day)],
);

/**
 * How many of a listing's counts of one kind came from one client address today, whatever its user
 * agents (issue 25: one address changing its User-Agent inflated the figures). The address is a hash
 * with that day's salt, deleted with the day like the visitor rows.
 */
export const listingAddressCounts = pgTable(
  'listing_address_counts',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    event: text('event', { enum: LISTING_EVENTS }).notNull(),
    addressHash: text('address_hash').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.event, t.addressHash] }), index('listing_address_counts_day_idx').on(t.day)],
);

/** A revision waits for an admin, or was rejected (its reason shown in My Posts). */
export const REVISION_STATUSES = ['pending', 'rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * What a listing shows, whole: its texts and its media (extra images in order). An edit of a
 * verified listing is kept as one (issue 29) while the verified version stays public.
 */
export interface ListingVersion {
  productName: string;
  companyName: string;
  description: string;
  location: string;
  latitude: number;
  longitude: number;
  category: string;
  discount: string;
  discountDurationDays: number | null;
  discountStartDays: number | null;
  contactPhone: string | null;
  contactTelegram: string | null;
  contactTick: string | null;
  webSite: string | null;
  holiday: (typeof HOLIDAY_KEYS)[number] | null;
  logo: StoredImage | null;
  photo: StoredImage;
  video: StoredVideo | null;
  images: StoredImage[];
}

/**
 * The seller's edit of a verified (public) listing, waiting for an admin; at most one a listing
 * (a second edit replaces it). Verified, it is written to the listing and removed; rejected, it
 * stays with the reason until the next edit.
 */
export const listingRevisions = pgTable(
  'listing_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    proposal: jsonb('proposal').$type<ListingVersion>().notNull(),
    status: text('status', { enum: REVISION_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('listing_revisions_listing_idx').on(t.listingId),
    check('listing_revisions_status_check', sql`${t.status} in ('pending', 'rejected')`),
    // The verification queue: edits waiting, oldest first.
    index('listing_revisions_pending_idx')
      .on(t.submittedAt, t.listingId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
