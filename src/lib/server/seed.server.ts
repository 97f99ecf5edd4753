/**
 * The demo catalogue: a realistic Addis Ababa marketplace whose dates are relative to `now`, so
 * that every list screen has content on the day it is seeded. Idempotent: a database that has
 * been seeded once is never seeded again.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { appMeta, comments, listings, requests, shopProducts, users, type StoredImage, type StoredVideo } from '#db/schema.ts';
import { CATEGORIES } from '#lib/categories.ts';
import { DAY_MS, DISCOUNT_VALUES, WAITING } from '#lib/discount.ts';
import { logoSvg, productSvg, removeAbandonedWork, renderDemoVideo, renderSvgImage } from './demo-media.server.ts';
import { insertListing, type ListingDraft } from './listings.server.ts';
import {
  DEMO_BUSINESSES,
  DEMO_COMMENTS,
  DEMO_DESCRIPTIONS,
  DEMO_OFFERS,
  DEMO_REQUESTS,
  DEMO_SHOP_PLANS,
  DEMO_SHOP_PRODUCTS,
} from './seed-data.ts';

const SEED_MARKER = 'demo_seeded_at';
const HOUR_MS = 3_600_000;

export interface SeedOptions {
  /** Where generated media is written (`DATA_DIR`). */
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

/** A small deterministic generator, so the same seed makes the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** When a listing was posted and how its discount runs, chosen so each list window has content. */
type Timing = 'daily' | 'soon' | 'long' | 'recent' | 'to_begin' | 'ongoing' | 'expired' | 'waiting';
const TIMING_CYCLE: readonly Timing[] = [
  'daily',
  'soon',
  'long',
  'recent',
  'soon',
  'to_begin',
  'daily',
  'long',
  'recent',
  'ongoing',
  'soon',
  'expired',
];

function schedule(timing: Timing, now: number, rng: ReturnType<typeof random>) {
  const day = DAY_MS;
  switch (timing) {
    case 'daily': {
      const duration = rng.int(2, 5);
      const remaining = rng.between(0.2, 1.9) * day;
      return { posted: now - duration * day + remaining, durationDays: duration, startDays: null };
    }
    case 'soon': {
      const remaining = rng.between(2.2, 5.9) * day;
      const duration = Math.min(30, Math.ceil(remaining / day) + rng.int(1, 6));
      return { posted: now - duration * day + remaining, durationDays: duration, startDays: null };
    }
    case 'long': {
      const duration = rng.int(14, 30);
      return { posted: now - rng.between(3, 6) * day, durationDays: duration, startDays: null };
    }
    case 'recent':
      return { posted: now - rng.between(1, 40) * HOUR_MS, durationDays: rng.int(7, 14), startDays: null };
    case 'to_begin':
      return { posted: now - rng.between(2, 20) * HOUR_MS, durationDays: null, startDays: rng.int(2, 9) };
    case 'ongoing': {
      const start = rng.int(1, 3);
      return { posted: now - (start + rng.between(1, 4)) * day, durationDays: null, startDays: start };
    }
    case 'expired': {
      const duration = rng.int(3, 7);
      return { posted: now - (duration + rng.between(1, 5)) * day, durationDays: duration, startDays: null };
    }
    case 'waiting':
      return { posted: now - rng.between(2, 60) * HOUR_MS, durationDays: null, startDays: null };
  }
}

