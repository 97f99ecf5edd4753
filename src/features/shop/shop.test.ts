import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#platform/config/config.server.ts';
import { checkoutButtonLabel, providerName } from '#features/payments/payments.server.ts';
import { checkoutRequestSchema } from './checkout-request.ts';
import { formatBirr } from './shop.ts';
import { CARD_MESSAGES, checkTestCard, luhnValid, parseExpiry } from '#features/payments/providers/test-card.ts';
import { readStoredCart } from './island/cart.ts';

const now = new Date('2026-03-10T09:00:00Z');
const card = (overrides: Partial<{ number: string; expiry: string; cvc: string; name: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  name: 'Abebe Kebede',
  ...overrides,
});

describe('money', () => {
  it('formats whole Birr with thousands separators', () => {
    expect(formatBirr(5200)).toBe('5,200 Birr');
    expect(formatBirr(115000)).toBe('115,000 Birr');
    expect(formatBirr(0)).toBe('0 Birr');
  });
});

describe('the checkout request schema', () => {
  it('keeps ids and quantity 1, drops the client prices and names', () => {
    expect(checkoutRequestSchema.parse({ items: [{ id: 3, name: 'x', price: 1, quantity: 1 }, { id: '4' }] })).toEqual({
      items: [
        { id: 3, quantity: 1 },
        { id: 4, quantity: 1 },
      ],
    });
  });
  it('refuses other quantities, duplicates, bad ids and an empty cart', () => {
    for (const items of [[{ id: 3, quantity: 2 }], [{ id: 3 }, { id: 3 }], [{ id: -1 }], [{ id: 1.5 }], [{ id: 'x' }], [], 'nope']) {
      expect(checkoutRequestSchema.safeParse({ items }).success, JSON.stringify(items)).toBe(false);
    }
  });
});

describe('the test checkout card rules', () => {
  it('Luhn and expiry', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('3 / 2027')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('soon')).toBeNull();
  });
  it('4242… is approved, 4000 0000 0000 0002 is declined with a message', () => {
    expect(checkTestCard(card(), now)).toEqual({ outcome: 'approved', last4: '4242' });
    expect(checkTestCard(card({ number: '4000 0000 0000 0002' }), now)).toEqual({
      outcome: 'declined',
      message: CARD_MESSAGES.declined(),
      last4: '0002',
    });
  });
  it('other valid numbers are not test cards; bad numbers, dates, codes and names are named', () => {
    expect(checkTestCard(card({ number: '5555 5555 5555 4444' }), now)).toEqual({
      outcome: 'invalid',
      errors: { number: CARD_MESSAGES.notTestCard() },
    });
    expect(CARD_MESSAGES.notTestCard()).toMatch(/^Your card number is not a test card/);
    expect(checkTestCard(card({ number: '4242 4242 4242 4241', expiry: '02/26', cvc: '1', name: ' ' }), now)).toEqual({
      outcome: 'invalid',
      errors: {
        number: CARD_MESSAGES.numberInvalid(),
        expiry: CARD_MESSAGES.expiryPast(),
        cvc: CARD_MESSAGES.cvcInvalid(),
        name: CARD_MESSAGES.nameRequired(),
      },
    });
    // Valid until the end of the expiry month.
    expect(checkTestCard(card({ expiry: '03/26' }), now).outcome).toBe('approved');
    expect(checkTestCard(card({ number: '' }), now)).toMatchObject({ errors: { number: CARD_MESSAGES.numberRequired() } });
  });
});

describe('the stored cart', () => {
  it('reads what localStorage holds and ignores anything else', () => {
    expect(
      readStoredCart(JSON.stringify([{ id: 1, name: 'A', price: 5200 }, { id: 1, name: 'A', price: 5200 }, { id: 'x' }, null])),
    ).toEqual([{ id: 1, name: 'A', price: 5200 }]);
    expect(readStoredCart('{broken')).toEqual([]);
    expect(readStoredCart(null)).toEqual([]);
  });
});

