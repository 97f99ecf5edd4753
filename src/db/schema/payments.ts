/** Payments: checkout sessions and what they sell, payment updates, the wallet, refund methods. */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';

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

export const REFUND_METHODS = ['chapa', 'wallet'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
