/** The inputs of Save, "Email me new deals like these" and /saved; what a saved search is called; the digest's day. */
import { describe, expect, it } from 'vitest';
import {
  isDigestTime,
  isSameSearch,
  marketDay,
  saveListingSchema,
  savedPageActionSchema,
  savedSearchListPath,
  savedSearchSchema,
  savedSearchSpec,
  savedSearchTitle,
} from './saved.ts';

const spec = (value: Record<string, unknown>) => savedSearchSpec(savedSearchSchema.parse(value));

describe('the Save button input', () => {
  it('takes a listing id and a path of this site to come back to', () => {
    expect(saveListingSchema.parse({ listingId: '12', back: '/listings/12-mitad' })).toEqual({ listingId: 12, back: '/listings/12-mitad' });
  });

  it('never sends anyone to another site', () => {
    for (const back of ['https://evil.example/', '//evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
      expect(saveListingSchema.parse({ listingId: '12', back }).back).toBe('/saved');
    }
  });

  it('refuses an id that is not one', () => {
    expect(saveListingSchema.safeParse({ listingId: 'x' }).success).toBe(false);
    expect(saveListingSchema.safeParse({ listingId: '99999999999999' }).success).toBe(false);
  });
});

describe('a saved search', () => {
  it('keeps a search’s words, trimmed; an empty search is refused', () => {
    expect(spec({ kind: 'search', query: '  mitad ' })).toMatchObject({ kind: 'search', query: 'mitad', label: 'mitad' });
    expect(savedSearchSchema.safeParse({ kind: 'search', query: '   ' }).success).toBe(false);
    expect(savedSearchSchema.safeParse({ kind: 'search', query: 'a\u0000b' }).success).toBe(false);
  });

  it('keeps a category by its key; unknown and list categories are refused', () => {
    expect(spec({ kind: 'category', category: 'appliances' })).toMatchObject({ kind: 'category', category: 'appliances' });
    expect(savedSearchSchema.safeParse({ kind: 'category', category: 'nope' }).success).toBe(false);
    expect(savedSearchSchema.safeParse({ kind: 'category', category: 'new' }).success).toBe(false);
  });

  it('keeps a place with a whole-kilometre radius; a point off the map is refused', () => {
    expect(spec({ kind: 'nearby', lat: '9.03', lng: '38.74', radius: '0.5', place: 'Merkato' })).toMatchObject({
      kind: 'nearby',
      latitude: 9.03,
      longitude: 38.74,
      radiusKm: 1,
      label: 'Merkato',
    });
    expect(spec({ kind: 'nearby', lat: '9', lng: '38', place: 'Nowhere' })).toMatchObject({ radiusKm: 2, label: '' });
    expect(savedSearchSchema.safeParse({ kind: 'nearby', lat: '91', lng: '38' }).success).toBe(false);
    expect(savedSearchSchema.safeParse({ kind: 'nearby', lat: '9', lng: '38', radius: '51' }).success).toBe(false);
    expect(savedSearchSchema.safeParse({ kind: 'other' }).success).toBe(false);
  });

  it('is the same as another when it follows the same deals', () => {
    expect(isSameSearch(spec({ kind: 'search', query: 'Mitad' }), spec({ kind: 'search', query: 'mitad' }))).toBe(true);
    expect(isSameSearch(spec({ kind: 'search', query: 'mitad' }), spec({ kind: 'search', query: 'sofa' }))).toBe(false);
    const place = { kind: 'nearby', lat: '9.03', lng: '38.74', radius: '2' };
    expect(isSameSearch(spec(place), spec({ ...place, place: 'Merkato' }))).toBe(true);
    expect(isSameSearch(spec(place), spec({ ...place, radius: '3' }))).toBe(false);
  });

  it('is named and linked to its list', () => {
    const words = spec({ kind: 'search', query: 'mitad & co' });
    expect(savedSearchTitle(words)).toBe('Search: “mitad & co”');
    expect(savedSearchListPath(words)).toBe('/search?query=mitad%20%26%20co');
    const category = spec({ kind: 'category', category: 'appliances' });
    expect(savedSearchTitle(category)).toBe('Category: Home Appliances');
    expect(savedSearchListPath(category)).toBe('/home-appliances');
    const place = spec({ kind: 'nearby', lat: '9.0301', lng: '38.7372', radius: '1', place: 'Merkato' });
    expect(savedSearchTitle(place)).toBe('Within 1 km of Merkato');
    expect(savedSearchListPath(place)).toBe('/nearby-shops?place=Merkato&radius=1');
    const point = spec({ kind: 'nearby', lat: '9.5', lng: '38.5', radius: '5' });
    expect(savedSearchTitle(point)).toBe('Within 5 km of a place you chose');
    expect(savedSearchListPath(point)).toBe('/nearby-shops?lat=9.5&lng=38.5&radius=5');
  });
});

describe('the /saved page buttons', () => {
  it('unsave a deal or remove a search; anything else is refused', () => {
    expect(savedPageActionSchema.parse({ action: 'unsave', listingId: '3' })).toEqual({ action: 'unsave', listingId: 3 });
    expect(savedPageActionSchema.parse({ action: 'remove-search', searchId: '4' })).toEqual({ action: 'remove-search', searchId: 4 });
    expect(savedPageActionSchema.safeParse({ action: 'drop', listingId: '3' }).success).toBe(false);
  });
});

describe('the digest’s day', () => {
  it('is the Addis Ababa date, and the digest is due from 07:00 there', () => {
    expect(marketDay(new Date('2026-03-10T20:59:00Z'))).toBe('2026-03-10');
    expect(marketDay(new Date('2026-03-10T21:00:00Z'))).toBe('2026-03-11');
    expect(isDigestTime(new Date('2026-03-10T03:59:59Z'))).toBe(false);
    expect(isDigestTime(new Date('2026-03-10T04:00:00Z'))).toBe(true);
    expect(isDigestTime(new Date('2026-03-10T20:59:00Z'))).toBe(true);
  });
});
