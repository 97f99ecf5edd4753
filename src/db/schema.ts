/**
 * The one database schema (PostgreSQL dialect), shared by PGlite and node-postgres.
 * Table and column names are snake_case in SQL; TypeScript names are the marketplace's words.
 */
import { HOLIDAY_KEYS } from '#features/listings/holidays.ts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** An image stored by the media module: `/media/{key}.webp` and its thumbnail `/media/{key}-thumb.webp`. */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  /** The 56 and 112 px squares for a card's slot exist (`-icon`, `-icon2x`); images stored before issue 17 get them in the background. */
  icons?: true;
}

/** A video stored by the media module, with a poster image shown until the visitor taps play. */
export interface StoredVideo {
  key: string;
  /** File extension of the stored video, e.g. `mp4` or `webm`. */
  ext: string;
  durationSeconds: number;
  poster: StoredImage | null;
}

// ---------------------------------------------------------------------------
// Accounts (shape required by better-auth's core tables, plus our name fields)
// ---------------------------------------------------------------------------

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** A banned account cannot sign in, and nothing it wrote is public while the ban lasts. */
  bannedAt: timestamp('banned_at', { withTimezone: true }),
  bannedBy: text('banned_by'),
  banReason: text('ban_reason'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('accounts_user_idx').on(t.userId),
    // One Sefer account per Telegram account (and per any other provider's account).
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * A sign-up not yet proven by its emailed code (issue 25): the password and names it chose, kept
 * apart from the account until the mailbox is proven, and bound to the browser that signed up by a
 * secret in a cookie (only its hash is here). Whoever proves the mailbox from that browser gets
 * these; every other sign-up's password for the address is void (src/features/accounts/pending-sign-ups.server.ts).
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    secretHash: text('secret_hash').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ups_email_idx').on(t.email), index('pending_sign_ups_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------

/** Why a listing, request or comment is hidden: reported by enough accounts, or an admin hid it. */
export const HIDDEN_REASONS = ['reports', 'admin'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

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
    index('listings_public_search_idx')
      .using('gin', sql`lower(${t.productName} || ' ' || ${t.companyName} || ' ' || ${t.location}) gin_trgm_ops`)
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

// ---------------------------------------------------------------------------
// Community: buy/sell requests, likes, comments, contact messages
// ---------------------------------------------------------------------------

/** A visitor's 'what do you want to buy/sell' message. */
export const requests = pgTable(
  'requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason', { enum: HIDDEN_REASONS }),
    /** Its author is banned (kept on the row so public lists filter it without a join). */
    authorBanned: boolean('author_banned').notNull().default(false),
  },
  (t) => [index('requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** One like per signed-in user per request; the primary key makes toggling race-free. */
export const requestLikes = pgTable(
  'request_likes',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/** A comment on one image of a listing. `imageId` is 'photo' for the main photo or a listing_images id. */
export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    imageId: text('image_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    comment: text('comment').notNull(),
    datePosted: timestamp('date_posted', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason', { enum: HIDDEN_REASONS }),
    /** Its author is banned (kept on the row so public lists filter it without a join). */
    authorBanned: boolean('author_banned').notNull().default(false),
  },
  (t) => [index('comments_image_idx').on(t.listingId, t.imageId, t.datePosted.desc().nullsFirst())],
);

/** What the contact form sent, kept so a person can read it. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst())],
);

// ---------------------------------------------------------------------------
// Demo shop, checkout and the account pages
// ---------------------------------------------------------------------------

export const shopProducts = pgTable(
  'shop_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceBirr: integer('price_birr').notNull(),
    image: jsonb('image').$type<StoredImage>(),
    specs: jsonb('specs').$type<string[]>().notNull().default([]),
    /** Plans are sold through the same checkout and become subscriptions. */
    kind: text('kind', { enum: ['product', 'plan'] })
      .notNull()
      .default('product'),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('shop_products_price_check', sql`${t.priceBirr} > 0`), index('shop_products_position_idx').on(t.kind, t.position)],
);

/** One line of a checkout session, priced by the server: a shop product or plan, or a promotion. */
export type CheckoutLine = ShopLine | PromotionLine;

export interface ShopLine {
  shopProductId: number;
  name: string;
  priceBirr: number;
  quantity: number;
  /** 'plan' lines become subscriptions when paid; absent means a product. */
  kind?: 'product' | 'plan';
}

/** A seller's promotion of one of their listings for a plan's days; it starts when paid. */
export interface PromotionLine {
  kind: 'promotion';
  listingId: number;
  days: number;
  /** The listing's product name when the checkout was made. */
  name: string;
  priceBirr: number;
  quantity: 1;
}

export const PAYMENT_PROVIDERS = ['test', 'stripe', 'chapa'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A checkout's life: open until paid (`complete`), past its 30 minutes (`expired`), or refused by
 * the provider (`failed`: declined or cancelled on Chapa's page; `provider_status` says which).
 */
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired', 'failed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** Stripe's session id, or Chapa's `tx_ref` (this checkout's own id). */
    providerSessionId: text('provider_session_id'),
    /** Chapa's own reference for the paid transaction (its refunds are asked for with it). */
    providerReference: text('provider_reference'),
    /** The provider's last word on an unpaid checkout (Chapa: 'failed', 'cancelled'…). */
    providerStatus: text('provider_status'),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    amountBirr: integer('amount_birr').notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkout_sessions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('checkout_sessions_provider_idx').on(t.provider, t.providerSessionId),
  ],
);

/** A shop order: paid and waiting for delivery (`pending`), then `delivered`. */
export const ORDER_STATUSES = ['pending', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Unique: fulfilling the same checkout twice makes one order. */
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id)
      .unique(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    totalBirr: integer('total_birr').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('orders_user_status_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst())],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopProductId: integer('shop_product_id').references(() => shopProducts.id, {
      onDelete: 'set null',
    }),
    productName: text('product_name').notNull(),
    priceBirr: integer('price_birr').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const paymentUpdates = pgTable(
  'payment_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status').notNull(),
    /** Provider event id or our own event key; unique so a redelivered event is recorded once. */
    eventKey: text('event_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_updates_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/** The wallet is a ledger: the balance is the sum of a user's entries. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountBirr: integer('amount_birr').notNull(),
    reason: text('reason').notNull(),
    refundId: integer('refund_id').unique(),
    /** A promotion an admin ended with a refund: credited once. */
    promotionId: integer('promotion_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_entries_user_idx').on(t.userId)],
);

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    checkoutSessionId: text('checkout_session_id').references(() => checkoutSessions.id),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.status)],
);

