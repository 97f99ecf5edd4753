/**
 * The demo shop's catalogue, and pricing a cart from it. Prices always come from the database,
 * never from the client. What a paid product or plan becomes is in fulfillers.server.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { shopProducts, type ShopLine, type StoredImage } from '#db/schema.ts';
import { describeIssues, likePattern, MAX_QUERY_LENGTH } from '#features/listings/listing-query.ts';
import { checkoutRequestSchema } from './checkout-request.ts';
import type { Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';

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
export async function priceCheckout(db: Database, body: unknown): Promise<Result<{ lines: ShopLine[]; amountBirr: number }>> {
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
