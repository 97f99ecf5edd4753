import { describe, expect, it } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { listingShareUrl, shareDiscountText, telegramShareUrl } from './share.ts';

const SITE = 'https://sefer.example';
const listing = { id: 42, productName: 'Teff & Injera 100%', companyName: 'Bole Bakery', discount: '20' };

/** The url and text a share link sends, decoded. */
function sent(href: string): { url: string | null; text: string | null } {
  const link = new URL(href);
  expect(`${link.origin}${link.pathname}`).toBe('https://t.me/share/url');
  return { url: link.searchParams.get('url'), text: link.searchParams.get('text') };
}

describe('telegramShareUrl', () => {
  it('percent-encodes the url and the text, spaces included', () => {
    const href = telegramShareUrl('https://sefer.example/listings/1-a?x=1&y=2', 'A & B — 20% OFF #1');
    expect(href).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fsefer.example%2Flistings%2F1-a%3Fx%3D1%26y%3D2&text=A%20%26%20B%20%E2%80%94%2020%25%20OFF%20%231',
    );
    expect(sent(href)).toEqual({ url: 'https://sefer.example/listings/1-a?x=1&y=2', text: 'A & B — 20% OFF #1' });
  });
});

describe('shareDiscountText', () => {
  it('is the badge for a percent, the detail state otherwise', () => {
    expect(shareDiscountText('20', { kind: 'active', daysToEnd: 3 })).toBe('20% OFF');
    expect(shareDiscountText('waiting', { kind: 'waiting' })).toBe('Waiting for discount');
    expect(shareDiscountText(null, { kind: 'ongoing' })).toBe('Discount active');
  });

  it('follows the page language', () => {
    expect(inLocale('am', () => shareDiscountText('20', { kind: 'ongoing' }))).toBe('20% ቅናሽ');
    expect(inLocale('am', () => shareDiscountText('waiting', { kind: 'waiting' }))).toBe('ቅናሹን በመጠባበቅ ላይ');
  });
});

describe('listingShareUrl', () => {
  it("sends the listing's absolute canonical address and product — discount — company", () => {
    expect(sent(listingShareUrl(SITE, listing, { kind: 'ongoing' }))).toEqual({
      url: 'https://sefer.example/listings/42-teff-injera-100',
      text: 'Teff & Injera 100% — 20% OFF — Bole Bakery',
    });
  });

  it('names a listing without a percent by its state', () => {
    expect(sent(listingShareUrl(SITE, { ...listing, discount: 'waiting' }, { kind: 'waiting' })).text).toBe(
      'Teff & Injera 100% — Waiting for discount — Bole Bakery',
    );
  });

  it('links an Amharic page to the Amharic listing, in Amharic', () => {
    const amharic = { ...listing, productName: 'ጤፍ', companyName: 'ቦሌ ዳቦ ቤት' };
    expect(inLocale('am', () => sent(listingShareUrl(SITE, amharic, { kind: 'ongoing' })))).toEqual({
      url: 'https://sefer.example/am/listings/42',
      text: 'ጤፍ — 20% ቅናሽ — ቦሌ ዳቦ ቤት',
    });
  });
});
