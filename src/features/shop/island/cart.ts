/**
 * The shop's cart: a nanostores store kept in localStorage by `@nanostores/persistent`, so it
 * survives reloads, sign-in and the trip to the checkout page, and follows other tabs (and /success,
 * which empties it). Client state only: the server prices every checkout itself. The Buy Now
 * buttons (src/features/shop/island/buy-buttons.ts) and the cart island both go through this module. Its
 * announcements are in the page's language (the messages read it from the URL).
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { m } from '#paraglide/messages.js';
import { CART_STORAGE_KEY, MAX_CHECKOUT_ITEMS, type CartItem } from '#features/shop/shop.ts';

const isItem = (x: unknown): x is CartItem =>
  typeof x === 'object' &&
  x !== null &&
  Number.isInteger((x as CartItem).id) &&
  typeof (x as CartItem).name === 'string' &&
  typeof (x as CartItem).price === 'number';

/** What localStorage holds, ignoring anything unreadable. */
export function readStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<number>();
    return parsed.filter((x): x is CartItem => isItem(x) && !seen.has(x.id) && Boolean(seen.add(x.id))).slice(0, MAX_CHECKOUT_ITEMS);
  } catch {
    return [];
  }
}

/** An empty cart removes the key, as /success does after a payment. */
export const $cart = persistentAtom<CartItem[]>(CART_STORAGE_KEY, [], {
  encode: (items) => (items.length === 0 ? undefined : JSON.stringify(items)),
  decode: readStoredCart,
});
export const $cartTotal = computed($cart, (items) => items.reduce((sum, i) => sum + i.price, 0));

/** What the cart last announced (an item added or removed), for its polite status line. */
export const $cartNews = atom('');

/** Buy Now: adds a product once (quantity is always 1) and says so. */
export function buy(item: CartItem): void {
  const items = $cart.get();
  const already = items.some((i) => i.id === item.id);
  if (!already && items.length < MAX_CHECKOUT_ITEMS) $cart.set([...items, { id: item.id, name: item.name, price: item.price }]);
  $cartNews.set(already ? m.shop_cart_already({ name: item.name }) : m.shop_cart_added({ name: item.name }));
}

export function removeFromCart(item: CartItem): void {
  $cart.set($cart.get().filter((i) => i.id !== item.id));
  $cartNews.set(m.shop_cart_removed({ name: item.name }));
}

/** Refreshes names and prices from what the page shows now (the server's current catalogue). */
export function refreshCart(current: ReadonlyMap<number, { name: string; price: number }>): void {
  const items = $cart.get();
  const next = items.map((i) => {
    const c = current.get(i.id);
    return c && (c.name !== i.name || c.price !== i.price) ? { ...i, ...c } : i;
  });
  if (next.some((item, index) => item !== items[index])) $cart.set(next);
}
