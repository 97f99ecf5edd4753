import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '#features/shop/shop.ts';
import { $cart, $cartNews, $cartTotal, buy, refreshCart, removeFromCart } from './cart.ts';

const speaker = { id: 1, name: 'Bluetooth Speaker', price: 5200 };
const watch = { id: 2, name: 'Smartwatch', price: 9500 };

describe('the cart store', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => {
    $cart.set([]);
    cleanTestStorage();
  });

  it('Buy Now adds a product once, keeps it under the cart key and says so', () => {
    buy(speaker);
    expect($cartNews.get()).toBe('Added Bluetooth Speaker to the cart.');
    buy(watch);
    buy(speaker);
    expect($cartNews.get()).toBe('Bluetooth Speaker is already in your cart.');
    expect($cart.get()).toEqual([speaker, watch]);
    expect($cartTotal.get()).toBe(14700);
    expect(JSON.parse(getTestStorage()[CART_STORAGE_KEY]!)).toEqual([speaker, watch]);
  });

  it('removing the last item removes the key, as /success does', () => {
    buy(speaker);
    removeFromCart(speaker);
    expect($cartNews.get()).toBe('Removed Bluetooth Speaker.');
    expect($cart.get()).toEqual([]);
    expect(CART_STORAGE_KEY in getTestStorage()).toBe(false);
  });

  it('takes names and prices from the page shown now', () => {
    buy(speaker);
    buy(watch);
    refreshCart(new Map([[1, { name: 'Bluetooth Speaker', price: 4900 }]]));
    expect($cart.get()).toEqual([{ ...speaker, price: 4900 }, watch]);
  });
});