describe('payment configuration', () => {
  const keys = {
    STRIPE_SECRET_KEY: 'sk_test_abc123',
    PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };
  it('uses the built-in test checkout with no keys, Stripe with all three', () => {
    expect(parseConfig({}).stripe).toBeNull();
    expect(parseConfig(keys).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
    });
    expect(checkoutButtonLabel(parseConfig({}))).toBe('Checkout with card');
    expect(checkoutButtonLabel(parseConfig(keys))).toBe('Checkout with Stripe');
  });
  const chapaKeys = { CHAPA_SECRET_KEY: 'CHASECK_TEST-abc123XYZ', CHAPA_WEBHOOK_SECRET: 'a-secret-hash' };
  it('uses Chapa when its keys are set, before Stripe, at api.chapa.co unless told otherwise', () => {
    expect(parseConfig({}).chapa).toBeNull();
    expect(parseConfig(chapaKeys).chapa).toEqual({
      secretKey: 'CHASECK_TEST-abc123XYZ',
      webhookSecret: 'a-secret-hash',
      apiBase: 'https://api.chapa.co',
    });
    expect(parseConfig({ ...chapaKeys, CHAPA_API_BASE: 'http://127.0.0.1:9999/' }).chapa?.apiBase).toBe('http://127.0.0.1:9999');
    expect(parseConfig({ ...chapaKeys, CHAPA_API_BASE: '' }).chapa?.apiBase).toBe('https://api.chapa.co');
    expect(providerName(parseConfig({ ...chapaKeys, ...keys }))).toBe('chapa');
    expect(providerName(parseConfig(keys))).toBe('stripe');
    expect(providerName(parseConfig({}))).toBe('test');
    expect(checkoutButtonLabel(parseConfig({ ...chapaKeys, ...keys }))).toBe('Pay with telebirr, CBE Birr or card');
    expect(parseConfig({ CHAPA_SECRET_KEY: 'CHASECK-live_key-1', CHAPA_WEBHOOK_SECRET: 'x'.repeat(8) }).chapa?.secretKey).toBe(
      'CHASECK-live_key-1',
    );
  });
  it('names the missing or malformed Chapa variables', () => {
    expect(() => parseConfig({ CHAPA_SECRET_KEY: chapaKeys.CHAPA_SECRET_KEY })).toThrow(/CHAPA_WEBHOOK_SECRET/);
    expect(() => parseConfig({ CHAPA_WEBHOOK_SECRET: chapaKeys.CHAPA_WEBHOOK_SECRET })).toThrow(/CHAPA_SECRET_KEY/);
    expect(() => parseConfig({ ...chapaKeys, CHAPA_SECRET_KEY: 'sk_test_abc' })).toThrow(/CHAPA_SECRET_KEY: must be a Chapa secret key/);
    expect(() => parseConfig({ ...chapaKeys, CHAPA_WEBHOOK_SECRET: 'short' })).toThrow(/CHAPA_WEBHOOK_SECRET/);
    expect(() => parseConfig({ ...chapaKeys, CHAPA_API_BASE: 'ftp://chapa' })).toThrow(/CHAPA_API_BASE/);
  });
  it('names the missing or malformed Stripe variables', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /PUBLIC_STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_test_wrong' })).toThrow(/STRIPE_SECRET_KEY/);
  });
  it('only the Stripe adapter imports the Stripe SDK (loaded only when keyed)', async () => {
    const files = (await readdir('src', { recursive: true })).filter((f) => /\.(ts|tsx|astro)$/.test(f));
    const importers: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join('src', file), 'utf8');
      if (/from ['"](stripe|@stripe\/stripe-js)['"]|import\(['"](stripe|@stripe\/stripe-js)['"]\)/.test(text)) importers.push(file);
      // Everyone else reaches the adapter through a dynamic import() (type-only imports are erased).
      if (/^import (?!type ).*from ['"][^'"]*stripe\.server\.ts['"]/m.test(text))
        importers.push(`${file} imports stripe.server.ts statically`);
    }
    expect(importers).toEqual([path.join('features', 'payments', 'providers', 'stripe.server.ts')]);
  });
});
