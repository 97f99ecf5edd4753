/**
 * The demo shop: products and plans, orders, subscriptions, and refunds (a refund is of one order, so
 * it lives beside the orders; how it is paid back is payments' REFUND_METHODS).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { REFUND_METHODS, checkoutSessions } from './payments.ts';
import type { StoredImage } from './media.ts';

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