/** A refund request: `requested` until an admin approves (the wallet is credited) or declines it. */
export const REFUND_STATUSES = ['requested', 'approved', 'declined'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_METHODS = ['chapa', 'wallet'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' })
      .unique(),
    productName: text('product_name').notNull(),
    amountBirr: integer('amount_birr').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    /** How an approved refund went back: through Chapa to what the buyer paid with, or to the wallet. */
    method: text('method', { enum: REFUND_METHODS }),
    /** Chapa's reference for a refund it made. */
    providerReference: text('provider_reference'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
  ],
);

// ---------------------------------------------------------------------------
// Promoted listings
// ---------------------------------------------------------------------------

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

/**
 * Fixed-window counters for rate limits, kept in the database so several app processes share them.
 * One row per key and window; old windows are deleted as new ones are written.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Small facts about this database, such as when the demo catalogue was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------
// Telegram: the bot's chats, their alerts, the alert jobs, channel posts and sign-in links
// ---------------------------------------------------------------------------

export const TELEGRAM_LOCALES = ['en', 'am'] as const;

/** A private chat with the Sefer bot (its id is the person's Telegram user id). */
export const telegramChats = pgTable('telegram_chats', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  locale: text('locale', { enum: TELEGRAM_LOCALES }).notNull().default('en'),
  /** What the bot waits for next from this chat ('keyword' after "Add a keyword"), else null. */
  awaiting: text('awaiting'),
  /** The person blocked the bot: every alert was ended then. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const chatRef = () =>
  bigint('chat_id', { mode: 'number' })
    .notNull()
    .references(() => telegramChats.chatId, { onDelete: 'cascade' });

/** Alerts for every new deal of a category. */
export const telegramAlertCategories = pgTable(
  'telegram_alert_categories',
  { chatId: chatRef(), category: text('category').notNull(), createdAt: createdAt() },
  (t) => [primaryKey({ columns: [t.chatId, t.category] }), index('telegram_alert_categories_match_idx').on(t.category, t.chatId)],
);

/** Alerts for new deals with a word (lower-case, one word) in their product, company or description. */
export const telegramAlertKeywords = pgTable(
  'telegram_alert_keywords',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chatId: chatRef(),
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('telegram_alert_keywords_chat_idx').on(t.chatId, t.keyword),
    index('telegram_alert_keywords_match_idx').on(t.keyword, t.chatId),
  ],
);

/** Alerts for new deals within 2 km of a shared location (one per chat). */
export const telegramAlertPlaces = pgTable(
  'telegram_alert_places',
  {
    chatId: chatRef().primaryKey(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_alert_places_geo_idx').on(t.latitude, t.longitude)],
);

/** Updates already handled: Telegram redelivers an update until it is answered. */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_updates_received_idx').on(t.receivedAt)],
);

export const TELEGRAM_JOB_KINDS = ['listing-verified', 'alert-digest'] as const;

/** Work for the one Telegram worker: alerts and the channel post of a newly verified listing, a daily digest. */
export const telegramJobs = pgTable(
  'telegram_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: TELEGRAM_JOB_KINDS }).notNull(),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).references(() => telegramChats.chatId, { onDelete: 'cascade' }),
    /** The Addis Ababa day (YYYY-MM-DD) a digest job gathers. */
    day: text('day'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('telegram_jobs_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.doneAt} is null`),
    uniqueIndex('telegram_jobs_digest_idx')
      .on(t.chatId, t.day)
      .where(sql`${t.kind} = 'alert-digest'`),
  ],
);

export const TELEGRAM_ALERT_STATES = ['queued', 'sent', 'digest', 'digested', 'dropped'] as const;

/**
 * One alert of one listing to one chat, whatever re-verifies it: queued, sent as its own message,
 * or (past the daily cap) waiting for the day's digest, then digested; dropped if the chat blocked the bot.
 */
export const telegramAlerts = pgTable(
  'telegram_alerts',
  {
    chatId: chatRef(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    state: text('state', { enum: TELEGRAM_ALERT_STATES }).notNull().default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.listingId] }),
    index('telegram_alerts_day_idx').on(t.chatId, t.day, t.state),
    index('telegram_alerts_listing_idx').on(t.listingId, t.state),
  ],
);

/** The channel post of a listing: posted once, whatever re-verifies it. */
export const telegramChannelPosts = pgTable('telegram_channel_posts', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  messageId: integer('message_id'),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Photos already uploaded to Telegram, sent again by their file_id instead of uploading them again. */
export const telegramPhotos = pgTable('telegram_photos', {
  imageKey: text('image_key').primaryKey(),
  fileId: text('file_id').notNull(),
  createdAt: createdAt(),
});

export const TELEGRAM_LOGIN_PURPOSES = ['sign-in', 'link'] as const;

/**
 * A "Continue with Telegram" in one browser: started with a nonce (in the bot link) bound to that
 * browser's cookie (only its hash is kept); confirmed in the bot by a Telegram user, which issues a
 * one-time link token (hash kept) valid 5 minutes and usable once.
 */
export const telegramLogins = pgTable(
  'telegram_logins',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    purpose: text('purpose', { enum: TELEGRAM_LOGIN_PURPOSES }).notNull(),
    /** For 'link': the signed-in Sefer user who asked to link their Telegram. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    telegramId: bigint('telegram_id', { mode: 'number' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    username: text('username'),
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_logins_expires_idx').on(t.expiresAt)],
);

/** Who runs a singleton worker (the Telegram sender): one process holds the lease and renews it. */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Periodic jobs that one process runs for all (run-once.server.ts): when each last ran, and how often it has. */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  runs: integer('runs').notNull().default(1),
});

// ---------------------------------------------------------------------------
// Trust: reports, moderation decisions, removed listings, renewals, statistics, saved deals
// ---------------------------------------------------------------------------

/** What can be reported. */
export const REPORT_ITEM_KINDS = ['listing', 'request', 'comment'] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];
export const REPORT_REASONS = ['scam', 'prepayment', 'wrong_category', 'offensive', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** One account's report of one listing, request or comment (once per account and item). */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemKind: text('item_kind', { enum: REPORT_ITEM_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    /** The reporter's words (required for `other`). */
    details: text('details'),
    /**
     * How much the report counts toward hiding the item (0, 0.5 or 1), from what the reporter had
     * shown when reporting (report-weight.server.ts, decision 0024); reports filed before weighing count 0.
     */
    weight: doublePrecision('weight').notNull().default(0),
    /** The reporter's client address as a keyed hash for this item only: one address counts once. */
    addressHash: text('address_hash'),
    createdAt: createdAt(),
    /** When an admin decided on the item (dismissed, hid it or banned its author). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution', { enum: ['dismissed', 'hidden', 'banned'] }),
  },
  (t) => [
    check('reports_item_kind_check', sql`${t.itemKind} in ('listing', 'request', 'comment')`),
    check('reports_reason_check', sql`${t.reason} in ('scam', 'prepayment', 'wrong_category', 'offensive', 'duplicate', 'other')`),
    uniqueIndex('reports_one_per_reporter_idx').on(t.itemKind, t.itemId, t.reporterId),
    // The admin queue: open reports, oldest first.
    index('reports_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** Every admin decision on an item or account: who, what and when. */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'listing' | 'request' | 'comment' | 'account' | 'seller'. */
    itemKind: text('item_kind').notNull(),
    /** The item's id (a user id for an account). */
    itemId: text('item_id').notNull(),
    /** 'dismiss' | 'hide' | 'unhide' | 'ban' | 'unban' | 'verify-seller' | 'unverify-seller'. */
    action: text('action').notNull(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_decisions_item_idx').on(t.itemKind, t.itemId, t.createdAt)],
);

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
