import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { haversineKm } from './listing-query.ts';
import {
  getNewProducts,
  getPublicListing,
  listPublicListings,
  listPublicListingsWithImages,
  publicListingCriteria,
} from './public-listings.server.ts';
import { insertListing, sellerIdOf } from './listings.server.ts';
import { searchColumns } from './search-index.server.ts';
import { listNearbyListings } from './nearby-listings.server.ts';
import { SITEMAP_PAGE_SIZE, sitemapListings, sitemapPageCount } from './sitemap-listings.server.ts';
import { createSeller, DAY, draft, fakeImage, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase, type TestDatabase } from '#tests/db/test-database.ts';
import { explain } from '#tests/db/explain.ts';

const page = { page: 1, pageSize: 24 };
const now = FIXED_NOW;

describe.each(drivers())('public browsing on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });

  const names = (items: { productName: string }[]) => items.map((i) => i.productName).sort();

  it('searches product name, company name and location, case-insensitively, verified only', async () => {
    await insertListing(t.db, draft({ productName: 'Ethiopian Coffee Beans', companyName: 'Tomoca', location: 'Piassa' }), {
      status: 'verified',
    });
    await insertListing(t.db, draft({ productName: 'Sofa', companyName: 'COFFEE House Furniture', location: 'Bole' }), {
      status: 'verified',
    });
    await insertListing(t.db, draft({ productName: 'Tyres', companyName: 'Gotera Auto', location: 'Near the coffee roundabout' }), {
      status: 'verified',
    });
    await insertListing(t.db, draft({ productName: 'Coffee pending', companyName: 'X', location: 'Y' }), { status: 'pending' });
    await insertListing(t.db, draft({ productName: 'Tea', companyName: 'Tea Shop', location: 'Bole' }), { status: 'verified' });
    const result = await listPublicListings(t.db, { query: 'CoFfEe', now }, page);
    expect(names(result.items)).toEqual(['Ethiopian Coffee Beans', 'Sofa', 'Tyres']);
    expect((await listPublicListings(t.db, { query: '50%', now }, page)).items).toEqual([]);
  });

  it('takes search text literally (no SQL wildcards)', async () => {
    await insertListing(t.db, draft({ productName: 'Shoes 50% off' }), { status: 'verified' });
    await insertListing(t.db, draft({ productName: 'Shoes 500 pairs' }), { status: 'verified' });
    expect(names((await listPublicListings(t.db, { query: '50%', now }, page)).items)).toEqual(['Shoes 50% off']);
    expect((await listPublicListings(t.db, { query: '_', now }, page)).items).toEqual([]);
  });

  it('lists upcoming, holiday, new and video listings by their keys', async () => {
    // Posted before `now`: a deal posted after it would still be to begin, so upcoming (issue 29).
    const datePosted = new Date(now.getTime() - DAY);
    await insertListing(t.db, draft({ productName: 'up', category: 'upcomming', discount: 'waiting', discountDurationDays: null }), {
      status: 'verified',
      datePosted,
    });
    await insertListing(t.db, draft({ productName: 'hol', category: 'holyday' }), { status: 'verified', datePosted });
    await insertListing(t.db, draft({ productName: 'new', category: 'new' }), { status: 'verified', datePosted });
    await insertListing(t.db, draft({ productName: 'vid', video: { key: 'test/v', ext: 'mp4', durationSeconds: 4, poster: null } }), {
      status: 'verified',
      datePosted,
    });
    await insertListing(t.db, draft({ productName: 'plain' }), { status: 'verified', datePosted });
    for (const [list, expected] of [
      ['upcoming', 'up'],
      ['holiday', 'hol'],
      ['new', 'new'],
      ['videos', 'vid'],
    ] as const) {
      expect(names((await listPublicListings(t.db, { list, now }, page)).items), list).toEqual([expected]);
    }
  });

  it('finds listings within the radius, nearest first, with their distance', async () => {
    const bole = { lat: 8.9963, lng: 38.7868 };
    const spots = [
      { name: '0.3 km', lat: 8.999, lng: 38.7868 },
      { name: '1.5 km', lat: 9.0098, lng: 38.7868 },
      { name: '1.9 km east', lat: 8.9963, lng: 38.8041 },
      { name: '2.5 km', lat: 9.0188, lng: 38.7868 },
      { name: 'Piassa', lat: 9.0335, lng: 38.7502 },
    ];
    for (const s of spots.slice().reverse()) {
      await insertListing(t.db, draft({ productName: s.name, latitude: s.lat, longitude: s.lng }), { status: 'verified' });
    }
    await insertListing(t.db, draft({ productName: 'pending next door', latitude: 8.9964, longitude: 38.7868 }), { status: 'pending' });
    const result = await listNearbyListings(t.db, { ...bole, radiusKm: 2 }, page);
    expect(result.items.map((i) => i.productName)).toEqual(['0.3 km', '1.5 km', '1.9 km east']);
    for (const item of result.items) {
      const spot = spots.find((s) => s.name === item.productName)!;
      expect(item.distanceKm).toBeCloseTo(haversineKm(bole.lat, bole.lng, spot.lat, spot.lng), 3);
    }
  });

  it('pages nearby listings exactly as one query over the whole radius would, however close they crowd', async () => {
    const bole = { lat: 8.9963, lng: 38.7868 };
    // Eight within 200 m (the first, smallest box holds a whole page), five between 0.3 and 1.9 km.
    const spots = [
      ...Array.from({ length: 8 }, (_, i) => ({ lat: bole.lat + 0.0002 * (i + 1), lng: bole.lng + (i % 2 ? 0.0003 : -0.0003) })),
      ...[0.3, 0.6, 0.9, 1.4, 1.9].map((km) => ({ lat: bole.lat, lng: bole.lng + km / (111.32 * Math.cos((bole.lat * Math.PI) / 180)) })),
      { lat: 9.0335, lng: 38.7502 },
    ];
    for (const [i, s] of spots.entries()) {
      await insertListing(t.db, draft({ productName: `spot ${i}`, latitude: s.lat, longitude: s.lng }), { status: 'verified' });
    }
    const expected = spots
      .map((s, i) => ({ name: `spot ${i}`, km: haversineKm(bole.lat, bole.lng, s.lat, s.lng) }))
      .filter((s) => s.km <= 2)
      .sort((a, b) => a.km - b.km)
      .map((s) => s.name);
    const seen: string[] = [];
    for (let p = 1; p <= 3; p++) {
      const result = await listNearbyListings(t.db, { ...bole, radiusKm: 2 }, { page: p, pageSize: 5 });
      seen.push(...result.items.map((i) => i.productName));
      expect(result.hasMore, `page ${p}`).toBe(p < 3);
    }
    expect(seen).toEqual(expected);
  });

  it('splits the sitemap into files by ranges of ids, verified listings only', async () => {
    expect(await sitemapPageCount(t.db)).toBe(0);
    const a = await insertListing(t.db, draft({ productName: 'first' }), { status: 'verified' });
    await insertListing(t.db, draft({ productName: 'hidden' }), { status: 'pending' });
    const c = await insertListing(t.db, draft({ productName: 'third' }), { status: 'verified' });
    expect(await sitemapPageCount(t.db)).toBe(1);
    expect((await sitemapListings(t.db, 1)).map((l) => l.id)).toEqual([a, c]);
    expect(await sitemapListings(t.db, 2)).toEqual([]);
    expect(SITEMAP_PAGE_SIZE).toBeLessThanOrEqual(50_000);
  });

  it('shows a verified listing with its gallery in order, and nothing for unverified or missing ones', async () => {
    const id = await insertListing(t.db, draft({ images: [fakeImage('test/a'), fakeImage('test/b')] }), { status: 'verified' });
    const pending = await insertListing(t.db, draft(), { status: 'pending' });
    t.resetQueryCount();
    const detail = await getPublicListing(t.db, id);
    expect(t.queryCount()).toBe(1); // the gallery comes with the row
    expect(detail?.images.map((i) => i.image.key)).toEqual(['test/photo', 'test/a', 'test/b']);
    expect(detail?.images[0]!.id).toBe('photo');
    expect(detail?.images.slice(1).every((i) => /^\d+$/.test(i.id))).toBe(true);
    expect(detail).not.toHaveProperty('gallery');
    expect(await getPublicListing(t.db, pending)).toBeNull();
    expect(await getPublicListing(t.db, 999_999)).toBeNull();
  });

  it('searches new products by product or company name only', async () => {
    await insertListing(
      t.db,
      draft({ category: 'new', productName: 'Office Chairs', companyName: 'Merkato Traders', location: 'Kazanchis' }),
      { status: 'verified' },
    );
    await insertListing(t.db, draft({ category: 'new', productName: 'Lanterns', companyName: 'Solar Kazanchis', location: 'Bole' }), {
      status: 'verified',
    });
    const byCompany = await getNewProducts(t.db, { search: 'merkato', now }, page);
    expect(byCompany.items.map((i) => i.productName)).toEqual(['Office Chairs']);
    expect(byCompany.items[0]!.images.map((i) => i.image.key)).toEqual(['test/photo']);
    const byLocationWord = await getNewProducts(t.db, { search: 'kazanchis', now }, page);
    expect(byLocationWord.items.map((i) => i.productName)).toEqual(['Lanterns']);
  });
});

