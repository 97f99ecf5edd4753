/**
 * The demo shop's catalogue, checkout sessions and the one fulfilment function every payment
 * provider ends in. Prices always come from the database, never from the client; fulfilling the
 * same checkout twice (a redelivered webhook, a reloaded success page) makes one order.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  checkoutSessions,
  orderItems,
  orders,
  paymentUpdates,
  promotions,
  shopProducts,
  subscriptions,
  type CheckoutLine,
  type PaymentProviderName,
  type PromotionLine,
  type ShopLine,
  type StoredImage,
} from '#db/schema.ts';
import { describeIssues, likePattern, MAX_QUERY_LENGTH } from '#features/listings/listing-query.ts';
import { checkoutRequestSchema } from '#features/payments/checkout-request.ts';
import { formatBirr } from './shop.ts';
import type { Result } from '#platform/http/result.ts';
import { baseLocale } from '#platform/i18n/locales.ts';
import { m } from '#paraglide/messages.js';
import { inLocale } from '#platform/i18n/locale.server.ts';

export type ShopKind = 'product' | 'plan';

export interface ShopItem {
  id: number;
  slug: string;
  name: string;
  description: string;
  priceBirr: number;
  image: StoredImage | null;
  specs: string[];
  kind: ShopKind;
}

/** The shop's products (or plans) in their order, filtered by name (case-insensitive substring). */
export async function listShopItems(db: Database, filter: { kind: ShopKind; q?: string }): Promise<ShopItem[]> {
  const conditions: SQL[] = [eq(shopProducts.kind, filter.kind)];
  const q = filter.q?.trim().slice(0, MAX_QUERY_LENGTH);
  if (q) conditions.push(sql`lower(${shopProducts.name}) like ${likePattern(q)}`);
  return db
    .select({
      id: shopProducts.id,
      slug: shopProducts.slug,
      name: shopProducts.name,
      description: shopProducts.description,
      priceBirr: shopProducts.priceBirr,
      image: shopProducts.image,
      specs: shopProducts.specs,
      kind: shopProducts.kind,
    })
    .from(shopProducts)
    .where(and(...conditions))
    .orderBy(asc(shopProducts.position), asc(shopProducts.id));
}

/**
 * Reads a checkout request and prices it from the database: the client's names and prices are
 * ignored; unknown ids, duplicates and quantities other than 1 are refused (400).
 */
export async function priceCheckout(db: Database, body: unknown): Promise<Result<{ lines: CheckoutLine[]; amountBirr: number }>> {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { fields } = describeIssues(parsed.error);
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? m.shop_invalid_request(), fields };
  }
  const ids = parsed.data.items.map((i) => i.id);
  const rows = await db
    .select({ id: shopProducts.id, name: shopProducts.name, priceBirr: shopProducts.priceBirr, kind: shopProducts.kind })
    .from(shopProducts)
    .where(inArray(shopProducts.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    return {
      ok: false,
      status: 400,
      error: m.shop_items_gone(),
      fields: { items: unknown.map((id) => m.shop_unknown_product_id({ id })) },
    };
  }
  const lines = ids.map((id) => {
    const p = byId.get(id)!;
    return { shopProductId: p.id, name: p.name, priceBirr: p.priceBirr, quantity: 1, kind: p.kind };
  });
  return { ok: true, value: { lines, amountBirr: lines.reduce((sum, l) => sum + l.priceBirr * l.quantity, 0) } };
}

/** A fresh, unguessable checkout session id (it appears in /checkout/{id} and /success). */
export function newCheckoutSessionId(): string {
  return `chk_${randomBytes(18).toString('base64url')}`;
}

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(
  db: Database,
  values: { id: string; userId: string; provider: PaymentProviderName; lines: CheckoutLine[]; amountBirr: number },
): Promise<CheckoutSession> {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row!;
}

export async function getCheckoutSession(db: Database, id: string): Promise<CheckoutSession | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row ?? null;
}

/** The user's own checkout session; someone else's is as good as missing. */
export async function getOwnCheckoutSession(db: Database, userId: string, id: string): Promise<CheckoutSession | null> {
  if (!/^chk_[\w-]{10,60}$/.test(id)) return null;
  const row = await getCheckoutSession(db, id);
  return row && row.userId === userId ? row : null;
}

