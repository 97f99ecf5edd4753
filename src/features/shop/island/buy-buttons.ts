/**
 * The shop's Buy Now buttons, wired to the cart store (a module script of /shop, bundled with the
 * store it shares with the cart island). The buttons are server-rendered and carry their product
 * in data attributes; the page's inline script (inline/shop.js) numbers each tap on its button
 * (`data-tapped`) from the first paint, so taps made before this module loads are added too, in order.
 */
import type { CartItem } from '#features/shop/shop.ts';
import { $cart, buy, refreshCart } from './cart.ts';

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('button[data-buy]')];

function itemOf(button: HTMLElement): CartItem | null {
  const id = Number(button.dataset.id);
  const price = Number(button.dataset.price);
  const name = button.dataset.name ?? '';
  return Number.isInteger(id) && Number.isFinite(price) && name ? { id, name, price } : null;
}

/** Buttons show whether their product is in the cart. */
function markInCart(items: readonly CartItem[]) {
  const ids = new Set(items.map((i) => i.id));
  for (const b of buttons()) {
    if (ids.has(Number(b.dataset.id))) b.dataset.inCart = '';
    else delete b.dataset.inCart;
  }
}

/** Adds every tapped product, in tap order. */
function takeTaps() {
  const tapped = buttons()
    .filter((b) => b.dataset.tapped !== undefined)
    .sort((a, b) => Number(a.dataset.tapped) - Number(b.dataset.tapped));
  for (const button of tapped) {
    delete button.dataset.tapped;
    const item = itemOf(button);
    if (item) buy(item);
  }
  markInCart($cart.get());
}

const shown = new Map<number, { name: string; price: number }>();
for (const b of buttons()) {
  const item = itemOf(b);
  if (item) shown.set(item.id, { name: item.name, price: item.price });
}
refreshCart(shown);
takeTaps();
// Added after the inline script's listener, so it runs once that one has numbered the tap.
document.addEventListener('click', takeTaps);
$cart.subscribe(markInCart);