describe.each(drivers())('with 2,000 listings on %s', (driver) => {
  const t = useTestDatabase(driver, { beforeAll: fillWith2000Listings, timeout: 60_000 });
  async function fillWith2000Listings(t: TestDatabase) {
    const owner = await createSeller(t.db);
    const sellerId = await sellerIdOf(t.db, owner);
    const categories = ['homes', 'foods', 'appliances', 'travels', 'pet'];
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const datePosted = new Date(now.getTime() - ((i % 40) * DAY) / 4);
      const d = draft({
        productName: `Item ${i}`,
        category: categories[i % categories.length]!,
        latitude: 8.9 + (i % 100) / 500,
        longitude: 38.7 + (i % 97) / 500,
      });
      const { images: _images, ...fields } = d;
      return {
        ...fields,
        ...searchColumns(fields),
        sellerId,
        datePosted,
        startsAt: datePosted,
        endsAt: new Date(datePosted.getTime() + 10 * DAY),
        status: (i % 10 === 0 ? 'pending' : 'verified') as 'pending' | 'verified',
      };
    });
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(listings).values(rows.slice(i, i + 500));
    await t.db.execute(sql`analyze listings`);
  }

  it('a category page reads one page of rows in one query', async () => {
    t.resetQueryCount();
    const result = await listPublicListingsWithImages(t.db, { category: 'homes', now }, page);
    expect(result.items).toHaveLength(24);
    expect(result.hasMore).toBe(true);
    expect(t.queryCount()).toBe(1); // the page, with the images of its 24 listings
    expect(result.items.every((item) => item.images[0]?.id === 'photo')).toBe(true);
  });

  it("a search pages stably through every match, the spec's substring matches included, best first", async () => {
    const substringMatches = async (term: string) => {
      const rows = await t.db
        .select({ id: listings.id })
        .from(listings)
        .where(
          sql`${listings.status} = 'verified' and lower(${listings.productName} || ' ' || ${listings.companyName} || ' ' || ${listings.location}) like ${`%${term}%`}`,
        );
      return rows.map((r) => r.id);
    };
    // 'item 1' matches 1,111 of the 2,000 items by substring, more than the ranked window holds:
    // the pages past the window continue with the older matches.
    for (const term of ['item 1', 'item 19', 'item 1999']) {
      const seen: number[] = [];
      for (let p = 1; p <= 30; p++) {
        const cards = await listPublicListings(t.db, { query: term, now }, { page: p, pageSize: 48 });
        seen.push(...cards.items.map((i) => i.id));
        if (!cards.hasMore) break;
      }
      expect(new Set(seen).size, term).toBe(seen.length);
      const found = new Set(seen);
      expect(
        (await substringMatches(term)).filter((id) => !found.has(id)),
        term,
      ).toEqual([]);
      const api = await listPublicListingsWithImages(t.db, { query: term, now }, { page: 2, pageSize: 48 });
      expect(api.items.map((i) => i.id)).toEqual(seen.slice(48, 96));
    }
    const [best] = (await listPublicListings(t.db, { query: 'item 1999', now }, page)).items;
    expect(best?.productName).toBe('Item 1999'); // the exact phrase first
    t.resetQueryCount();
    await listPublicListings(t.db, { query: 'item 19', now }, page);
    // The vocabulary, the ranked page, its rows.
    expect(t.queryCount()).toBe(3);
  });

  async function plan(filter: Parameters<typeof publicListingCriteria>[0]) {
    const { where, order } = publicListingCriteria(filter);
    const query = t.db
      .select({ id: listings.id })
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(25)
      .toSQL();
    return explain(t.db, query);
  }

  // At 2,000 rows the planner may still prefer a scan for lists that match most rows (all
  // listings, recent); the selective ones must come from their partial indexes.
  it('serves category and window lists from their partial indexes', async () => {
    const category = await plan({ category: 'homes', now });
    expect(category).toContain('listings_public_category_idx');
    // The index gives the order too: no sort of every listing of the category.
    expect(category).not.toContain('Sort');
    expect(await plan({ list: 'ending-soon', now })).toContain('listings_public_ends_idx');
    expect(await plan({ list: 'daily', now })).toContain('listings_public_ends_idx');
  });
});
