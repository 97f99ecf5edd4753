/** Telegram: the bot's chats, their alerts, the alert jobs and channel posts. */
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { listings } from './listings.ts';

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
    /** The search keys the word matches (features/search): a listing whose keys overlap is an alert. */
    keys: text('keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The search-document version of `keys`; older rows are re-derived at boot. */
    searchVersion: integer('search_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('telegram_alert_keywords_chat_idx').on(t.chatId, t.keyword),
    index('telegram_alert_keywords_match_idx').on(t.keyword, t.chatId),
    index('telegram_alert_keywords_keys_idx').using('gin', t.keys),
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

/**
 * An inline button's action, behind opaque callback data (`b:<token>`): the token is random and the
 * row binds it to the one chat it was sent to, so a press from another chat (or made-up data) finds
 * nothing. `usedAt` spends a single-use button.
 */
export const telegramButtons = pgTable(
  'telegram_buttons',
  {
    token: text('token').primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    item: text('item').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_buttons_created_idx').on(t.createdAt)],
);

/** A deal being posted from the bot, one per chat: what was answered so far and the step asked next. */
export const telegramDrafts = pgTable(
  'telegram_drafts',
  {
    chatId: chatRef().primaryKey(),
    step: text('step').notNull(),
    data: jsonb('data').notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('telegram_drafts_expires_idx').on(t.expiresAt)],
);

export const TELEGRAM_REVIEW_KINDS = ['listing', 'report'] as const;

/**
 * A moderation message sent to an admin's chat (a listing to verify, a report to decide), kept so
 * a decision taken anywhere updates every copy and nothing is decided twice.
 */
export const telegramReviewMessages = pgTable(
  'telegram_review_messages',
  {
    kind: text('kind', { enum: TELEGRAM_REVIEW_KINDS }).notNull(),
    /** The listing id, or the report queue item (`listing:12`, `comment:3`, …). */
    item: text('item').notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    messageId: integer('message_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.item, t.chatId] })],
);

/** What a seller's Telegram contact is (a person, a bot, a public channel or group). */
export const TELEGRAM_CONTACT_KINDS = ['person', 'bot', 'channel', 'group'] as const;
export type TelegramContactKind = (typeof TELEGRAM_CONTACT_KINDS)[number];

/**
 * Sellers' Telegram usernames (lower case) and what each is, as Telegram's getChat told the bot in
 * the background (features/telegram/contact-kinds.server.ts); a username without a row is not known
 * yet. Cards and the deal page read it by the primary key (listings' `contactKind`).
 */
export const telegramContactKinds = pgTable('telegram_contact_kinds', {
  username: text('username').primaryKey(),
  kind: text('kind', { enum: TELEGRAM_CONTACT_KINDS }).notNull(),
  /** When Telegram was asked (a row older than a month is asked again). */
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
