/**
 * The shop's one island: the cart (items, remove, total in Birr, checkout). The product list is
 * server-rendered HTML; its Buy Now buttons reach the cart store through src/features/shop/island/buy-buttons.ts,
 * and this island shows what the store holds and announces. Its words are in the page's language
 * (the messages read it from the URL), and so are the API's answers it shows (Accept-Language).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { m } from '#paraglide/messages.js';
import { getLocale } from '#paraglide/runtime.js';
import { SHOP_TEXTS, formatBirr, type CartItem } from '#features/shop/shop.ts';
import { $cart, $cartNews, $cartTotal, removeFromCart } from './cart.ts';

export interface ShopCartProps {
  signedIn: boolean;
  /** The checkout button's words, naming the card payment provider. */
  checkoutLabel: string;
  /** Where a signed-out visitor goes to sign in and come back. */
  loginHref: string;
}

// The server renders an empty cart (the kept one is only in the browser); hydration starts from it.
const NO_ITEMS: CartItem[] = [];
const serverItems = () => NO_ITEMS;
const serverTotal = () => 0;
const serverNews = () => '';

export default function ShopCart({ signedIn, checkoutLabel, loginHref }: ShopCartProps) {
  const items = useStore($cart, { ssr: serverItems });
  const total = useStore($cartTotal, { ssr: serverTotal });
  const news = useStore($cartNews, { ssr: serverNews });
  /** Starting a checkout clears the last announcement; the next one shows again. */
  const [newsShown, setNewsShown] = useState(true);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [cartVisible, setCartVisible] = useState(true);
  const section = useRef<HTMLElement>(null);

  // A new announcement replaces a checkout error.
  useEffect(
    () =>
      $cartNews.listen(() => {
        setError('');
        setNewsShown(true);
      }),
    [],
  );

  // The floating cart link shows only while the cart itself is off screen.
  useEffect(() => {
    if (!section.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setCartVisible(Boolean(entry?.isIntersecting)));
    observer.observe(section.current);
    return () => observer.disconnect();
  }, []);

  async function checkout() {
    if (busy || items.length === 0) return;
    if (!signedIn) {
      location.assign(loginHref);
      return;
    }
    setBusy(true);
    setError('');
    setNewsShown(false);
    try {
      const response = await fetch('/api/create-checkout-session/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': getLocale() },
        body: JSON.stringify({ items: items.map((i) => ({ id: i.id, name: i.name, price: i.price, quantity: 1 })) }),
      });
      if (response.status === 401) {
        location.assign(loginHref);
        return;
      }
      const body = (await response.json().catch(() => null)) as { id?: string; url?: string; error?: string } | null;
      if (response.ok && body?.id && body.url) {
        location.assign(body.url);
        return;
      }
      setError(m.shop_checkout_failed({ reason: body?.error ?? m.shop_checkout_server_status({ status: response.status }) }));
    } catch {
      setError(m.shop_checkout_offline());
    }
    setBusy(false);
  }

  return (
    <section ref={section} id="cart" aria-labelledby="cart-heading" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id="cart-heading" className="text-lg font-bold">
        {m.shop_cart_heading()}
        {items.length > 0 && <span className="font-semibold text-stone-500"> ({items.length})</span>}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-stone-600">{SHOP_TEXTS.emptyCart()}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100" aria-label={m.shop_cart_items()}>
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{item.name}</span>
                <span className="block text-sm text-stone-600">{m.shop_cart_quantity({ price: formatBirr(item.price) })}</span>
              </span>
              <button
                type="button"
                onClick={() => removeFromCart(item)}
                className="shrink-0 rounded-full border border-stone-300 px-3 py-1 text-sm font-semibold text-stone-700 hover:border-red-400 hover:text-red-700"
                aria-label={m.shop_cart_remove_label({ name: item.name })}
              >
                {m.shop_cart_remove()}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 flex items-baseline justify-between border-t border-stone-200 pt-3 font-bold">
        <span>{m.shop_total()}</span>
        <span data-cart-total>{formatBirr(total)}</span>
      </p>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-brand-800">
        {newsShown ? news : ''}
      </p>
      {error && (
        <p role="alert" className="mt-1 rounded-xl bg-red-50 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <button
        type="button"
        onClick={checkout}
        disabled={items.length === 0 || busy}
        className="mt-2 flex w-full items-center justify-center gap-2 rounded-full bg-brand-700 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-600"
      >
        <svg width="20" height="14" viewBox="0 0 20 14" aria-hidden="true">
          <rect x="0.75" y="0.75" width="18.5" height="12.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M1 4.5h18" stroke="currentColor" strokeWidth="2" />
        </svg>
        {busy ? m.shop_checkout_starting() : checkoutLabel}
      </button>
      {!signedIn && items.length > 0 && <p className="mt-2 text-center text-xs text-stone-600">{m.shop_cart_sign_in_first()}</p>}
      {items.length > 0 && !cartVisible && (
        <a href="#cart" className="fixed right-3 bottom-20 z-20 rounded-full bg-stone-900 px-4 py-2 text-sm font-bold text-white shadow-lg">
          {m.shop_cart_floating({ count: items.length, total: formatBirr(total) })}
        </a>
      )}
    </section>
  );
}
