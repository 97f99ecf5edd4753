/** The words the shop pages choose from a query or a provider's answer. */
import { describe, expect, it } from 'vitest';
import { checkoutFailedText } from './shop.page.server.ts';
import { refusedText } from './success.page.server.ts';

describe('shop pages', () => {
  it('a Buy Now that came back says why its checkout did not start, by status', () => {
    expect(checkoutFailedText(null)).toBeNull();
    expect(checkoutFailedText('')).toBeNull();
    expect(checkoutFailedText('429')).toBe('You are doing that too often. Please wait a minute and try again.');
    expect(checkoutFailedText('502')).toBe('The payment provider could not start your checkout. Please try again in a minute.');
    expect(checkoutFailedText('400')).toBe('Some items in your cart are no longer sold. Remove them and try again.');
    expect(checkoutFailedText('503')).toBe('The payment could not start. Please try again in a moment.');
  });

  it('a refused payment says whether it was cancelled, declined or the amount did not match', () => {
    expect(refusedText('amount_mismatch')).toMatch(/different amount/);
    for (const reason of ['cancelled', 'canceled', 'abandoned']) expect(refusedText(reason)).toMatch(/You cancelled the payment/);
    expect(refusedText('failed')).toMatch(/did not go through/);
    expect(refusedText(null)).toMatch(/did not go through/);
  });
});
