/** The "Verified business" badge rule and seller addresses. */
import { describe, expect, it } from 'vitest';
import { isVerifiedBusiness, VERIFIED_LISTINGS_FOR_BADGE } from './sellers.ts';
import { parseListingId, sellerPath } from '#features/listings/listing-urls.ts';

describe('the verified business badge', () => {
  it('needs 3 listings verified by an admin, or an admin mark', () => {
    expect(VERIFIED_LISTINGS_FOR_BADGE).toBe(3);
    expect(isVerifiedBusiness({ verifiedAt: null, verifiedListings: 0 })).toBe(false);
    expect(isVerifiedBusiness({ verifiedAt: null, verifiedListings: 2 })).toBe(false);
    expect(isVerifiedBusiness({ verifiedAt: null, verifiedListings: 3 })).toBe(true);
    expect(isVerifiedBusiness({ verifiedAt: new Date(0), verifiedListings: 0 })).toBe(true);
  });
});

describe('seller addresses', () => {
  it('are /sellers/{id}-{slug}, and the id alone decides', () => {
    const path = sellerPath({ sellerId: 42, companyName: 'Bole Home Appliances' });
    expect(path).toBe('/sellers/42-bole-home-appliances');
    expect(parseListingId(path.replace('/sellers/', ''))).toBe(42);
    expect(parseListingId('42-anything')).toBe(42);
    expect(sellerPath({ sellerId: 7, companyName: 'ቡና ቤት' })).toBe('/sellers/7');
    expect(parseListingId('abc')).toBeNull();
  });
});
