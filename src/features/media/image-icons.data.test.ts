/**
 * Logos stored before issue 17 get the card slot's 56 and 112 px squares in the background: made
 * from the stored thumbnail, recorded on every listing sharing the logo, and done once. Product
 * photos stored before issue 30 get the card photo's 88 and 176 px squares the same way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { backfillCardPhotos, backfillIcons } from './image-icons.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { saveImage } from './media.server.ts';
import { localMediaStorage, mediaRoot, type MediaStorage } from './media-storage.server.ts';
import { cardPhotoSources, iconSources } from './media-urls.server.ts';
import { createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

let dataDir: string;
let store: MediaStorage;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-icons-'));
  store = localMediaStorage(mediaRoot(dataDir));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(drivers())('card icons for older logos on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  it('adds both squares from the thumbnail to every listing sharing the logo, once', async () => {
    await createSeller(t.db);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    const stored = await saveImage(png, { store, effort: 0 });
    expect(stored.icons).toBe(true);
    // As stored before issue 17: no icons, and no record of them.
    await store.remove([`${stored.key}-icon.webp`, `${stored.key}-icon2x.webp`]);
    const { icons: _, ...old } = stored;
    const a = await insertListing(t.db, draft({ logo: old }), { status: 'verified' });
    const b = await insertListing(t.db, draft({ logo: old, productName: 'Another' }), { status: 'verified' });
    expect(iconSources(old)).toEqual({ src: `/media/${old.key}-thumb.webp` });

    expect(await backfillIcons(t.db, store)).toBe(1);
    for (const id of [a, b]) {
      const [row] = await t.db.select({ logo: listings.logo }).from(listings).where(eq(listings.id, id));
      expect(row!.logo!.icons).toBe(true);
      expect(iconSources(row!.logo!).srcset).toBe(`/media/${old.key}-icon.webp 1x, /media/${old.key}-icon2x.webp 2x`);
    }
    const sizes = await Promise.all(
      ['icon', 'icon2x'].map(async (name) => (await sharp((await store.read(`${old.key}-${name}.webp`))!).metadata()).width),
    );
    expect(sizes).toEqual([56, 112]);
    expect(await backfillIcons(t.db, store)).toBe(0);
  });

  it('leaves a logo whose thumbnail is gone linking its thumbnail', async () => {
    await createSeller(t.db, 'seller-2');
    const gone = { key: 'u/0123456789abcdef0123456789abcdef', width: 800, height: 500, thumbWidth: 360, thumbHeight: 225 };
    const id = await insertListing(t.db, draft({ ownerId: 'seller-2', logo: gone }), { status: 'verified' });
    expect(await backfillIcons(t.db, store)).toBe(0);
    const [row] = await t.db.select({ logo: listings.logo }).from(listings).where(eq(listings.id, id));
    expect(row!.logo!.icons).toBeUndefined();
  });

  it("adds the card photo's squares and the thumbnail's size to every listing sharing a photo, once", async () => {
    await createSeller(t.db, 'seller-3');
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const stored = await saveImage(png, { store, effort: 0 });
    expect(stored.squares).toBe(true);
    const thumbBytes = (await store.read(`${stored.key}-thumb.webp`))!.length;
    expect(stored.thumbBytes).toBe(thumbBytes);
    // As stored before issue 30: no squares, and no record of them.
    await store.remove([`${stored.key}-square.webp`, `${stored.key}-square2x.webp`]);
    const { squares: _s, thumbBytes: _b, ...old } = stored;
    const a = await insertListing(t.db, draft({ ownerId: 'seller-3', photo: old }), { status: 'verified' });
    const b = await insertListing(t.db, draft({ ownerId: 'seller-3', photo: old, productName: 'Another' }), { status: 'verified' });
    // Until then a card links the photo's thumbnail, never a square that is not there.
    expect(cardPhotoSources(old)).toEqual({ src: `/media/${old.key}-thumb.webp` });

    expect(await backfillCardPhotos(t.db, store)).toBe(1);
    for (const id of [a, b]) {
      const [row] = await t.db.select({ photo: listings.photo }).from(listings).where(eq(listings.id, id));
      expect(row!.photo).toMatchObject({ key: old.key, squares: true, thumbBytes });
      expect(cardPhotoSources(row!.photo).srcset).toBe(`/media/${old.key}-square.webp 1x, /media/${old.key}-square2x.webp 2x`);
    }
    const sides = await Promise.all(
      ['square', 'square2x'].map(async (name) => {
        const { width, height } = await sharp((await store.read(`${old.key}-${name}.webp`))!).metadata();
        return [width, height];
      }),
    );
    expect(sides).toEqual([
      [88, 88],
      [176, 176],
    ]);
    expect(await backfillCardPhotos(t.db, store)).toBe(0);
  });
});
