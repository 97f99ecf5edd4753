/**
 * The demo catalogue: a realistic Addis Ababa marketplace whose dates are relative to `now`, so
 * that every list screen has content on the day it is seeded. Idempotent: a database that has
 * been seeded once is never seeded again.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { appMeta, comments, listings, requests, shopProducts, users, type StoredImage, type StoredVideo } from '#db/schema.ts';
import { logoSvg, productSvg, removeAbandonedWork, renderDemoVideo, renderSvgImage } from './demo-media.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { businessLatinName, DEMO_BUSINESSES } from './seed-businesses.ts';
import { DEMO_COMMENTS, DEMO_REQUESTS } from './seed-community.ts';
import { HOUR_MS, planCatalogue, slug } from './seed-plan.ts';
import { DEMO_SHOP_PLANS, DEMO_SHOP_PRODUCTS } from './seed-shop.ts';

const SEED_MARKER = 'demo_seeded_at';

export interface SeedOptions {
  /** The data folder (`DATA_DIR`): the media folder unless MEDIA_STORAGE=s3, and the video encodes' work folder. */
  dataDir: string;
  now?: Date;
  log?: (message: string) => void;
  /** Stops the media work (a start interrupted by SIGTERM): the seed then fails, writing nothing. */
  signal?: AbortSignal;
}

export interface SeedResult {
  seeded: boolean;
  listings: number;
  verified: number;
}

/** Runs `jobs` with at most `limit` at a time (sharp and ffmpeg already use every core). */
async function pool<T>(limit: number, jobs: (() => Promise<T>)[], signal?: AbortSignal): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      signal?.throwIfAborted();
      const index = next++;
      try {
        results[index] = await jobs[index]!();
      } catch (error) {
        next = jobs.length;
        throw error;
      }
    }
  };
  // Every job in flight finishes (and cleans up after itself) before a failure is reported.
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return results;
}

/** True when this database was seeded before (or the operator added listings of their own). */
export async function isSeeded(db: Database): Promise<boolean> {
  const marker = await db.select().from(appMeta).where(eq(appMeta.key, SEED_MARKER)).limit(1);
  return marker.length > 0;
}

/**
 * Seeds the demo catalogue unless this database was seeded before. Media is rendered first
 * (outside the transaction; files with the same key are reused), then every row is written in one
 * transaction together with the marker.
 */
