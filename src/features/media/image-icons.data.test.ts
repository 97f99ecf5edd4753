/**
 * Logos stored before issue 17 get the card slot's 56 and 112 px squares in the background: made
 * from the stored thumbnail, recorded on every listing sharing the logo, and done once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { backfillIcons } from './image-icons.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { saveImage } from './media.server.ts';
import { localMediaStorage, mediaRoot, type MediaStorage } from './media-storage.server.ts';
import { iconSources } from './media-urls.server.ts';
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
});
