/**
 * The plan of the demo catalogue, pure: which listings, by which business, posted when and with
 * which discount window, so each list screen has content on the day it is seeded.
 */
import { CATEGORIES } from '#features/listings/categories.ts';
import { DAY_MS, DISCOUNT_VALUES, WAITING } from '#features/listings/discount.ts';
import type { ListingDraft } from '#features/listings/listings.server.ts';
import { businessLatinName, DEMO_BUSINESSES } from './seed-businesses.ts';
import { businessIndex, offersIn, UNVERIFIED_OFFERS } from './seed-offers.ts';
import { random } from './random.ts';

/** An hour in milliseconds. */
export const HOUR_MS = 3_600_000;

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

/** A name as a media key part: lower case, ASCII, dashes. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}

/** Ethiopic letters and punctuation: the demo pictures are drawn without an Ethiopic font. */
const ETHIOPIC = /[\u1200-\u139f\u2d80-\u2ddf\uab00-\uab2f]+/g;

/**
 * What a demo picture says: the Latin words of a name ("Samsung A15 ስልክ" → "Samsung A15"), or
 * `fallback` when the name has none worth showing.
 */
export function pictureTitle(name: string, fallback: string): string {
  const latin = name
    .replace(ETHIOPIC, ' ')
    .replace(/\s+[–-]\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[–,\s-]+|[–,\s-]+$/g, '');
  return /[A-Za-z]{3}/.test(latin) ? latin : fallback;
}

/** One listing of the demo catalogue, before its media is rendered. */
export interface PlannedListing {
  draft: Omit<ListingDraft, 'ownerId' | 'logo' | 'photo' | 'video' | 'images'>;
  business: number;
  posted: Date;
  status: 'verified' | 'pending' | 'rejected';
  rejectionReason?: string;
  hue: number;
  /** The text of its pictures, in Latin letters (see pictureTitle). */
  picture: { title: string; subtitle: string };
  extraImages: number;
  withVideo: boolean;
  key: string;
}

/** Categories added after the catalogue was first planned (issue 29). */
const ADDED_LATER = new Set(['cafes', 'groceries', 'electronics']);

/** The whole demo catalogue, its dates relative to `now`: the same `now` plans the same catalogue. */
export function planCatalogue(now: number): PlannedListing[] {
  const rng = random(20261122);
  const planned: PlannedListing[] = [];
  let n = 0;
  // Category by category, so the timing cycle spreads every category over the list windows. The
  // categories issue 29 added come last and run long: the catalogue planned before them stays the
  // same (one random sequence), and they fill their own pages, not the dated list windows.
  const order = [...CATEGORIES.entries()].sort(([, a], [, b]) => Number(ADDED_LATER.has(a.key)) - Number(ADDED_LATER.has(b.key)));
  for (const [categoryIndex, category] of order) {
    const hue = (categoryIndex * 47) % 360;
    for (const [i, offer] of offersIn(category.key).entries()) {
      n++;
      let timing: Timing = TIMING_CYCLE[n % TIMING_CYCLE.length]!;
      if (ADDED_LATER.has(category.key)) timing = 'long';
      if (category.key === 'upcomming') timing = i % 2 === 0 ? 'waiting' : 'to_begin';
      if (category.key === 'new') timing = i < 3 ? 'recent' : 'long';
      if (category.key === 'holyday') timing = i % 2 === 0 ? 'soon' : 'long';
      const b = DEMO_BUSINESSES[offer.business]!;
      const s = schedule(timing, now, rng);
      const discount = timing === 'waiting' ? WAITING : rng.pick(DISCOUNT_VALUES.filter((v) => v !== WAITING));
      const brand = businessLatinName(b);
      planned.push({
        key: `${category.key}-${i}`,
        business: offer.business,
        posted: new Date(s.posted),
        status: 'verified',
        hue,
        picture: { title: pictureTitle(offer.name, brand), subtitle: brand },
        extraImages: category.key === 'new' ? 6 : n % 3 === 0 ? 2 : n % 7 === 0 ? 1 : 0,
        withVideo: n % 17 === 0 || (category.key === 'new' && i === 0),
        draft: {
          productName: offer.name,
          companyName: b.company,
          description: offer.description,
          location: b.neighbourhood,
          latitude: Number((b.latitude + rng.between(-0.004, 0.004)).toFixed(6)),
          longitude: Number((b.longitude + rng.between(-0.004, 0.004)).toFixed(6)),
          category: category.key,
          discount,
          discountDurationDays: s.durationDays,
          discountStartDays: s.startDays,
          contactPhone: n % 9 === 0 ? null : `+2519${String(11000000 + ((n * 7919) % 88999999)).padStart(8, '0')}`,
          contactTelegram: n % 13 === 0 ? null : `https://t.me/${b.handle}`,
          contactTick: n % 4 === 0 ? `https://wa.me/2519${String(20000000 + n * 131).padStart(8, '0')}` : null,
          webSite: n % 6 === 0 ? `https://${slug(b.handle)}.example.com` : null,
          holiday: offer.holiday,
        },
      });
    }
  }
  // A few listings waiting for verification and two rejected ones: never public.
  for (const [i, u] of UNVERIFIED_OFFERS.entries()) {
    const business = businessIndex(u.handle);
    const b = DEMO_BUSINESSES[business]!;
    const brand = businessLatinName(b);
    planned.push({
      key: `unverified-${i}`,
      business,
      posted: new Date(now - (i + 1) * 5 * HOUR_MS),
      status: u.status,
      rejectionReason: u.reason,
      hue: (i * 53) % 360,
      picture: { title: pictureTitle(u.name, brand), subtitle: brand },
      extraImages: 0,
      withVideo: false,
      draft: {
        productName: u.name,
        companyName: b.company,
        description: u.description,
        location: b.neighbourhood,
        latitude: b.latitude,
        longitude: b.longitude,
        category: u.category,
        discount: '20',
        discountDurationDays: 10,
        discountStartDays: null,
        contactPhone: '+251911000000',
        contactTelegram: `https://t.me/${b.handle}`,
        contactTick: null,
        webSite: null,
      },
    });
  }
  return planned;
}