export async function seedDemoCatalogue(db: Database, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  if (await isSeeded(db)) {
    // A database seeded before the shop sold plans gets them now (idempotent).
    await seedShopPlans(db);
    return { seeded: false, listings: 0, verified: 0 };
  }
  const now = (options.now ?? new Date()).getTime();
  const started = Date.now();
  const planned = planCatalogue(now);
  const { dataDir, signal } = options;
  const store = mediaStorage(dataDir);
  await removeAbandonedWork(dataDir);

  const logos = await pool(
    4,
    DEMO_BUSINESSES.map(
      (b, i) => () => renderSvgImage(logoSvg(businessLatinName(b), (i * 37) % 360), store, `seed/logo-${slug(b.handle)}`),
    ),
    signal,
  );
  const media = await pool(
    4,
    planned.map((p) => async () => {
      const svg = productSvg(p.picture.title, p.picture.subtitle, p.hue, 0);
      const photo = await renderSvgImage(svg, store, `seed/${p.key}`);
      const images: StoredImage[] = [];
      for (let v = 1; v <= p.extraImages; v++) {
        images.push(await renderSvgImage(productSvg(p.picture.title, `Photo ${v + 1}`, p.hue, v), store, `seed/${p.key}-${v}`));
      }
      const video: StoredVideo | null = p.withVideo
        ? await renderDemoVideo(svg, photo, `seed/${p.key}-video`, { store, dataDir, signal })
        : null;
      return { photo, images, video };
    }),
    signal,
  );
  const shopImages = await pool(
    4,
    DEMO_SHOP_PRODUCTS.map(
      (product, i) => () =>
        renderSvgImage(
          productSvg(product.name, `${product.priceBirr.toLocaleString('en-US')} Birr`, (i * 29 + 200) % 360, i % 4),
          store,
          `seed/shop-${product.slug}`,
        ),
    ),
    signal,
  );
  log(`[seed] media ready in ${Date.now() - started} ms`);

  let verified = 0;
  await db.transaction(async (tx) => {
    // The marker first: a concurrent seeder fails on its primary key instead of seeding twice.
    await tx.insert(appMeta).values({ key: SEED_MARKER, value: new Date(now).toISOString() });

    const sellerIds = DEMO_BUSINESSES.map((_, i) => `demo-seller-${i + 1}`);
    await tx
      .insert(users)
      .values(
        DEMO_BUSINESSES.map((b, i) => ({
          id: sellerIds[i]!,
          name: `${b.seller.firstName} ${b.seller.lastName}`,
          firstName: b.seller.firstName,
          lastName: b.seller.lastName,
          email: `seller${i + 1}@demo.sefer.invalid`,
          emailVerified: true,
        })),
      )
      .onConflictDoNothing();

    const listingIds: number[] = [];
    for (const [i, p] of planned.entries()) {
      const m = media[i]!;
      const id = await insertListing(
        tx,
        {
          ...p.draft,
          ownerId: sellerIds[p.business]!,
          logo: (p.business + i) % 11 === 0 ? null : logos[p.business]!,
          photo: m.photo,
          images: m.images,
          video: m.video,
        },
        { status: p.status, datePosted: p.posted, rejectionReason: p.rejectionReason },
      );
      if (p.status === 'verified') {
        verified++;
        listingIds.push(id);
      }
    }

    await tx.insert(requests).values(
      DEMO_REQUESTS.map((r, i) => ({
        name: r.name || 'Anonymous',
        message: r.message,
        createdAt: new Date(now - (DEMO_REQUESTS.length - i) * 3 * HOUR_MS),
      })),
    );

    const commented = listingIds.filter((_, i) => i % 9 === 0).slice(0, 12);
    await tx.insert(comments).values(
      commented.flatMap((listingId, i) =>
        [0, 1].map((j) => {
          const b = DEMO_BUSINESSES[(i + j + 3) % DEMO_BUSINESSES.length]!;
          return {
            listingId,
            imageId: 'photo',
            userId: sellerIds[(i + j + 3) % sellerIds.length]!,
            authorName: `${b.seller.firstName} ${b.seller.lastName}`,
            comment: DEMO_COMMENTS[(i + j) % DEMO_COMMENTS.length]!,
            datePosted: new Date(now - (i * 2 + j + 1) * HOUR_MS),
          };
        }),
      ),
    );

    await tx
      .insert(shopProducts)
      .values(
        DEMO_SHOP_PRODUCTS.map((p, i) => ({
          slug: p.slug,
          name: p.name,
          description: p.description,
          priceBirr: p.priceBirr,
          specs: [...p.specs],
          image: shopImages[i]!,
          position: i,
        })),
      )
      .onConflictDoNothing();
    await seedShopPlans(tx);
  });
  log(`[seed] ${planned.length} listings (${verified} verified) in ${Date.now() - started} ms`);
  return { seeded: true, listings: planned.length, verified };
}

/**
 * Adds the subscription plans the shop sells (kind 'plan'), after the products. Idempotent: a plan
 * whose slug exists is left as it is.
 */
export async function seedShopPlans(db: Pick<Database, 'insert'>): Promise<void> {
  await db
    .insert(shopProducts)
    .values(
      DEMO_SHOP_PLANS.map((p, i) => ({
        slug: p.slug,
        name: p.name,
        description: p.description,
        priceBirr: p.priceBirr,
        specs: [...p.specs],
        kind: 'plan' as const,
        position: i,
      })),
    )
    .onConflictDoNothing({ target: shopProducts.slug });
}

/** Counts listings; used to decide whether an embedded database is still empty. */
export function countListings(db: Database): Promise<number> {
  return db.$count(listings);
}
