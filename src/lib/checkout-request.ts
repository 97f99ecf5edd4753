/**
 * The body of `POST /api/create-checkout-session/` (spec 7). Kept apart from `shop.ts` so the cart
 * island does not download zod: the cart cannot build an invalid request, the server checks it.
 */
import { z } from 'zod';
import { MAX_CHECKOUT_ITEMS } from './shop.ts';

const productId = z
  .union([z.number(), z.string().regex(/^\d+$/, 'Unknown product.').transform(Number)])
  .pipe(
    z.number({ error: 'Unknown product.' }).int('Unknown product.').positive('Unknown product.').max(2_147_483_647, 'Unknown product.'),
  );

/**
 * A checkout request as the spec's client sends it: `{items:[{id,name,price,quantity}]}`. Names and
 * prices are accepted and ignored (the server prices every item); quantity must be 1.
 */
export const checkoutRequestSchema = z.object({
  items: z
    .array(
      z.object({
        id: productId,
        quantity: z.literal(1, { error: 'Each product can be bought once per order (quantity 1).' }).default(1),
      }),
      { error: 'items must be a list of products.' },
    )
    .min(1, 'Your cart is empty.')
    .max(MAX_CHECKOUT_ITEMS, `At most ${MAX_CHECKOUT_ITEMS} items per order.`)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Each product can be bought once per order (quantity 1).'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
