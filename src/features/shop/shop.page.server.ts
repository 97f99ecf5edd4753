/**
 * The /shop page's reads: the catalogue (products and plans), the name filter as typed, and what
 * to say when a Buy Now form without script came back from a checkout that could not start.
 */
import type { AstroGlobal } from 'astro';
import { MAX_QUERY_LENGTH } from '#features/listings/listing-query.ts';
import { checkoutButtonLabel } from '#features/payments/payments.server.ts';
import { readOrNull } from '#platform/http/safe.server.ts';
import { listShopItems } from './shop.server.ts';
import { m } from '#paraglide/messages.js';

/** The words for a Buy Now form's failed checkout, by the status it came back with (`?checkout_failed=`). */
export function checkoutFailedText(status: string | null): string | null {
  if (!status) return null;
  if (status === '429') return m.shop_too_often();
  if (status === '502') return m.shop_provider_failed();
  if (status === '400') return m.shop_items_gone();
  return m.shop_form_checkout_failed();
}

/** What /shop shows; a 503 with the load error when the catalogue cannot be read. */
export async function loadShopPage(page: AstroGlobal) {
  const { db } = page.locals;
  const q = (page.url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const matches = (name: string) => name.toLowerCase().includes(q.toLowerCase());
  const catalogue = await readOrNull('shop', async () => ({
    products: await listShopItems(db, { kind: 'product' }),
    plans: await listShopItems(db, { kind: 'plan' }),
  }));
  if (!catalogue) page.response.status = 503;
  return {
    q,
    matches,
    catalogue,
    anyMatch: catalogue?.products.some((p) => matches(p.name)) ?? false,
    checkoutFailedText: checkoutFailedText(page.url.searchParams.get('checkout_failed')),
    checkoutLabel: checkoutButtonLabel(),
  };
}
