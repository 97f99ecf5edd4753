/**
 * Accounts: the shape better-auth's core tables require, plus our name fields, pending sign-ups
 * and "Continue with Telegram" sign-ins.
 */
import { relations } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

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

/**
 * How better-auth's rows relate, for its joins (`advanced.database.joins` in auth.server.ts): a
 * session is read with its user in one query on every signed-in request. Relations make no migration.
 */
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
