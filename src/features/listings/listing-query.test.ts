import { describe, expect, it } from 'vitest';
import { boundingBox, formatDistance, haversineKm, likePattern, pageNumber, parseListingQuery, parseNearbyQuery } from './listing-query.ts';
import { resolveListScreen } from './list-screens.ts';
import { listingPath, parseListingId } from './listing-urls.ts';

const params = (s: string) => new URLSearchParams(s);

describe('listing query parameters', () => {
  it('defaults to the first page of 24', () => {
    expect(parseListingQuery(params(''))).toEqual({
      ok: true,
      value: { limit: 24, page: 1, category: undefined, query: undefined, window: undefined },
    });
  });

  it('accepts every window and canonicalises category aliases', () => {
    for (const w of ['daily', 'ending-soon', 'upcoming', 'holiday', 'new', 'recent', 'videos']) {
      expect(parseListingQuery(params(`window=${w}`)).ok).toBe(true);
    }
    const r = parseListingQuery(params('category=photograpy&query=%20coffee%20'));
    expect(r.ok && r.value).toMatchObject({ category: 'photography', query: 'coffee' });
  });

  it('names each bad parameter', () => {
    const r = parseListingQuery(params('window=weekly&limit=1000&page=0&category=nope'));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(Object.keys(r.fields ?? {}).sort()).toEqual(['category', 'limit', 'page', 'window']);
      expect(r.error).toMatch(/^Invalid /);
    }
    expect(parseListingQuery(params('limit=abc')).ok).toBe(false);
    expect(parseListingQuery(params(`query=${'x'.repeat(101)}`)).ok).toBe(false);
  });

  it('treats blank values as absent', () => {
    const r = parseListingQuery(params('category=&query=%20&window='));
    expect(r.ok && r.value).toMatchObject({ category: undefined, query: undefined, window: undefined });
  });

  it('reads page numbers leniently on pages', () => {
    expect(pageNumber(params('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-1', 'page=2.5', 'page=abc', 'page=9999', '']) expect(pageNumber(params(bad))).toBe(1);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_OFF\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('nearby parameters and geometry', () => {
  it('requires numeric lat and lng in range, radius defaults to 2 km', () => {
    expect(parseNearbyQuery(params('lat=9&lng=38.7'))).toMatchObject({ ok: true, value: { lat: 9, lng: 38.7, radius: 2 } });
    for (const bad of ['lat=91&lng=0', 'lat=0&lng=181', 'lat=x&lng=0', 'lng=1', 'lat=0&lng=0&radius=0', 'lat=0&lng=0&radius=500']) {
      expect(parseNearbyQuery(params(bad)).ok, bad).toBe(false);
    }
  });

  it('the bounding box contains the whole radius', () => {
    const lat = 8.9963;
    const lng = 38.7868;
    const box = boundingBox(lat, lng, 2);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      const p = {
        lat: lat + (1.999 / 111.32) * Math.cos(rad),
        lng: lng + (1.999 / (111.32 * Math.cos((lat * Math.PI) / 180))) * Math.sin(rad),
      };
      expect(haversineKm(lat, lng, p.lat, p.lng)).toBeLessThanOrEqual(2.01);
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(p.lng).toBeLessThanOrEqual(box.maxLng);
    }
  });

  it('measures distances like a map does', () => {
    // Bole Medhanialem to Piassa is about 5.8 km as the crow flies.
    expect(haversineKm(8.9963, 38.7868, 9.0335, 38.7502)).toBeCloseTo(5.7, 0);
    expect(formatDistance(0.34)).toBe('340 m');
    expect(formatDistance(1.44)).toBe('1.4 km');
  });
});

describe('list screens and listing URLs', () => {
  it('resolves list paths, category routes and their other spellings', () => {
    expect(resolveListScreen('/daily-discounts')).toMatchObject({
      screen: { list: 'daily', subtitle: 'Today and Tomorrow' },
      redirect: undefined,
    });
    expect(resolveListScreen('/Daily-Discounts')?.redirect).toBe('/daily-discounts');
    expect(resolveListScreen('/homes')).toMatchObject({ screen: { category: 'homes' }, redirect: undefined });
    expect(resolveListScreen('/jewelries')?.redirect).toBe('/Jewelries');
    expect(resolveListScreen('/holyday%20discounts')?.redirect).toBe('/holiday-discounts');
    expect(resolveListScreen('/upcomming%20offers')?.redirect).toBe('/upcoming-offers');
    expect(resolveListScreen('/no-such-page')).toBeNull();
  });

  it('gives every listing a shareable URL whose id decides', () => {
    expect(listingPath({ id: 42, productName: 'Habesha Kemis Dress!' })).toBe('/listings/42-habesha-kemis-dress');
    expect(listingPath({ id: 7, productName: 'ጤፍ' })).toBe('/listings/7');
    expect(parseListingId('42-anything')).toBe(42);
    expect(parseListingId('42')).toBe(42);
    expect(parseListingId('abc')).toBeNull();
    expect(parseListingId('42abc')).toBeNull();
  });
});
