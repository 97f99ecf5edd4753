import { describe, expect, it } from 'vitest';
import {
  accountPageOf,
  accountPagingSchema,
  cancelSubscriptionSchema,
  decisionText,
  moderationSchema,
  NOT_UNDERSTOOD,
  orderDecisionSchema,
  postNotFoundText,
  postActionSchema,
  REASON_REQUIRED,
  refundRequestSchema,
} from './account.ts';
import { ID_TOO_LARGE, NUL_MESSAGE } from '#platform/http/input-guards.ts';
import { parseWith } from '#platform/http/result.ts';
import { cardFormSchema, cardShownBack } from '#features/payments/providers/test-card.ts';

describe('account paging', () => {
  it('reads page and limit, with defaults, and refuses bad values by name', () => {
    expect(parseWith(accountPagingSchema, {})).toEqual({ ok: true, value: { page: 1, pageSize: 20 } });
    expect(parseWith(accountPagingSchema, { page: '2', limit: '5' })).toEqual({ ok: true, value: { page: 2, pageSize: 5 } });
    expect(parseWith(accountPagingSchema, { page: '', limit: '' })).toEqual({ ok: true, value: { page: 1, pageSize: 20 } });
    expect(parseWith(accountPagingSchema, { limit: '1000' })).toMatchObject({
      ok: false,
      status: 400,
      fields: { limit: ['limit must be at most 100'] },
    });
    expect(parseWith(accountPagingSchema, { page: 'abc' })).toMatchObject({
      ok: false,
      status: 400,
      fields: { page: ['page must be a number'] },
    });
  });

  it('a page URL never errors: anything unusable is page 1', () => {
    expect(accountPageOf(new URLSearchParams('page=3'))).toEqual({ page: 3, pageSize: 20 });
    for (const bad of ['page=0', 'page=x', 'page=1.5', 'page=99999999', '']) {
      expect(accountPageOf(new URLSearchParams(bad)).page, bad).toBe(1);
    }
  });
});

describe('account forms', () => {
  it('a refund request names an order id', () => {
    expect(parseWith(refundRequestSchema, { action: 'refund', order: '7' })).toEqual({ ok: true, value: { action: 'refund', order: 7 } });
    expect(parseWith(refundRequestSchema, { action: 'refund', order: 'x' })).toMatchObject({
      ok: false,
      status: 400,
      error: NOT_UNDERSTOOD(),
    });
    expect(parseWith(refundRequestSchema, { action: 'other', order: '7' })).toMatchObject({ ok: false, error: NOT_UNDERSTOOD() });
    expect(parseWith(refundRequestSchema, { action: 'refund', order: '99999999999' })).toMatchObject({ ok: false, error: ID_TOO_LARGE });
  });

  it('cancelling names a subscription id', () => {
    expect(parseWith(cancelSubscriptionSchema, { action: 'cancel', subscription: '3' })).toMatchObject({
      ok: true,
      value: { subscription: 3 },
    });
    expect(parseWith(cancelSubscriptionSchema, { action: 'cancel' })).toMatchObject({ ok: false, error: NOT_UNDERSTOOD() });
  });

  it("an admin's order decision is deliver, approve or decline, and reads back as one line", () => {
    expect(parseWith(orderDecisionSchema, { action: 'approve', id: '4' })).toEqual({ ok: true, value: { action: 'approve', id: 4 } });
    expect(parseWith(orderDecisionSchema, { action: 'refund', id: '4' })).toMatchObject({ ok: false, error: NOT_UNDERSTOOD() });
    expect(decisionText({ action: 'deliver', id: 4, status: 'delivered', changed: true })).toBe('Order #4 is marked delivered.');
    expect(decisionText({ action: 'approve', id: 4, status: 'approved', changed: true })).toBe(
      'Refund #4 approved: the wallet is credited.',
    );
    expect(decisionText({ action: 'decline', id: 4, status: 'approved', changed: false })).toBe(
      'Refund #4 was already approved; nothing changed.',
    );
  });

  it('a rejection needs a reason without NUL; removals need an id; anything else is not understood', () => {
    expect(parseWith(moderationSchema, { action: 'verify', id: '1' })).toEqual({ ok: true, value: { action: 'verify', id: 1 } });
    expect(parseWith(moderationSchema, { action: 'reject', id: '1', reason: '  Blurry photo ' })).toEqual({
      ok: true,
      value: { action: 'reject', id: 1, reason: 'Blurry photo' },
    });
    expect(parseWith(moderationSchema, { action: 'reject', id: '1', reason: '   ' })).toMatchObject({
      ok: false,
      error: REASON_REQUIRED(),
    });
    expect(parseWith(moderationSchema, { action: 'reject', id: '1' })).toMatchObject({ ok: false, error: REASON_REQUIRED() });
    expect(parseWith(moderationSchema, { action: 'reject', id: '1', reason: 'Spam\0' })).toMatchObject({ ok: false, error: NUL_MESSAGE });
    expect(parseWith(moderationSchema, { action: 'remove-comment', id: '9' })).toMatchObject({ ok: true, value: { id: 9 } });
    expect(parseWith(moderationSchema, { action: 'publish', id: '1' })).toMatchObject({ ok: false, status: 400, error: NOT_UNDERSTOOD() });
    expect(parseWith(moderationSchema, {})).toMatchObject({ ok: false, error: NOT_UNDERSTOOD() });
  });

  it("a post's update keeps the listing fields for the edit reader; a bad id is not found", () => {
    const photo = new File(['x'], 'p.png', { type: 'image/png' });
    const update = parseWith(postActionSchema, { action: 'update', id: '5', product_name: 'Shiro', product_photo: photo });
    expect(update).toMatchObject({ ok: true, value: { action: 'update', id: 5, product_name: 'Shiro', product_photo: photo } });
    expect(parseWith(postActionSchema, { action: 'delete', id: '5', extra: 'x' })).toEqual({
      ok: true,
      value: { action: 'delete', id: 5 },
    });
    expect(parseWith(postActionSchema, { action: 'delete', id: 'abc' })).toMatchObject({ ok: false, error: postNotFoundText() });
    expect(parseWith(postActionSchema, { action: 'nope', id: '5' })).toMatchObject({ ok: false, error: NOT_UNDERSTOOD() });
  });
});

describe('test card form', () => {
  it('takes what was typed, cut to size, with missing fields empty', () => {
    expect(parseWith(cardFormSchema, { number: '4242 4242 4242 4242', expiry: '12/40', name: 'Abebe' })).toEqual({
      ok: true,
      value: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '', name: 'Abebe' },
    });
    const long = parseWith(cardFormSchema, { number: '4'.repeat(100), expiry: '1'.repeat(20), cvc: '1'.repeat(20), name: 'n'.repeat(300) });
    expect(long.ok && [long.value.number.length, long.value.expiry.length, long.value.cvc.length, long.value.name.length]).toEqual([
      40, 10, 6, 100,
    ]);
    expect(parseWith(cardFormSchema, { number: ['1', '2'] })).toMatchObject({ ok: false, status: 400 });
  });

  it('shows back only the public test numbers, and never the security code', () => {
    const card = { number: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', name: 'Abebe' };
    expect(cardShownBack(card)).toEqual({ ...card, cvc: '' });
    expect(cardShownBack({ ...card, number: '5555 5555 5555 4444' })).toEqual({ ...card, number: '', cvc: '' });
  });
});
