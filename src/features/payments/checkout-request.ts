/**
 * A checkout from a plain HTML form (no script), read into the JSON body of
 * `POST /api/create-checkout-session/`. The bodies themselves are checked by what they buy
 * (shop/checkout-request.ts, promotions/promotion-request.ts), through the fulfillers.
 */

/**
 * A checkout from a plain HTML form (no script) in the JSON shape: `items` (one field per product
 * id, the shop's Buy Now) or `listing_id` and `days` (My Posts' Promote).
 */
export function checkoutRequestFromForm(values: Record<string, unknown>): unknown {
  if ('listing_id' in values || 'days' in values) return { promotion: { listingId: values.listing_id, days: values.days } };
  const items = values.items === undefined ? [] : Array.isArray(values.items) ? values.items : [values.items];
  return { items: items.map((id) => ({ id })) };
}

/** Where a form's checkout sends the buyer back when it cannot start: only the pages that post one. */
export const CHECKOUT_FORM_PAGES = ['/shop', '/myposts'] as const;
