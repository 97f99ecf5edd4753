/**
 * The shop's body of `POST /api/create-checkout-session/` (spec 7). Kept apart from `shop.ts` so
 * the cart island does not download zod: the cart cannot build an invalid request, the server checks it.
 */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';
import { MAX_CHECKOUT_ITEMS } from './shop.ts';

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
