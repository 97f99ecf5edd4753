/**
 * Generates a catalogue of N listings for the benchmark, fast: batched multi-row inserts (1,000
 * rows per statement) in one transaction, and a handful of images rendered once and shared by
 * every row. Deterministic (same N, same `now` → same catalogue).
 *
 * Realism: every category (a few much larger than others), each listing an offer of a demo business
 * that sells it (in Amharic, Latin-letter Amharic or English), under that business's name and
 * around its neighbourhood; posting dates over the last 120 days with every list window populated
 * relative to `now`, ~90% verified (the rest pending or rejected), a third with extra gallery images.
 */
import { openDatabase } from '#db/client.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { listingImages, listings, searchVocabulary, sellers as sellerPages, sessions as sessionRows, users } from '#db/schema.ts';
import { CATEGORIES } from '#features/listings/categories.ts';
import { DISCOUNT_VALUES, WAITING } from '#features/listings/discount.ts';
import { listingPath } from '#features/listings/listing-urls.ts';
import { logoSvg, productSvg, renderSvgImage } from '#seed/demo-media.server.ts';
import { listingSchedule } from '#features/listings/listings.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { searchColumns } from '#features/listings/search-index.server.ts';
import { vocabularyOf } from '#features/search/search-document.ts';
import { businessLatinName, DEMO_BUSINESSES } from '#seed/seed-businesses.ts';
import { offersIn } from '#seed/seed-offers.ts';
import { random } from '#seed/random.ts';

export const BATCH_SIZE = 1000;
/** How many different detail pages the load test visits (at every catalogue size, so cache hits compare). */
export const DETAIL_SAMPLES = 200;
/** Signed-in visitors of the mixed workload (bench/mixed.mjs): accounts with a session each. */
export const BENCH_BUYERS = 50;
/** The session secret the benchmark's app runs with (AUTH_SECRET), so the seed can sign their cookies. */
export const BENCH_AUTH_SECRET = 'sefer-benchmark-secret-not-for-production-0123456789';
const DAY = 86_400_000;
const HOUR = 3_600_000;

const QUALIFIERS = ['', '', '', 'Special', 'Family', 'Premium', 'Weekend', 'Student', 'Express', 'Deluxe', 'Budget', 'Classic'];
/**
 * Each demo business trades under several owners (branches and resellers), so the catalogue has
 * about 1,500 sellers' pages, logos and links, as before, while every name and place stays real.
 */
const BRANCHES = Math.ceil(1500 / DEMO_BUSINESSES.length);
const PERCENTS = DISCOUNT_VALUES.filter((v) => v !== WAITING);

/** Category weights: a few big categories, a long tail; the list categories are small. */
function categoryTable(rng) {
  const table = [];
  let total = 0;
  for (const [i, c] of CATEGORIES.entries()) {
    const weight = c.kind === 'list' ? 1 : 1 + 4 / (1 + (i % 9)) + rng.next();
    total += weight;
    table.push({ key: c.key, cumulative: total });
  }
  return { table, total };
}

function pickCategory(t, rng) {
  const x = rng.next() * t.total;
  let lo = 0;
  let hi = t.table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.table[mid].cumulative < x) lo = mid + 1;
    else hi = mid;
  }
  return t.table[lo].key;
}

/** Posting date and discount schedule: a mix that fills daily, ending-soon, recent, upcoming and expired. */
function timing(rng, now, category) {
  const r = rng.next();
  if (category === 'upcomming') {
    return r < 0.5
      ? { posted: now - rng.between(2, 60) * HOUR, durationDays: null, startDays: null, waiting: true }
      : { posted: now - rng.between(2, 20) * HOUR, durationDays: null, startDays: rng.int(2, 9) };
  }
  if (r < 0.1) {
    // Ends within 2 days (daily window).
    const duration = rng.int(2, 10);
    return { posted: now - duration * DAY + rng.between(0.1, 1.9) * DAY, durationDays: duration, startDays: null };
  }
  if (r < 0.25) {
    // Ends within 6 days (ending soon).
    const duration = rng.int(7, 30);
    return { posted: now - duration * DAY + rng.between(2, 5.9) * DAY, durationDays: duration, startDays: null };
  }
  if (r < 0.35) return { posted: now - rng.between(0.1, 47) * HOUR, durationDays: rng.int(3, 30), startDays: null };
  if (r < 0.42) return { posted: now - rng.between(1, 40) * HOUR, durationDays: null, startDays: rng.int(2, 14) };
  if (r < 0.5) return { posted: now - rng.between(2, 120) * DAY, durationDays: null, startDays: null };
  // Everything else: posted over the last 120 days with a 1–30 day discount (most have expired).
  const posted = now - rng.between(2, 120) * DAY;
  return rng.next() < 0.8
    ? { posted, durationDays: rng.int(1, 30), startDays: null }
    : { posted, durationDays: null, startDays: rng.int(1, 30) };
}

