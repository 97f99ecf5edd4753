/**
 * Nearby without asking first (issue 30, item 2): /nearby-shops shows the deals of central Addis
 * Ababa at once, nearest Meskel Square first with a distance on each card, before any question;
 * "Share my location to sort by distance" asks only when tapped; refused, the deals stay and a calm
 * line says so; granted, the list is sorted by the visitor's position. A neighbourhood picked in
 * the form is remembered on the next visit. In English and Amharic, and without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';

const BOLE = { latitude: 8.9963, longitude: 38.7868 };

const WORDS = {
  en: {
    prefix: '',
    central: 'Offers within 2 km of Meskel Square (central Addis Ababa), nearest first. Choose your neighbourhood below.',
    share: 'Share my location to sort by distance',
    notShared: 'Location not shared; showing deals near Meskel Square (central Addis Ababa).',
    ofYou: 'Offers within 2 km of you, nearest first.',
    ofPiassa: 'Offers within 2 km of Piassa, nearest first.',
    ofMerkato: 'Offers within 2 km of Merkato, nearest first.',
    picker: 'Or choose a place',
    show: 'Show',
    away: / away$/,
  },
  am: {
    prefix: '/am',
    central: 'ከመስቀል አደባባይ (የአዲስ አበባ መሃል) በ2 ኪ.ሜ ውስጥ ያሉ ቅናሾች፤ ቅርቡ መጀመሪያ። ሰፈርዎን ከታች ይምረጡ።',
    share: 'በርቀት ለመደርደር አካባቢዬን አጋራ',
    notShared: 'አካባቢዎ አልተጋራም፤ በመስቀል አደባባይ (የአዲስ አበባ መሃል) አቅራቢያ ያሉ ቅናሾች እየታዩ ነው።',
    ofYou: 'ከእርስዎ በ2 ኪ.ሜ ውስጥ ያሉ ቅናሾች፤ ቅርቡ መጀመሪያ።',
    ofPiassa: 'ከፒያሳ በ2 ኪ.ሜ ውስጥ ያሉ ቅናሾች፤ ቅርቡ መጀመሪያ።',
    ofMerkato: 'ከመርካቶ በ2 ኪ.ሜ ውስጥ ያሉ ቅናሾች፤ ቅርቡ መጀመሪያ።',
    picker: 'ወይም ቦታ ይምረጡ',
    show: 'አሳይ',
    away: / ርቀት$/,
  },
} as const;
type Lang = keyof typeof WORDS;

/** Counts every request for the position the page makes (a request is what shows the prompt). */
async function countLocationRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { locationRequests: number };
    counted.locationRequests = 0;
    for (const name of ['getCurrentPosition', 'watchPosition'] as const) {
      const original = Geolocation.prototype[name] as (...args: unknown[]) => unknown;
      (Geolocation.prototype as unknown as Record<string, unknown>)[name] = function (this: Geolocation, ...args: unknown[]) {
        counted.locationRequests += 1;
        return original.apply(this, args);
      };
    }
  });
}
const locationRequests = (page: Page) => page.evaluate(() => (window as unknown as { locationRequests: number }).locationRequests);

/** The distances on the cards, in km, in page order (at least 3, each within 2 km, nearest first). */
async function distancesOnCards(page: Page, lang: Lang): Promise<number[]> {
  const texts = await page.getByRole('article').getByText(WORDS[lang].away).allTextContents();
  const km = texts.map((text) => (/km|ኪ\.ሜ/.test(text) ? Number.parseFloat(text) : Number.parseFloat(text) / 1000));
  expect(km.length).toBeGreaterThan(2);
  expect(km.every((d) => d >= 0 && d <= 2)).toBe(true);
  expect(km).toEqual(km.slice().sort((a, b) => a - b));
  return km;
}

for (const lang of ['en', 'am'] as const) {
  const w = WORDS[lang];

  test.describe(`${lang}: nearby, location not granted`, () => {
    test.use({ permissions: [] });

    test('opens with the deals of central Addis Ababa before any question; a refused location keeps them', async ({ page, context }) => {
      await context.clearPermissions();
      await countLocationRequests(page);
      const response = await page.goto(`${w.prefix}/nearby-shops`);
      // The bare URL reads the remembered-area cookie: it is never a shared cache's.
      expect(response!.headers()['cache-control']).toMatch(/private/);
      await expect(page.getByText(w.central)).toBeVisible();
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible();
      const count = await cards.count();
      await distancesOnCards(page, lang);
      expect(await locationRequests(page)).toBe(0);
      await page.screenshot({ path: `test-results/shots/issue30-nearby-${lang}.png` });

      await page.getByRole('button', { name: w.share }).click();
      await expect(page.getByText(w.notShared)).toBeVisible();
      expect(await locationRequests(page)).toBe(1);
      // Calm, not an alert, and the page stays as it was.
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(cards).toHaveCount(count);
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByRole('button', { name: w.share })).toBeEnabled();
    });

    test('a picked neighbourhood is remembered on the next visit', async ({ page }) => {
      await page.goto(`${w.prefix}/nearby-shops`);
      await page.getByLabel(w.picker).selectOption('Piassa');
      await page.getByRole('button', { name: w.show, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${w.prefix}/nearby-shops\\?place=Piassa$`));
      await expect(page.getByText(w.ofPiassa)).toBeVisible();
      await distancesOnCards(page, lang);
      // A neighbourhood's page is the same for everybody: shared caches may keep it.
      const shared = await page.request.get(`${w.prefix}/nearby-shops?place=Piassa`);
      expect(shared.headers()['cache-control']).toMatch(/^public/);

      await page.goto(`${w.prefix}/nearby-shops`);
      await expect(page).toHaveURL(new RegExp(`${w.prefix}/nearby-shops\\?place=Piassa$`));
      await expect(page.getByText(w.ofPiassa)).toBeVisible();
      await expect(page.getByLabel(w.picker)).toHaveValue('Piassa');
    });
  });

  test.describe(`${lang}: nearby, location granted`, () => {
    test.use({ geolocation: BOLE, permissions: ['geolocation'] });

    test('asks only on the tap, then sorts by the position with a distance on each card', async ({ page }) => {
      await countLocationRequests(page);
      await page.goto(`${w.prefix}/nearby-shops`);
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await locationRequests(page)).toBe(0);
      await page.getByRole('button', { name: w.share }).click();
      await page.waitForURL(/lat=8\.996300&lng=38\.786800/);
      await expect(page.getByText(w.ofYou)).toBeVisible();
      const km = await distancesOnCards(page, lang);
      // Sorted from Bole, not from the city centre: the nearest deal is within a few hundred metres.
      expect(km[0]).toBeLessThan(1);
    });
  });

  test.describe(`${lang}: nearby without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test('shows the default area and the picker works and is remembered', async ({ page }) => {
      await page.goto(`${w.prefix}/nearby-shops`);
      await expect(page.getByText(w.central)).toBeVisible();
      await distancesOnCards(page, lang);
      // The share button needs JavaScript: it is not offered.
      await expect(page.getByRole('button', { name: w.share })).toBeHidden();
      await page.getByLabel(w.picker).selectOption('Merkato');
      await page.getByRole('button', { name: w.show, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${w.prefix}/nearby-shops\\?place=Merkato$`));
      await expect(page.getByText(w.ofMerkato)).toBeVisible();
      await page.goto(`${w.prefix}/nearby-shops`);
      await expect(page).toHaveURL(new RegExp(`${w.prefix}/nearby-shops\\?place=Merkato$`));
      await expect(page.getByText(w.ofMerkato)).toBeVisible();
      await distancesOnCards(page, lang);
    });
  });
}
