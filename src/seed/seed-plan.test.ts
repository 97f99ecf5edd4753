import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#features/listings/categories.ts';
import { DEMO_BUSINESSES } from './seed-businesses.ts';
import { DEMO_OFFERS } from './seed-offers.ts';
import { pictureTitle, planCatalogue } from './seed-plan.ts';

const now = Date.UTC(2026, 2, 10, 9, 0, 0);
const planned = planCatalogue(now);
const verified = planned.filter((p) => p.status === 'verified');
const GEEZ = /[\u1200-\u137f]/;
const share = (texts: string[]) => texts.filter((t) => GEEZ.test(t)).length / texts.length;

/** Product names written as Amharic in Latin letters (bunna, berbere, kemis, krar…), as phones without a Ge'ez keyboard type them. */
const LATIN_AMHARIC = [
  'Bunna 1 kilo – Yirgacheffe',
  'Jimma bunna – green coffee beans',
  'Macchiato and kek',
  'Cold brew bunna bottles',
  'Berbere 1 kilo',
  'Mitmita and shiro pack',
  'Doro wat spice pack for Fasika',
  'Niter kibe 1 kilo',
  'Habesha kemis with tilet',
  'Men habesha libs set',
  'Masinqo handmade',
  'Online krar lessons',
  'Timkat family outfits',
  'Clay jebena set',
];

