import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutRequestFromForm } from '#features/payments/checkout-request.ts';
import { isPromotionRequest, promotionRequestSchema } from '#features/promotions/promotion-request.ts';
import { withFormTargets } from '#platform/http/csp.mjs';
import { withPromoted } from '#features/promotions/promoted.ts';
import { callbackTxRef, chapaInitializeRequest, isChapaSignature } from './chapa.server.ts';
import { parseConfig } from '#platform/config/config.server.ts';
import { paymentFormOrigins } from '#features/payments/payments.server.ts';
import { unusedBirr } from '#features/promotions/promotions.server.ts';

describe('Chapa webhook signatures', () => {
  const body = '{"event":"charge.success","tx_ref":"chk_abc"}';
  const sign = (text: string, secret = 'secret-hash') => createHmac('sha256', secret).update(text).digest('hex');
  it('accepts the hex HMAC-SHA256 of the raw body with the secret hash, in either case', () => {
    expect(isChapaSignature(body, sign(body), 'secret-hash')).toBe(true);
    expect(isChapaSignature(body, sign(body).toUpperCase(), 'secret-hash')).toBe(true);
  });
  it('refuses a missing, malformed, other-secret or other-body signature', () => {
    for (const signature of [null, '', 'zz', sign(body).slice(2), sign(body, 'other'), sign(`${body}\n`)]) {
      expect(isChapaSignature(body, signature, 'secret-hash')).toBe(false);
    }
  });
});

describe('the initialize request', () => {
  const checkout = {
    id: 'chk_abc123',
    lines: [{ shopProductId: 1, name: 'Phone', priceBirr: 18500, quantity: 1 }],
    amountBirr: 18500,
    customerEmail: 'hana@x.et',
    customer: { email: 'hana@x.et', name: 'Hana Tesfaye Bekele', firstName: null, lastName: null },
  };
  it('sends the database amount in Birr, our id as tx_ref, and the URLs back to this site', () => {
    expect(chapaInitializeRequest(checkout, 'https://sefer.et')).toEqual({
      amount: '18500',
      currency: 'ETB',
      email: 'hana@x.et',
      first_name: 'Hana',
      last_name: 'Tesfaye Bekele',
      tx_ref: 'chk_abc123',
      callback_url: 'https://sefer.et/api/chapa/callback?tx_ref=chk_abc123',
      return_url: 'https://sefer.et/success?session_id=chk_abc123',
      customization: { title: 'Sefer', description: 'Sefer order of 1 item' },
    });
  });
  it('describes a promotion, in the characters Chapa allows', () => {
    const promotion = {
      kind: 'promotion' as const,
      listingId: 4,
      days: 7,
      name: 'Injera & wot: 20%!',
      priceBirr: 300,
      quantity: 1 as const,
    };
    const request = chapaInitializeRequest({ ...checkout, lines: [promotion], amountBirr: 300 }, 'https://sefer.et');
    expect(request.customization.description).toBe('Sefer promotion for 7 days');
    expect(request.customization.description).toMatch(/^[\w .-]+$/);
  });
  it("reads the callback's tx_ref or Chapa's trx_ref, nothing else", () => {
    expect(callbackTxRef(new URL('https://s/api/chapa/callback?tx_ref=chk_1'))).toBe('chk_1');
    expect(callbackTxRef(new URL('https://s/api/chapa/callback?trx_ref=chk_2&status=success'))).toBe('chk_2');
    expect(callbackTxRef(new URL('https://s/api/chapa/callback?tx_ref=%27%3B--'))).toBeNull();
    expect(callbackTxRef(new URL('https://s/api/chapa/callback'))).toBeNull();
  });
});

describe('checkout forms', () => {
  it('turns Buy Now and Promote forms into the JSON shape', () => {
    expect(checkoutRequestFromForm({ items: '5' })).toEqual({ items: [{ id: '5' }] });
    expect(checkoutRequestFromForm({ items: ['5', '6'], back: '/shop' })).toEqual({ items: [{ id: '5' }, { id: '6' }] });
    expect(checkoutRequestFromForm({ listing_id: '12', days: '7' })).toEqual({ promotion: { listingId: '12', days: '7' } });
    expect(isPromotionRequest({ promotion: {} })).toBe(true);
    expect(isPromotionRequest({ items: [] })).toBe(false);
    expect(promotionRequestSchema.safeParse({ promotion: { listingId: '12', days: '7' } }).data).toEqual({
      promotion: { listingId: 12, days: 7 },
    });
    expect(promotionRequestSchema.safeParse({ promotion: { listingId: '12', days: 'x' } }).error?.issues[0]?.message).toBe(
      'Choose 3, 7 or 14 days.',
    );
  });
  it("lets the pages' forms lead to the configured provider's hosted page, and nowhere else", () => {
    const policy = "default-src 'self'; form-action 'self'; object-src 'none'";
    const chapa = parseConfig({
      CHAPA_SECRET_KEY: 'CHASECK_TEST-k',
      CHAPA_WEBHOOK_SECRET: 'secret-hash',
      CHAPA_API_BASE: 'http://127.0.0.1:9000',
    });
    expect(withFormTargets(policy, paymentFormOrigins(chapa))).toBe(
      "default-src 'self'; form-action 'self' https://checkout.chapa.co http://127.0.0.1:9000; object-src 'none'",
    );
    expect(withFormTargets(policy, paymentFormOrigins(parseConfig({})))).toBe(policy);
  });
});

describe('promoted slots', () => {
  it('puts the promoted first, labelled, and does not show them twice', () => {
    const organic = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(withPromoted([{ id: 3 }], organic)).toEqual([{ id: 3, promoted: true }, { id: 1 }, { id: 2 }, { id: 4 }]);
    expect(withPromoted([{ id: 9 }, { id: 3 }], organic, 3)).toEqual([{ id: 9, promoted: true }, { id: 3, promoted: true }, { id: 1 }]);
    expect(withPromoted([], organic)).toEqual(organic);
  });
  it('refunds the unused days, all of them before the start, none after the end', () => {
    const p = { priceBirr: 300, startsAt: new Date('2026-03-01T00:00:00Z'), endsAt: new Date('2026-03-07T00:00:00Z') };
    expect(unusedBirr(p, new Date('2026-02-20T00:00:00Z'))).toBe(300);
    expect(unusedBirr(p, new Date('2026-03-04T00:00:00Z'))).toBe(150);
    expect(unusedBirr(p, new Date('2026-03-06T12:00:00Z'))).toBe(25);
    expect(unusedBirr(p, new Date('2026-03-08T00:00:00Z'))).toBe(0);
  });
});