/** Renders the few images every generated listing points at (idempotent per data folder). */
async function renderMedia(dataDir) {
  const store = mediaStorage(dataDir);
  const photos = [];
  const logos = [];
  for (let i = 0; i < 6; i++) {
    photos.push(await renderSvgImage(productSvg(`Bench offer ${i + 1}`, 'Sefer benchmark', (i * 61) % 360, i), store, `bench/photo-${i}`));
  }
  for (let i = 0; i < 4; i++) {
    logos.push(await renderSvgImage(logoSvg(businessLatinName(DEMO_BUSINESSES[i]), (i * 83) % 360), store, `bench/logo-${i}`));
  }
  return { photos, logos };
}

/**
 * Seeds `n` listings into an empty, migrated database and returns what the load test needs:
 * sample detail paths, the search term and timings.
 * @param {{ n: number, dataDir: string, databaseUrl?: string, now?: Date, log?: (m: string) => void }} options
 */
export async function seedCatalogue({ n, dataDir, databaseUrl, now = new Date(), log = () => {} }) {
  const started = performance.now();
  const media = await renderMedia(dataDir);
  const mediaMs = performance.now() - started;
  const handle = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : `${dataDir}/pglite`,
    migrationsFolder: new URL('../drizzle', import.meta.url).pathname,
  });
  const opened = performance.now();
  const rng = random(7_2026 + n);
  const categories = categoryTable(rng);
  const nowMs = now.getTime();
  const sellers = Array.from({ length: 200 }, (_, i) => ({
    id: `bench-seller-${i + 1}`,
    name: `Bench Seller ${i + 1}`,
    firstName: 'Bench',
    lastName: `Seller ${i + 1}`,
    email: `seller${i + 1}@bench.sefer.invalid`,
    emailVerified: true,
  }));
  const offersByCategory = new Map(CATEGORIES.map((c) => [c.key, offersIn(c.key)]));
  // The search keys and vocabulary the app writes with each listing (insertListing), computed once
  // per distinct text: the catalogue repeats its offers.
  const vocabulary = new Map();
  const documents = new Map();
  const indexed = (listing) => {
    const text = [listing.productName, listing.companyName, listing.location, listing.description, listing.category].join('\u0000');
    let document = documents.get(text);
    if (!document) {
      document = searchColumns(listing);
      documents.set(text, document);
      for (const { key, word } of vocabularyOf(listing)) if (!vocabulary.has(key)) vocabulary.set(key, word);
    }
    return document;
  };

  let verified = 0;
  let images = 0;
  const samples = [];
  /** Every verified deal's page and id, for the mixed workload. */
  const listingPaths = [];
  const listingIds = [];
  const sampleEvery = Math.max(1, Math.floor((n * 0.85) / DETAIL_SAMPLES));
  await handle.db.transaction(async (tx) => {
    await tx.insert(users).values(sellers);
    // Every listing links its owner's public seller page.
    const pages = await tx
      .insert(sellerPages)
      .values(sellers.map((s) => ({ userId: s.id })))
      .returning({ id: sellerPages.id, userId: sellerPages.userId });
    const sellerPageOf = new Map(pages.map((page) => [page.userId, page.id]));
    for (let start = 0; start < n; start += BATCH_SIZE) {
      const rows = [];
      const count = Math.min(BATCH_SIZE, n - start);
      for (let k = 0; k < count; k++) {
        const i = start + k;
        const category = pickCategory(categories, rng);
        const qualifier = rng.pick(QUALIFIERS);
        // An offer of a business that sells in this category: its name, its company, its place.
        const offer = rng.pick(offersByCategory.get(category));
        const productName = qualifier ? `${qualifier} ${offer.name}` : offer.name;
        const place = DEMO_BUSINESSES[offer.business];
        const companyName = place.company;
        const companyIndex = offer.business * BRANCHES + Math.floor(rng.next() ** 2 * BRANCHES);
        const t = timing(rng, nowMs, category);
        const datePosted = new Date(t.posted);
        const roll = rng.next();
        const status = roll < 0.9 ? 'verified' : roll < 0.97 ? 'pending' : 'rejected';
        const draft = {
          ownerId: sellers[companyIndex % sellers.length].id,
          sellerId: sellerPageOf.get(sellers[companyIndex % sellers.length].id),
          productName,
          companyName,
          description: offer.description,
          location: place.neighbourhood,
          // About 1.5 km of spread around each neighbourhood.
          latitude: Number((place.latitude + rng.normal() * 0.012).toFixed(6)),
          longitude: Number((place.longitude + rng.normal() * 0.012).toFixed(6)),
          category,
          discount: t.waiting ? WAITING : rng.pick(PERCENTS),
          discountDurationDays: t.durationDays,
          discountStartDays: t.startDays,
          logo: i % 10 === 0 ? null : media.logos[companyIndex % media.logos.length],
          photo: media.photos[i % media.photos.length],
          video: null,
          contactPhone: i % 9 === 0 ? null : `+2519${String(11000000 + ((i * 7919) % 88999999)).padStart(8, '0')}`,
          contactTelegram: i % 13 === 0 ? null : `https://t.me/${place.handle}`,
          contactTick: i % 4 === 0 ? `https://wa.me/2519${String(20000000 + i).padStart(8, '0')}` : null,
          webSite: i % 6 === 0 ? `https://${place.handle.replaceAll('_', '-')}.example.com` : null,
          datePosted,
          ...listingSchedule(datePosted, t.startDays, t.durationDays),
          status,
          rejectionReason: status === 'rejected' ? 'The photo does not show the product offered.' : null,
          reviewedAt: status === 'pending' ? null : datePosted,
        };
        rows.push({ ...draft, ...indexed(draft) });
      }
      const inserted = await tx.insert(listings).values(rows).returning({ id: listings.id });
      const gallery = [];
      for (const [k, row] of rows.entries()) {
        const id = inserted[k].id;
        if (row.status === 'verified') {
          verified++;
          listingPaths.push(listingPath({ id, productName: row.productName }));
          listingIds.push(id);
          // Detail pages the load test visits: the same number at every size, spread over the ids.
          if (verified % sampleEvery === 1 % sampleEvery && samples.length < DETAIL_SAMPLES)
            samples.push(listingPath({ id, productName: row.productName }));
        }
        if ((start + k) % 3 === 0) {
          for (let p = 0; p < 2; p++)
            gallery.push({ listingId: id, position: p, image: media.photos[(start + k + p + 1) % media.photos.length] });
        }
      }
      if (gallery.length > 0) {
        await tx.insert(listingImages).values(gallery);
        images += gallery.length;
      }
      if ((start / BATCH_SIZE) % 20 === 19) log(`[seed] ${start + count} / ${n}`);
    }
    const words = [...vocabulary].map(([key, word]) => ({ key, word }));
    for (let start = 0; start < words.length; start += BATCH_SIZE)
      await tx
        .insert(searchVocabulary)
        .values(words.slice(start, start + BATCH_SIZE))
        .onConflictDoNothing();
  });
  const insertMs = performance.now() - opened;
  const buyers = await signedInBuyers(handle.db, now);
  await handle.close();
  const totalMs = performance.now() - started;
  log(
    `[seed] ${n} listings (${verified} verified, ${images} gallery images) in ${Math.round(totalMs)} ms (inserts ${Math.round(insertMs)} ms)`,
  );
  return {
    n,
    verified,
    galleryImages: images,
    samples,
    listingPaths,
    listingIds,
    buyers,
    mediaMs: Math.round(mediaMs),
    insertMs: Math.round(insertMs),
    totalMs: Math.round(totalMs),
  };
}

/** Accounts with a live session each, and the cookie a browser would send for it (signed with BENCH_AUTH_SECRET). */
async function signedInBuyers(db, now) {
  const accounts = Array.from({ length: BENCH_BUYERS }, (_, i) => ({
    id: `bench-buyer-${i + 1}`,
    name: `Bench Buyer ${i + 1}`,
    firstName: 'Bench',
    lastName: `Buyer ${i + 1}`,
    email: `buyer${i + 1}@bench.sefer.invalid`,
    emailVerified: true,
  }));
  await db.insert(users).values(accounts);
  const rows = accounts.map((account) => ({
    id: `bench-session-${account.id}`,
    token: randomBytes(24).toString('base64url'),
    userId: account.id,
    expiresAt: new Date(now.getTime() + 7 * 86_400_000),
  }));
  await db.insert(sessionRows).values(rows);
  // better-auth signs its cookie as better-call does: `<token>.<base64 HMAC-SHA256 of the token>`, URL-encoded.
  const signed = (token) => encodeURIComponent(`${token}.${createHmac('sha256', BENCH_AUTH_SECRET).update(token).digest('base64')}`);
  return rows.map((row) => ({ cookie: `sefer.session_token=${signed(row.token)}` }));
}