/** Kilometres between two points (haversine), as the nearby query measures them. */
function km(lat: number, lon: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat) * r) / 2) ** 2 + Math.cos(lat * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('the demo catalogue plan', () => {
  it('is the same plan for the same now, about as large as before', () => {
    expect(planCatalogue(now)).toEqual(planned);
    expect(verified.length).toBeGreaterThanOrEqual(180);
    expect(planned.length).toBeLessThanOrEqual(230);
    expect(DEMO_BUSINESSES.length).toBeGreaterThanOrEqual(30);
    expect(DEMO_BUSINESSES.length).toBeLessThanOrEqual(45); // three more for the categories issue 29 added
  });

  it('lists every offer once, from a business that declares its category', () => {
    const keys = new Set(CATEGORIES.map((c) => c.key));
    for (const b of DEMO_BUSINESSES) {
      for (const category of b.categories) {
        expect(keys.has(category), `${b.handle}: ${category}`).toBe(true);
        // A declared category is one the business really sells in.
        expect(
          b.offers.some(([c]) => c === category),
          `${b.handle} declares ${category} and sells nothing there`,
        ).toBe(true);
      }
    }
    for (const p of planned) {
      const b = DEMO_BUSINESSES[p.business]!;
      expect(b.categories, `${p.draft.productName} by ${b.handle}`).toContain(p.draft.category);
      expect(p.draft.companyName).toBe(b.company);
      expect(p.draft.location).toBe(b.neighbourhood);
    }
    expect(verified.map((p) => `${p.business} ${p.draft.productName}`).sort()).toEqual(
      DEMO_OFFERS.map((o) => `${o.business} ${o.name}`).sort(),
    );
  });

  it('gives every category at least two verified listings', () => {
    for (const category of CATEGORIES) {
      expect(verified.filter((p) => p.draft.category === category.key).length, category.key).toBeGreaterThanOrEqual(2);
    }
  });

  it('writes about half the names, companies and descriptions in Ge’ez script', () => {
    for (const [what, texts] of [
      ['product names', verified.map((p) => p.draft.productName)],
      ['company names', DEMO_BUSINESSES.map((b) => b.company)],
      ['descriptions', verified.map((p) => p.draft.description)],
      ['locations', DEMO_BUSINESSES.map((b) => b.neighbourhood)],
    ] as const) {
      expect(share([...texts]), what).toBeGreaterThanOrEqual(0.35);
      expect(share([...texts]), what).toBeLessThanOrEqual(0.65);
    }
    // Same-sound letters both ways, so search meets real spelling variation.
    const text = verified.map((p) => `${p.draft.productName} ${p.draft.companyName} ${p.draft.description}`).join(' ');
    for (const pair of [
      ['ሥጋ', 'ስጋ'],
      ['ፀ', 'ጸ'],
      ['ሐ', 'ሀ'],
      ['ዕ', 'እ'],
    ])
      for (const spelling of pair) expect(text, spelling).toContain(spelling);
  });

  it('names some offers in Amharic typed with Latin letters', () => {
    const names = new Set(verified.map((p) => p.draft.productName));
    for (const name of LATIN_AMHARIC) {
      expect(names.has(name), name).toBe(true);
      expect(GEEZ.test(name), name).toBe(false);
    }
    expect(
      DEMO_BUSINESSES.filter((b) => /^(Selam Bunna Bet|Habesha Libs|Yeshi Berbere Bet|Fetan Delivery|Birtat Gym)$/.test(b.company)),
    ).toHaveLength(5);
  });

  it('never shows a price', () => {
    const price = /\bbirr\b|(^|[\s፡።፣፤(])ብር($|[\s፡።፣፤.,)])|\d[\d,.]*\s*(br|etb|usd|birr|ብር)\b|[$€£]\s*\d/i;
    for (const p of planned) {
      expect(price.test(p.draft.description), p.draft.description).toBe(false);
      expect(price.test(p.draft.productName), p.draft.productName).toBe(false);
    }
    expect(price.test('ዋጋው 500 ብር ነው።')).toBe(true);
    expect(price.test('Only 1,200 Birr')).toBe(true);
  });

  it('times holiday deals for the holidays the holiday page groups, all on its first page', () => {
    const holidays = verified.filter((p) => p.draft.holiday);
    expect(new Set(holidays.map((p) => p.draft.holiday))).toEqual(
      new Set(['eid-al-fitr', 'fasika', 'enkutatash', 'meskel', 'genna', 'timket']),
    );
    // The page shows 24 deals a page; the API's holiday window lists the holiday category newest first.
    expect(holidays.length).toBeLessThanOrEqual(24);
    expect(verified.filter((p) => p.draft.category === 'holyday').length).toBeLessThanOrEqual(24);
    expect(verified.find((p) => p.draft.productName === 'የገና ስጦታ ቅርጫት – Genna gift basket')?.draft.holiday).toBe('genna');
    expect(verified.find((p) => p.draft.productName === 'Ramadan iftar boxes')?.draft.holiday).toBe('eid-al-fitr');
    for (const key of ['new', 'holyday', 'upcomming'])
      expect(verified.filter((p) => p.draft.category === key).length, key).toBeGreaterThanOrEqual(5);
  });

  it('puts a good share of the listings within 2 km of Bole Medhanialem', () => {
    const near = verified.filter((p) => km(8.9963, 38.7868, p.draft.latitude, p.draft.longitude) <= 2);
    expect(near.length / verified.length).toBeGreaterThanOrEqual(0.25);
    for (const p of planned) {
      expect(p.draft.latitude).toBeGreaterThan(8.8);
      expect(p.draft.latitude).toBeLessThan(9.2);
      expect(p.draft.longitude).toBeGreaterThan(38.6);
      expect(p.draft.longitude).toBeLessThan(39.0);
    }
  });

  it('links each business’s own Telegram handle, an ASCII name', () => {
    const handles = DEMO_BUSINESSES.map((b) => b.handle);
    expect(new Set(handles).size).toBe(handles.length);
    for (const handle of handles) expect(handle).toMatch(/^[a-z][a-z0-9_]{4,31}$/);
    for (const p of planned) {
      if (p.draft.contactTelegram) expect(p.draft.contactTelegram).toBe(`https://t.me/${DEMO_BUSINESSES[p.business]!.handle}`);
      if (p.draft.webSite) expect(p.draft.webSite).toMatch(/^https:\/\/[a-z0-9-]+\.example\.com$/);
    }
    expect(verified.filter((p) => p.draft.contactTelegram).length).toBeGreaterThan(verified.length * 0.8);
    expect(verified.filter((p) => p.draft.contactPhone).length).toBeGreaterThan(verified.length * 0.8);
  });

  it('draws its pictures in Latin letters only (no Ethiopic font is assumed)', () => {
    expect(pictureTitle('Samsung A15 ስልክ', 'Nahom Mobile')).toBe('Samsung A15');
    expect(pictureTitle('የልጆች ጫማ – kids shoes', 'Abebe Chama')).toBe('kids shoes');
    expect(pictureTitle('ሙሉ ስንዴ ዳቦ', 'Sheger Dabo Bet')).toBe('Sheger Dabo Bet');
    for (const p of planned) {
      expect(GEEZ.test(p.picture.title), p.picture.title).toBe(false);
      expect(GEEZ.test(p.picture.subtitle), p.picture.subtitle).toBe(false);
    }
  });
});