export interface Fulfilment {
  checkoutSessionId: string;
  /** The order made of the checkout's products (null when it only sold plans). */
  orderId: number | null;
  /** False when the checkout had already been fulfilled (nothing was written). */
  fulfilled: boolean;
}

const names = (lines: CheckoutLine[]) => lines.map((l) => l.name).join(', ');

/** A checkout's lines by what they become when paid: an order, subscriptions, promotions. */
export function linesByKind(lines: CheckoutLine[]): { products: ShopLine[]; plans: ShopLine[]; promotions: PromotionLine[] } {
  const products: ShopLine[] = [];
  const plans: ShopLine[] = [];
  const promoted: PromotionLine[] = [];
  for (const line of lines) {
    if (line.kind === 'promotion') promoted.push(line);
    else if (line.kind === 'plan') plans.push(line);
    else products.push(line);
  }
  return { products, plans, promotions: promoted };
}

/**
 * The payment update's words for a paid checkout, in the request's language. Stored in English;
 * shown in each page's language (payment-updates.server.ts makes them again from the checkout).
 */
export function paidMessage(amountBirr: number, orderId: number | null, lines: CheckoutLine[]): string {
  const { products, plans, promotions: promoted } = linesByKind(lines);
  const parts: string[] = [];
  if (orderId !== null) parts.push(m.account_update_part_order({ orderId, products: names(products) }));
  if (plans.length > 0) parts.push(m.account_update_part_plans({ count: plans.length, plans: names(plans) }));
  for (const p of promoted) parts.push(m.promotion_update_part({ days: p.days, name: p.name }));
  const what = parts.length === 2 ? m.account_update_and({ first: parts[0]!, second: parts[1]! }) : parts.join(', ');
  return m.account_update_paid_message({ amount: formatBirr(amountBirr), what });
}

/** The payment update's words for a declined payment, in the request's language. */
export function declinedMessage(amountBirr: number, reason: string): string {
  return m.account_update_declined_message({ amount: formatBirr(amountBirr), reason });
}

/**
 * Fulfils a paid checkout, once: in one transaction the session moves from open to complete (the
 * conditional update is the lock: a second delivery finds it complete and writes nothing), its
 * products become one order, its plans become subscriptions, and one payment update is recorded.
 * The unique keys on orders.checkout_session_id and payment_updates.event_key back this up.
 */
export async function fulfilCheckout(db: Database, checkoutSessionId: string, now = new Date()): Promise<Result<Fulfilment>> {
  return db.transaction(async (tx) => {
    // 'failed' too: Chapa may report a decline, then the buyer pays on the same page after all.
    const [claimed] = await tx
      .update(checkoutSessions)
      .set({ status: 'complete', completedAt: now })
      .where(and(eq(checkoutSessions.id, checkoutSessionId), inArray(checkoutSessions.status, ['open', 'failed'])))
      .returning();
    if (!claimed) {
      const [existing] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutSessionId)).limit(1);
      if (!existing) return { ok: false, status: 404, error: m.shop_checkout_not_found() } as const;
      if (existing.status === 'expired') return { ok: false, status: 409, error: m.shop_checkout_expired_error() } as const;
      const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId)).limit(1);
      return { ok: true, value: { checkoutSessionId, orderId: order?.id ?? null, fulfilled: false } } as const;
    }

    const { products, plans, promotions: promoted } = linesByKind(claimed.lines);
    let orderId: number | null = null;
    if (products.length > 0) {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: claimed.userId,
          checkoutSessionId,
          totalBirr: products.reduce((sum, l) => sum + l.priceBirr * l.quantity, 0),
          createdAt: now,
        })
        .onConflictDoNothing({ target: orders.checkoutSessionId })
        .returning({ id: orders.id });
      if (order) {
        orderId = order.id;
        await tx.insert(orderItems).values(
          products.map((l) => ({
            orderId: order.id,
            shopProductId: l.shopProductId,
            productName: l.name,
            priceBirr: l.priceBirr,
            quantity: l.quantity,
          })),
        );
      }
    }
    if (plans.length > 0) {
      await tx
        .insert(subscriptions)
        .values(plans.map((l) => ({ userId: claimed.userId, name: l.name, checkoutSessionId, createdAt: now })));
    }
    for (const line of promoted) {
      // A listing promoted again is promoted for longer: the new days follow the ones already paid.
      const [current] = await tx
        .select({ endsAt: max(promotions.endsAt) })
        .from(promotions)
        .where(and(eq(promotions.listingId, line.listingId), isNull(promotions.endedAt), gt(promotions.endsAt, now)));
      const startsAt = current?.endsAt && current.endsAt > now ? current.endsAt : now;
      await tx
        .insert(promotions)
        .values({
          listingId: line.listingId,
          sellerId: claimed.userId,
          checkoutSessionId,
          days: line.days,
          priceBirr: line.priceBirr,
          startsAt,
          endsAt: new Date(startsAt.getTime() + line.days * DAY_MS),
          createdAt: now,
        })
        .onConflictDoNothing({ target: [promotions.checkoutSessionId, promotions.listingId] });
    }
    await tx
      .insert(paymentUpdates)
      .values({
        userId: claimed.userId,
        message: inLocale(baseLocale, () => paidMessage(claimed.amountBirr, orderId, claimed.lines)),
        status: 'paid',
        eventKey: `checkout:${checkoutSessionId}:paid`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: paymentUpdates.eventKey });
    return { ok: true, value: { checkoutSessionId, orderId, fulfilled: true } } as const;
  });
}

