import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, listingImages, listings, requests, shopProducts } from '#db/schema.ts';
import { CATEGORIES } from '#features/listings/categories.ts';
import { listPublicListings } from '#features/listings/public-listings.server.ts';
import { seedDemoCatalogue } from './seed.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-seed-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(drivers())('demo catalogue on %s', (driver) => {
  const now = new Date();
  const page = { page: 1, pageSize: 24 };

  const t = useTestDatabase(driver, {
    beforeAll: async (t) => {
      const result = await seedDemoCatalogue(t.db, { dataDir, now });
      expect(result.seeded).toBe(true);
    },
    timeout: 120_000,
  });

  const verified = eq(listings.status, 'verified');

  it('has at least 180 verified listings, two or more in every category, and a few unverified', async () => {
    expect(await t.db.$count(listings, verified)).toBeGreaterThanOrEqual(180);
    for (const category of CATEGORIES) {
      expect(await t.db.$count(listings, and(verified, eq(listings.category, category.key))), category.key).toBeGreaterThanOrEqual(2);
    }
    expect(await t.db.$count(listings, eq(listings.status, 'pending'))).toBeGreaterThanOrEqual(3);
    expect(await t.db.$count(listings, eq(listings.status, 'rejected'))).toBeGreaterThanOrEqual(1);
  });

  it('fills every list window relative to now', async () => {
    for (const window of ['daily', 'ending-soon', 'recent'] as const) {
      const result = await listPublicListings(t.db, { list: window, now }, page);
      expect(result.items.length, window).toBeGreaterThanOrEqual(5);
    }
    for (const key of ['new', 'holyday', 'upcomming']) {
      expect(await t.db.$count(listings, and(verified, eq(listings.category, key))), key).toBeGreaterThanOrEqual(5);
    }
    expect(await t.db.$count(listings, and(verified, isNotNull(listings.video)))).toBeGreaterThanOrEqual(5);
    expect(await t.db.$count(listings, and(verified, eq(listings.discount, 'waiting')))).toBeGreaterThanOrEqual(2);
  });

  it('places listings around Addis Ababa, many within 2 km of Bole', async () => {
    const outside = await t.db.$count(
      listings,
      sql`${listings.latitude} not between 8.8 and 9.2 or ${listings.longitude} not between 38.6 and 39.0`,
    );
    expect(outside).toBe(0);
    const nearBole = await t.db.$count(
      listings,
      and(
        verified,
        sql`6371 * 2 * asin(sqrt(power(sin(radians(${listings.latitude} - 8.9963) / 2), 2) + cos(radians(8.9963)) * cos(radians(${listings.latitude})) * power(sin(radians(${listings.longitude} - 38.7868) / 2), 2))) <= 2`,
      ),
    );
    expect(nearBole).toBeGreaterThanOrEqual(24);
  });

  it('writes real images (and videos) for the listings', async () => {
    const [first] = await t.db.select().from(listings).limit(1);
    expect((await stat(path.join(dataDir, 'media', `${first!.photo.key}.webp`))).size).toBeGreaterThan(1000);
    expect((await stat(path.join(dataDir, 'media', `${first!.photo.key}-thumb.webp`))).size).toBeGreaterThan(500);
    expect(await t.db.$count(listingImages)).toBeGreaterThan(20);
    const newest = await t.db.select().from(listings).where(eq(listings.category, 'new'));
    expect(
      Math.max(...(await Promise.all(newest.map((l) => t.db.$count(listingImages, eq(listingImages.listingId, l.id)))))),
    ).toBeGreaterThan(4);
  });

  it('seeds requests, comments and the 17 shop products priced 5,200 to 115,000 Birr', async () => {
    expect(await t.db.$count(requests)).toBeGreaterThanOrEqual(8);
    expect(await t.db.$count(comments)).toBeGreaterThan(0);
    const products = await t.db.select().from(shopProducts).where(eq(shopProducts.kind, 'product'));
    expect(products).toHaveLength(17);
    expect(await t.db.$count(shopProducts, eq(shopProducts.kind, 'plan'))).toBeGreaterThanOrEqual(1);
    const prices = products.map((p) => p.priceBirr);
    expect(Math.min(...prices)).toBe(5200);
    expect(Math.max(...prices)).toBe(115000);
  });

  it('is idempotent: a second seed changes nothing', async () => {
    const before = await t.db.$count(listings);
    const again = await seedDemoCatalogue(t.db, { dataDir, now });
    expect(again.seeded).toBe(false);
    expect(await t.db.$count(listings)).toBe(before);
    expect(await t.db.$count(requests)).toBe(12);
  });
});
