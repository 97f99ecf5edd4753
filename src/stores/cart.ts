/**
 * The shop's cart: a nanostores store kept in localStorage, so it survives reloads, sign-in and
 * the trip to the checkout page. Client state only: the server prices every checkout itself.
 */
import { atom, computed } from 'nanostores';
import { CART_STORAGE_KEY, MAX_CHECKOUT_ITEMS, type CartItem } from '#lib/shop.ts';

export const $cart = atom<CartItem[]>([]);
export const $cartTotal = computed($cart, (items) => items.reduce((sum, i) => sum + i.price, 0));

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

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: the cart still works for this page
  }
}

const store = storage();
if (store) {
  $cart.set(readStoredCart(store.getItem(CART_STORAGE_KEY)));
  $cart.listen((items) => {
    try {
      if (items.length === 0) store.removeItem(CART_STORAGE_KEY);
      else store.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // full or disabled: keep the cart in memory
    }
  });
  // Another tab changed the cart (or /success emptied it).
  addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) $cart.set(readStoredCart(store.getItem(CART_STORAGE_KEY)));
  });
}

/** Buy Now: adds a product once (quantity is always 1). */
export function addToCart(item: CartItem): void {
  const items = $cart.get();
  if (items.some((i) => i.id === item.id) || items.length >= MAX_CHECKOUT_ITEMS) return;
  $cart.set([...items, { id: item.id, name: item.name, price: item.price }]);
}

export function removeFromCart(id: number): void {
  $cart.set($cart.get().filter((i) => i.id !== id));
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

export function clearCart(): void {
  $cart.set([]);
}
