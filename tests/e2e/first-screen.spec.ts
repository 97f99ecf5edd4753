import { expect, test, type Page } from '@playwright/test';

/**
 * The first screen on a slow link (decision 21): a deal page fetches its first photo with the page
 * and its other photos only once the page has loaded and painted; without JavaScript they are plain
 * images. No page asks for a favicon file.
 */

async function dealWithPhotos(page: Page): Promise<{ path: string; photos: number }> {
  const home = await (await page.request.get('/')).text();
  for (const [, path] of home.matchAll(/href="(\/listings\/\d+-[^"]+)"/g)) {
    const html = await (await page.request.get(path!)).text();
    const total = /photo 1 of (\d+)/.exec(html);
    if (total && Number(total[1]) > 1) return { path: path!, photos: Number(total[1]) };
  }
  throw new Error('no demo deal with several photos');
}

test('a deal page fetches only its first photo with the page, the others after it has painted', async ({ page }) => {
  const { path, photos } = await dealWithPhotos(page);
  const requested: { url: string; afterLoad: boolean }[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/media/')) requested.push({ url: url.pathname, afterLoad: loaded });
    expect(url.pathname).not.toBe('/favicon.svg');
  });
  await page.goto(path);
  const slides = page.locator('#gallery figure img');
  await expect(slides).toHaveCount(photos);
  await expect(slides.first()).toHaveAttribute('fetchpriority', 'high');
  // The seller's other deals sit below the deal: their logos wait until scrolled near.
  for (const logo of await page.locator('article article img').all()) await expect(logo).toHaveAttribute('loading', 'lazy');
  // Before the load event: the first photo (the seller's logo aside), nothing else.
  const photosWithPage = requested.filter((r) => !r.afterLoad && !/\/logo-/.test(r.url));
  expect(photosWithPage, JSON.stringify(requested)).toHaveLength(1);
  // Every later photo has its place (no layout shift when it arrives) and loads once shown.
  await expect(slides.nth(1)).toHaveAttribute('loading', 'lazy');
  await slides.nth(1).scrollIntoViewIfNeeded();
  await expect.poll(() => slides.nth(1).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a deal page's later photos are ordinary images in the row", async ({ page }) => {
    const { path, photos } = await dealWithPhotos(page);
    await page.goto(path);
    await expect(page.locator('#gallery figure img')).toHaveCount(photos);
  });
});
