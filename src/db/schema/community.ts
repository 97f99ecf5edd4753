/** Community: buy/sell requests, likes, comments, contact messages. */
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { HIDDEN_REASONS, listings } from './listings.ts';

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
