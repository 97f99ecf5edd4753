/** /myposts' words and buttons for each state of a deal (seller-deals.ts). */
import { describe, expect, it } from 'vitest';
import { DAY, FIXED_NOW } from '#fixtures/listings.ts';
import { dealActions, dealText, editUrl, statusText, type SellerDeal } from './seller-deals.ts';

const at = (ms: number) => new Date(FIXED_NOW.getTime() + ms);

/** A verified, visible deal posted a day ago, running ten days. */
const deal = (overrides: Partial<SellerDeal> = {}): SellerDeal => ({
  id: 7,
  ownerId: 'seller-1',
  productName: 'Teff <flour>',
  companyName: 'Merkato & Sons',
  status: 'verified',
  rejectionReason: null,
  hiddenAt: null,
  hiddenReason: null,
  sellerBanned: false,
  discount: '20',
  datePosted: at(-DAY),
  discountStartDays: null,
  discountDurationDays: 10,
  endsAt: at(9 * DAY),
  ...overrides,
});

describe('a deal in /myposts', () => {
  it('says each status in words', () => {
    expect(statusText(deal(), FIXED_NOW)).toBe('✅ Live · 9 days left to end');
    expect(statusText(deal({ discountDurationDays: null, endsAt: null }), FIXED_NOW)).toBe('✅ Live · Ongoing');
    expect(statusText(deal({ discount: 'waiting' }), FIXED_NOW)).toBe('✅ Live · Waiting');
    expect(statusText(deal({ discountDurationDays: 1, endsAt: at(0) }), FIXED_NOW)).toBe('⌛ Ended');
    expect(statusText(deal({ status: 'pending' }), FIXED_NOW)).toBe('⏳ Waiting for verification');
    expect(statusText(deal({ status: 'rejected', rejectionReason: 'Blurry photo' }), FIXED_NOW)).toBe('❌ Rejected: Blurry photo');
    expect(statusText(deal({ status: 'rejected', rejectionReason: ' ' }), FIXED_NOW)).toBe('❌ Rejected');
    expect(statusText(deal({ hiddenAt: FIXED_NOW, hiddenReason: 'reports' }), FIXED_NOW)).toMatch(/^🚫 Hidden after reports/);
    expect(statusText(deal({ hiddenAt: FIXED_NOW, hiddenReason: 'admin' }), FIXED_NOW)).toBe('🚫 Hidden by the Sefer team');
    expect(statusText(deal({ sellerBanned: true }), FIXED_NOW)).toBe('🚫 Hidden by the Sefer team');
  });

  it("escapes the seller's words in its message", () => {
    expect(dealText(deal(), { views7: 4, telegram7: 1 }, FIXED_NOW)).toBe(
      '<b>Teff &lt;flour&gt;</b>\nMerkato &amp; Sons\n✅ Live · 9 days left to end\n📊 Last 7 days: views 4 · Telegram taps 1',
    );
  });

  it('offers Renew when due, End now while live, Promote while public and not ended', () => {
    expect(dealActions(deal(), FIXED_NOW)).toEqual({ renew: false, end: true, promote: true });
    expect(dealActions(deal({ endsAt: at(DAY / 2) }), FIXED_NOW)).toEqual({ renew: true, end: true, promote: true });
    expect(dealActions(deal({ endsAt: at(-DAY) }), FIXED_NOW)).toEqual({ renew: true, end: false, promote: false });
    expect(dealActions(deal({ discount: 'waiting' }), FIXED_NOW)).toEqual({ renew: false, end: false, promote: true });
    const none = { renew: false, end: false, promote: false };
    expect(dealActions(deal({ status: 'pending' }), FIXED_NOW)).toEqual(none);
    expect(dealActions(deal({ status: 'rejected' }), FIXED_NOW)).toEqual(none);
    expect(dealActions(deal({ hiddenAt: FIXED_NOW, hiddenReason: 'reports', endsAt: at(-DAY) }), FIXED_NOW)).toEqual(none);
  });

  it('links to its edit form on the web, in the chat language', () => {
    expect(editUrl('https://sefer.test', 7, 'en')).toBe('https://sefer.test/myposts?edit=7#post-7');
    expect(editUrl('https://sefer.test', 7, 'am')).toBe('https://sefer.test/am/myposts?edit=7#post-7');
  });
});
