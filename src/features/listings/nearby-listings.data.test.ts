/**
 * /nearby-shops on a real database (issue 30): an area's deals nearest its centre first, each with
 * its distance; a position with nothing near it still shows the deals of central Addis Ababa; the
 * distance query reads the geo index.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listings } from '#db/schema.ts';
import { haversineKm, PAGE_SIZE, type NearbyQuery } from './listing-query.ts';
import { insertListing, sellerIdOf } from './listings.server.ts';
import { searchColumns } from './search-index.server.ts';
import { nearbyRows } from './nearby-listings.server.ts';
import { readNearbyDeals } from './nearby-shops.page.server.ts';
import { CENTRAL_ADDIS, findArea } from './nearby-area.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase, type TestDatabase } from '#tests/db/test-database.ts';
import { explain } from '#tests/db/explain.ts';

const near = (area: { lat: number; lng: number }, page = 1): NearbyQuery => ({
  lat: area.lat,
  lng: area.lng,
  radius: 2,
  limit: PAGE_SIZE,
  page,
});
/** A point `km` east of `from`. */
const east = (from: { lat: number; lng: number }, km: number) => ({
  lat: from.lat,
  lng: from.lng + km / (111.32 * Math.cos((from.lat * Math.PI) / 180)),
});

describe.each(drivers())('nearby deals on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true, beforeEach: (t) => createSeller(t.db) });
  const names = (items: { productName: string }[]) => items.map((i) => i.productName);

  async function deal(name: string, at: { lat: number; lng: number }, status: 'verified' | 'pending' = 'verified') {
    await insertListing(t.db, draft({ productName: name, latitude: at.lat, longitude: at.lng }), { status });
  }

  it("lists an area's deals nearest its centre first, with the distance from that centre", async () => {
    const piassa = findArea('Piassa')!;
    await deal('1.6 km', east(piassa, 1.6));
    await deal('0.2 km', east(piassa, 0.2));
    await deal('3 km', east(piassa, 3));
    await deal('0.9 km', east(piassa, 0.9));
    await deal('waiting', east(piassa, 0.1), 'pending');
    const { deals, instead } = await readNearbyDeals(t.db, near(piassa));
    expect(names(deals.items)).toEqual(['0.2 km', '0.9 km', '1.6 km']);
    for (const item of deals.items) expect(item.distanceKm).toBeCloseTo(Number.parseFloat(item.productName), 2);
    expect(instead).toBeNull();
  });

  it('a position with no deal within 2 km shows the deals of central Addis Ababa instead', async () => {
    await deal('by Meskel Square', east(CENTRAL_ADDIS, 0.5));
    await deal('next to Meskel Square', east(CENTRAL_ADDIS, 0.1));
    const adama = { lat: 8.54, lng: 39.27 };
    const { deals, instead } = await readNearbyDeals(t.db, near(adama));
    expect(deals.items).toEqual([]);
    expect(instead?.area).toBe(CENTRAL_ADDIS);
    expect(names(instead!.deals.items)).toEqual(['next to Meskel Square', 'by Meskel Square']);
    expect(instead!.deals.items[0]!.distanceKm).toBeCloseTo(
      haversineKm(CENTRAL_ADDIS.lat, CENTRAL_ADDIS.lng, CENTRAL_ADDIS.lat, east(CENTRAL_ADDIS, 0.1).lng),
      3,
    );
    // A later page past the end is only empty, and an empty centre adds nothing.
    expect((await readNearbyDeals(t.db, near(adama, 2))).instead).toBeNull();
  });

  it('adds nothing when the centre has no deal either', async () => {
    await deal('far away', { lat: 9.2, lng: 38.9 });
    expect(await readNearbyDeals(t.db, near({ lat: 8.54, lng: 39.27 }))).toMatchObject({ deals: { items: [] }, instead: null });
    expect(await readNearbyDeals(t.db, near(CENTRAL_ADDIS))).toMatchObject({ deals: { items: [] }, instead: null });
  });
});

describe.each(drivers())('the nearby query over 2,000 listings on %s', (driver) => {
  const t = useTestDatabase(driver, { beforeAll: fillAddisAbaba, timeout: 60_000 });
  async function fillAddisAbaba(t: TestDatabase) {
    const owner = await createSeller(t.db);
    const sellerId = await sellerIdOf(t.db, owner);
    // A 22 km square over the city, one deal every ~500 m.
    const rows = Array.from({ length: 2000 }, (_, i) => {
      const { images: _images, ...fields } = draft({
        productName: `Deal ${i}`,
        latitude: 8.91 + (i % 40) * 0.005,
        longitude: 38.66 + Math.floor(i / 40) * 0.004,
      });
      const datePosted = new Date(FIXED_NOW.getTime() - (i % 20) * DAY);
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

  it('reads the 2 km box around central Addis Ababa from the geo index, not the whole table', async () => {
    const query = nearbyRows(
      t.db,
      { lat: CENTRAL_ADDIS.lat, lng: CENTRAL_ADDIS.lng, radiusKm: 2 },
      { page: 1, pageSize: PAGE_SIZE },
    ).toSQL();
    const plan = await explain(t.db, query);
    expect(plan).toContain('listings_public_geo_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('gives a full first page, nearest first, every deal within 2 km', async () => {
    const { deals } = await readNearbyDeals(t.db, near(CENTRAL_ADDIS));
    expect(deals.items).toHaveLength(PAGE_SIZE);
    expect(deals.hasMore).toBe(true);
    const km = deals.items.map((i) => i.distanceKm);
    expect(km).toEqual(km.slice().sort((a, b) => a - b));
    expect(Math.max(...km)).toBeLessThanOrEqual(2);
  });
});
