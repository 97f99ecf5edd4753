/**
 * What an admin reads in Telegram, as text: a listing's caption stays within Telegram's 1,024
 * characters whatever the seller typed (in both languages), user text is escaped, the days read
 * as the seller chose them, and the standard rejection reasons exist in both languages.
 */
import { describe, expect, it } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { REJECTION_REASONS, rejectionReasonLabel, rejectionReasonText } from './rejection-reasons.ts';
import { CAPTION_LIMIT, daysText, listingReviewCaption, visibleLength, type ListingForReview, type SellerRecord } from './review-texts.ts';

const listing: ListingForReview = {
  id: 12,
  productName: 'Electric Injera Mitad',
  companyName: 'Bole Home Appliances',
  category: 'appliances',
  discount: '20',
  discountStartDays: null,
  discountDurationDays: 10,
  location: 'Bole, Addis Ababa',
  contactPhone: '+251911000000',
  contactTelegram: 'https://t.me/bole_home',
  description: 'A fine mitad.',
  edited: false,
};

const seller: SellerRecord = {
  name: 'Abebe <Kebede>',
  telegramUsername: 'abebe',
  telegramLinked: true,
  email: 'abebe@example.com',
  memberSince: new Date('2025-01-05T09:00:00Z'),
  verified: 4,
  rejected: 2,
  lastRejections: ['Blurry photo', 'No price'],
  bans: 0,
  bannedNow: false,
  hidden: 1,
};

describe("a listing's caption for the admins", () => {
  it('shows every field, the seller and their record, with user text escaped', () => {
    const caption = listingReviewCaption(listing, seller);
    for (const part of [
      'Days: from today · 10-day run',
      'Seller: <b>Abebe &lt;Kebede&gt;</b> · @abebe · abebe@example.com',
      'Earlier decisions: verified 4, rejected 2 · hidden by admins 1',
      'Last rejections: “Blurry photo”; “No price”',
      'Description: A fine mitad.',
    ])
      expect(caption).toContain(part);
  });

  it('stays within 1,024 characters with every field at its longest, in both languages, cutting the description first', () => {
    const long: ListingForReview = {
      ...listing,
      productName: 'P'.repeat(120),
      companyName: 'C'.repeat(120),
      location: 'L&'.repeat(100),
      contactPhone: '9'.repeat(30),
      contactTelegram: `https://t.me/${'t'.repeat(287)}`,
      description: 'D<'.repeat(1000),
      edited: true,
    };
    const verbose: SellerRecord = {
      ...seller,
      name: 'N'.repeat(200),
      email: `${'e'.repeat(240)}@x.et`,
      lastRejections: ['R'.repeat(500), 'R'.repeat(500), 'R'.repeat(500)],
      bans: 3,
      bannedNow: true,
    };
    for (const locale of ['en', 'am'] as const) {
      const caption = inLocale(locale, () => listingReviewCaption(long, verbose));
      expect(visibleLength(caption)).toBeLessThanOrEqual(CAPTION_LIMIT);
      expect(caption).not.toMatch(/<(?!\/?b>)/);
    }
    // A long description alone is cut to what is left.
    const caption = listingReviewCaption({ ...listing, description: 'word '.repeat(400) }, seller);
    expect(visibleLength(caption)).toBeLessThanOrEqual(CAPTION_LIMIT);
    expect(visibleLength(caption)).toBeGreaterThan(CAPTION_LIMIT - 30);
    expect(caption).toContain('Last rejections: “Blurry photo”; “No price”');
  });

  it('reads the days as the seller chose them', () => {
    expect(daysText(null, null)).toBe('from today · no end date');
    expect(daysText(3, 7)).toBe('starts in 3 d · 7-day run');
    expect(inLocale('am', () => daysText(0, 5))).toBe('ከዛሬ ጀምሮ · ለ5 ቀን');
  });
});

describe('the standard rejection reasons', () => {
  it('have a button and a sentence in both languages; a seller without a chat reads both', () => {
    for (const reason of REJECTION_REASONS) {
      expect(inLocale('en', () => rejectionReasonLabel(reason))).not.toBe(inLocale('am', () => rejectionReasonLabel(reason)));
      const en = rejectionReasonText(reason, 'en');
      const am = rejectionReasonText(reason, 'am');
      expect(en).not.toBe(am);
      expect(rejectionReasonText(reason, null)).toBe(`${en}\n${am}`);
      expect(rejectionReasonText(reason, null).length).toBeLessThanOrEqual(500);
    }
  });
});
