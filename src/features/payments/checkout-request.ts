/**
 * The body of `POST /api/create-checkout-session/` (spec 7). Kept apart from `shop.ts` so the cart
 * island does not download zod: the cart cannot build an invalid request, the server checks it.
 */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';
import { MAX_CHECKOUT_ITEMS } from '#features/shop/shop.ts';

/** A message made when the check runs, so in the language the request asked for. */
const say = (message: () => string) => ({ error: () => message() });
const unknownProduct = say(m.shop_unknown_product);
const onceEach = say(m.shop_quantity_one);

const productId = z
  .union([z.number(), z.string().regex(/^\d+$/, unknownProduct).transform(Number)])
  .pipe(z.number(unknownProduct).int(unknownProduct).positive(unknownProduct).max(2_147_483_647, unknownProduct));

/**
 * A checkout request as the spec's client sends it: `{items:[{id,name,price,quantity}]}`. Names and
 * prices are accepted and ignored (the server prices every item); quantity must be 1.
 */
export const checkoutRequestSchema = z.object({
  items: z
    .array(
      z.object({
        id: productId,
        quantity: z.literal(1, onceEach).default(1),
      }),
      say(m.shop_items_not_list),
    )
    .min(1, say(m.shop_cart_empty_error))
    .max(
      MAX_CHECKOUT_ITEMS,
      say(() => m.shop_too_many_items({ max: MAX_CHECKOUT_ITEMS })),
    )
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, onceEach),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** A seller's promotion: one of their listings, for one of the plans' days (priced by the server). */
export const promotionRequestSchema = z.object({
  promotion: z.object({
    listingId: z.coerce
      .number(say(m.account_post_not_found))
      .int(say(m.account_post_not_found))
      .positive(say(m.account_post_not_found))
      .max(2_147_483_647, say(m.account_post_not_found)),
    days: z.coerce
      .number(say(m.promotion_choose_days))
      .int(say(m.promotion_choose_days))
      .min(1, say(m.promotion_choose_days))
      .max(365, say(m.promotion_choose_days)),
  }),
});
export type PromotionRequest = z.infer<typeof promotionRequestSchema>;

/** Whether a checkout body asks for a promotion rather than the shop's items. */
export const isPromotionRequest = (body: unknown): boolean => typeof body === 'object' && body !== null && 'promotion' in body;

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