/**
 * A declined attempt is a payment event too: the buyer sees it among their payment updates. The
 * reason is given in English (it is stored in English, like every payment update).
 */
export async function recordDeclinedPayment(db: Database, session: CheckoutSession, reason: string, now = new Date()): Promise<void> {
  await db.insert(paymentUpdates).values({
    userId: session.userId,
    message: inLocale(baseLocale, () => declinedMessage(session.amountBirr, reason)),
    status: 'declined',
    eventKey: `checkout:${session.id}:declined:${randomUUID()}`,
    createdAt: now,
  });
}

/**
 * A payment the provider refused (Chapa: declined, cancelled, or paid with another amount), recorded
 * once per checkout as a payment update in English.
 */
export async function recordFailedPayment(db: Database, session: CheckoutSession, providerStatus: string, now = new Date()): Promise<void> {
  const reason =
    providerStatus === 'amount_mismatch'
      ? m.shop_chapa_mismatch_reason({}, { locale: baseLocale })
      : ['cancelled', 'canceled', 'abandoned'].includes(providerStatus)
        ? m.shop_chapa_cancelled_reason({}, { locale: baseLocale })
        : m.shop_chapa_declined_reason({}, { locale: baseLocale });
  await db
    .insert(paymentUpdates)
    .values({
      userId: session.userId,
      message: inLocale(baseLocale, () => declinedMessage(session.amountBirr, reason)),
      status: 'declined',
      eventKey: `checkout:${session.id}:failed`,
      createdAt: now,
    })
    .onConflictDoNothing({ target: paymentUpdates.eventKey });
}

export async function setProviderSessionId(db: Database, id: string, providerSessionId: string): Promise<void> {
  await db.update(checkoutSessions).set({ providerSessionId }).where(eq(checkoutSessions.id, id));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a test checkout can be paid: Stripe Checkout's shortest expiry. */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;

/**
 * A test checkout as it stands at `now`: one still open after {@link CHECKOUT_TTL_MS} is marked
 * expired (it can no longer be paid). Stripe's checkouts expire on Stripe's side.
 */
export async function expireIfStale(db: Database, session: CheckoutSession, now = new Date()): Promise<CheckoutSession> {
  if (session.status !== 'open' || session.provider !== 'test') return session;
  if (now.getTime() - session.createdAt.getTime() < CHECKOUT_TTL_MS) return session;
  const [expired] = await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
    .returning();
  // Paid a moment ago, in another request: it is whatever it is now.
  return expired ?? (await getCheckoutSession(db, session.id)) ?? session;
}

/** Marks an open checkout as given up (the provider could not start it). */
export async function expireCheckoutSession(db: Database, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}
