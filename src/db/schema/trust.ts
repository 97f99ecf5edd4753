/** Trust: reports and the admins' moderation decisions. */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

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
    /** 'dismiss' | 'hide' | 'unhide' | 'ban' | 'unban' | 'verify-seller' | 'unverify-seller', and a listing's review: 'verify' | 'reject' (note: the reason). */
    action: text('action').notNull(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_decisions_item_idx').on(t.itemKind, t.itemId, t.createdAt)],
);
