/**
 * The demo shop's shared words (isomorphic, imported by the cart island, so no zod here): money in
 * Birr, the cart's item, the storage key and the spec's texts.
 */
import { m } from '#paraglide/messages.js';

export { formatBirr } from '#platform/i18n/format.ts';

/** What the cart keeps per product (the price is for display; the server prices every checkout). */
export interface CartItem {
  id: number;
  name: string;
  price: number;
}

/** localStorage key of the cart (the shop's island writes it; /success clears it). */
export const CART_STORAGE_KEY = 'sefer:cart';

/** Most lines a checkout may have: every product and plan once. */
export const MAX_CHECKOUT_ITEMS = 30;

/** The spec's texts, as messages to call where they are shown (the page's language). */
export const SHOP_TEXTS = {
  emptyCart: m.shop_empty_cart,
  noProducts: m.shop_no_products,
  cancelled: m.shop_cancelled,
} as const;
