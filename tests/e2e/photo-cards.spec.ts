/**
 * Photo cards (issue 30): a card shows its deal's product photo, an 88 px square left of the text,
 * as WebP 88 and 176 px squares with its width and height; the first screen's photos load at once
 * at low priority (the first card's text stays the largest paint: decision 21), the rest lazily. A
 * page of 24 cards stays under 40 KB of gzip HTML in both languages. Lite mode downloads no photo
 * and shows the seller's initials. Without JavaScript the photos are ordinary images.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

const LIST = '/weekly-discounts';
const PAGE_OF_CARDS = 24;
const LANGUAGES = [
  { lang: 'en', prefix: '' },
  { lang: 'am', prefix: '/am' },
] as const;

const cardPhotos = (page: Page) => page.locator('main article img[data-card-photo]');

/** The key of a deal's product photo, read from its page's preview image (`/media/<key>.webp`). */
async function productPhotoKey(page: Page, dealPath: string): Promise<string> {
  const html = await (await page.request.get(dealPath)).text();
  const key = /<meta property="og:image" content="[^"]*\/media\/([^"]+)\.webp"/.exec(html)?.[1];
  expect(key, `${dealPath} has a product photo`).toBeTruthy();
  return key!;
}

for (const { lang, prefix } of LANGUAGES) {
  test(`cards show the deal's product photo as sized WebP squares, lazy below the first screen (${lang})`, async ({ page }) => {
    const webp: string[] = [];
    page.on('response', (response) => {
      if (/-square(2x)?\.webp$/.test(new URL(response.url()).pathname)) webp.push(response.headers()['content-type'] ?? '');
    });
    await page.goto(`${prefix}${LIST}`);
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(PAGE_OF_CARDS);
    const photos = cardPhotos(page);
    await expect(photos).toHaveCount(PAGE_OF_CARDS);

    // The first card's picture is its own product photo (not the seller's logo), as 88 and 176 px squares.
    const deal = (await cards.first().locator('a[href*="/listings/"]').first().getAttribute('href'))!;
    const key = await productPhotoKey(page, deal);
    const first = photos.first();
    await expect(first).toHaveAttribute('src', new RegExp(`/media/${key}-square\\.webp$`));
    await expect(first).toHaveAttribute('srcset', new RegExp(`-square\\.webp 1x, /media/${key}-square2x\\.webp 2x$`));
    for (const photo of await photos.all()) {
      await expect(photo).toHaveAttribute('width', '88');
      await expect(photo).toHaveAttribute('height', '88');
      await expect(photo).toHaveAttribute('src', /\.webp$/);
    }
    // Left of the text, 88 px square on a 390 px phone.
    const box = (await first.boundingBox())!;
    expect(Math.round(box.width)).toBe(88);
    expect(Math.round(box.height)).toBe(88);
    const title = (await cards.first().locator('h2, h3').first().boundingBox())!;
    expect(title.x).toBeGreaterThanOrEqual(box.x + box.width);

    // The first screen's photos at once but after the text; the rest only when scrolled near.
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'low');
    for (const i of [3, 10, PAGE_OF_CARDS - 1]) await expect(photos.nth(i)).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(webp.length).toBeGreaterThan(0);
    expect(webp.every((type) => type === 'image/webp')).toBe(true);
    // No card scales down a 360 px thumbnail or a logo's icon.
    expect(await page.locator('main article img[src$="-thumb.webp"], main article img[src$="-icon.webp"]').count()).toBe(0);

    // The page's HTML stays under 40 KB compressed.
    const html = await (await page.request.get(`${prefix}${LIST}`)).body();
    expect(gzipSync(html).length).toBeLessThan(40 * 1024);
    await page.screenshot({ path: `test-results/shots/issue30-photo-cards-${lang}.png` });
  });

  test(`lite mode's cards download no photo and show the seller's initials (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' } });
    const page = await context.newPage();
    const media: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/media/')) media.push(request.url());
    });
    await page.goto(`${prefix}${LIST}`, { waitUntil: 'load' });
    await expect(page.locator('main article')).toHaveCount(PAGE_OF_CARDS);
    await expect(page.locator('main article [data-seller-initials]')).toHaveCount(PAGE_OF_CARDS);
    await expect(page.locator('main article img')).toHaveCount(0);
    await page.mouse.wheel(0, 6000);
    await page.waitForLoadState('networkidle');
    expect(media).toEqual([]);
    await context.close();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cards show their photos, the first screen at once', async ({ page }) => {
    await page.goto(`/am${LIST}`);
    const photos = cardPhotos(page);
    await expect(photos).toHaveCount(PAGE_OF_CARDS);
    await expect.poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