function telegramHandle(company: string): string {
  return company
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
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

interface PlannedListing {
  draft: Omit<ListingDraft, 'ownerId' | 'logo' | 'photo' | 'video' | 'images'>;
  business: number;
  posted: Date;
  status: 'verified' | 'pending' | 'rejected';
  rejectionReason?: string;
  hue: number;
  extraImages: number;
  withVideo: boolean;
  key: string;
}

function planCatalogue(now: number): PlannedListing[] {
  const rng = random(20261122);
  const planned: PlannedListing[] = [];
  let n = 0;
  for (const [categoryIndex, category] of CATEGORIES.entries()) {
    const names = DEMO_OFFERS[category.key] ?? [];
    const hue = (categoryIndex * 47) % 360;
    for (const [i, productName] of names.entries()) {
      n++;
      let timing: Timing = TIMING_CYCLE[n % TIMING_CYCLE.length]!;
      if (category.key === 'upcomming') timing = i % 2 === 0 ? 'waiting' : 'to_begin';
      if (category.key === 'new') timing = i < 3 ? 'recent' : 'long';
      if (category.key === 'holyday') timing = i % 2 === 0 ? 'soon' : 'long';
      // Near Bole for a third of listings, so a visitor there sees a full nearby list.
      const business = n % 3 === 0 ? n % 5 : (n * 7 + categoryIndex) % DEMO_BUSINESSES.length;
      const b = DEMO_BUSINESSES[business]!;
      const s = schedule(timing, now, rng);
      const discount = timing === 'waiting' ? WAITING : rng.pick(DISCOUNT_VALUES.filter((v) => v !== WAITING));
      planned.push({
        key: `${category.key}-${i}`,
        business,
        posted: new Date(s.posted),
        status: 'verified',
        hue,
        extraImages: category.key === 'new' ? 6 : n % 3 === 0 ? 2 : n % 7 === 0 ? 1 : 0,
        withVideo: n % 17 === 0 || (category.key === 'new' && i === 0),
        draft: {
          productName,
          companyName: b.company,
          description: `${productName} from ${b.company}. ${DEMO_DESCRIPTIONS[n % DEMO_DESCRIPTIONS.length]}`,
          location: b.neighbourhood,
          latitude: Number((b.latitude + rng.between(-0.004, 0.004)).toFixed(6)),
          longitude: Number((b.longitude + rng.between(-0.004, 0.004)).toFixed(6)),
          category: category.key,
          discount,
          discountDurationDays: s.durationDays,
          discountStartDays: s.startDays,
          contactPhone: n % 9 === 0 ? null : `+2519${String(11000000 + ((n * 7919) % 88999999)).padStart(8, '0')}`,
          contactTelegram: n % 13 === 0 ? null : `https://t.me/${telegramHandle(b.company)}`,
          contactTick: n % 4 === 0 ? `https://wa.me/2519${String(20000000 + n * 131).padStart(8, '0')}` : null,
          webSite: n % 6 === 0 ? `https://${slug(b.company)}.example.com` : null,
        },
      });
    }
  }
  // A few listings waiting for verification and two rejected ones: never public.
  const unverified = [
    { name: 'Teff Flour 25 kg (awaiting check)', category: 'foods', status: 'pending' as const },
    { name: 'Second-hand Laptop Sale', category: 'software', status: 'pending' as const },
    { name: 'Hotel Weekend Package', category: 'travels', status: 'pending' as const },
    { name: 'Car Tyres Clearance', category: 'automotive', status: 'pending' as const },
    { name: 'Kids Birthday Magician', category: 'entertainments', status: 'pending' as const },
    { name: 'Miracle Weight-loss Tea', category: 'health', status: 'rejected' as const, reason: 'Health claims we cannot verify.' },
    {
      name: 'Cheap Phones No Warranty',
      category: 'repair',
      status: 'rejected' as const,
      reason: 'The photo does not show the product offered.',
    },
  ];
  for (const [i, u] of unverified.entries()) {
    const b = DEMO_BUSINESSES[(i * 3) % DEMO_BUSINESSES.length]!;
    planned.push({
      key: `unverified-${i}`,
      business: (i * 3) % DEMO_BUSINESSES.length,
      posted: new Date(now - (i + 1) * 5 * HOUR_MS),
      status: u.status,
      rejectionReason: 'reason' in u ? u.reason : undefined,
      hue: (i * 53) % 360,
      extraImages: 0,
      withVideo: false,
      draft: {
        productName: u.name,
        companyName: b.company,
        description: `${u.name} from ${b.company}.`,
        location: b.neighbourhood,
        latitude: b.latitude,
        longitude: b.longitude,
        category: u.category,
        discount: '20',
        discountDurationDays: 10,
        discountStartDays: null,
        contactPhone: '+251911000000',
        contactTelegram: `https://t.me/${telegramHandle(b.company)}`,
        contactTick: null,
        webSite: null,
      },
    });
  }
  return planned;
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
  await removeAbandonedWork(dataDir);

  const logos = await pool(
    4,
    DEMO_BUSINESSES.map((b, i) => () => renderSvgImage(logoSvg(b.company, (i * 37) % 360), dataDir, `seed/logo-${slug(b.company)}`)),
    signal,
  );
  const media = await pool(
    4,
    planned.map((p) => async () => {
      const svg = productSvg(p.draft.productName, p.draft.companyName, p.hue, 0);
      const photo = await renderSvgImage(svg, dataDir, `seed/${p.key}`);
      const images: StoredImage[] = [];
      for (let v = 1; v <= p.extraImages; v++) {
        images.push(await renderSvgImage(productSvg(p.draft.productName, `Photo ${v + 1}`, p.hue, v), dataDir, `seed/${p.key}-${v}`));
      }
      const video: StoredVideo | null = p.withVideo ? await renderDemoVideo(svg, photo, dataDir, `seed/${p.key}-video`, signal) : null;
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
          dataDir,
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
