/**
 * Lite mode (issue 17): with `Save-Data: on`, or the lite cookie the menu's link sets, a category
 * page of 24 cards shows the sellers' initials and no product photo, and its first visit moves at
 * most 15 KB over the wire, counted by a TCP proxy in front of the server (bench/lite.mjs): every
 * request and response, headers included, the page's and any service worker's. A deal's page shows
 * no photo until "Show photos" is tapped, and never a video player. The cache keeps both bodies
 * of a URL apart and says so in `Vary`.
 *
 * Issue 30: every lite page says so at the top ("Lite mode: photos on tap · turn off", and "turn off"
 * works without JavaScript), home and /services drop their carousels and pictures for text tiles, and
 * home, a category and a deal's page are at least half as heavy as the same normal pages in both
 * languages (bench/lite-pages.mjs counts them the same way).
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { firstVisit, visitCounted, wireCounter } from '../../bench/lite.mjs';
import { LITE_SAVING, litePages } from '../../bench/lite-pages.mjs';
import { adminPage, tinyPng } from './support.ts';

/** The budget for a lite category page of 24 cards, first visit included. */
const LITE_BUDGET_BYTES = 15 * 1024;
const CATEGORY = { key: 'waste', path: '/Waste_Management_And_Recycling' };
const PAGE_OF_CARDS = 24;
const LITE = { 'Save-Data': 'on' };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
// Amharic names too: their initials are Ethiopic syllables.
const COMPANIES = ['ሰላም ሪሳይክል', 'Kality Recycling', 'አረንጓዴ ቆሻሻ አያያዝ', 'Bole Clean Works'];

// One worker, in order: the category is filled once, and the measurements do not compete.
test.describe.configure({ mode: 'default' });

const productImages = (page: Page) => page.locator('img[src*="/media/"]');

/** Fills the category up to a page of cards: deals posted and verified by the admin (other tests never use it). */
async function fillCategory(browser: Browser, baseURL: string): Promise<void> {
  const admin = await adminPage(browser, baseURL);
  try {
    await admin.goto(CATEGORY.path);
    const missing = PAGE_OF_CARDS - (await admin.locator('main article').count());
    for (let i = 0; i < missing; i++) {
      const created = await admin.request.post('/api/products/', {
        headers: { Origin: baseURL },
        multipart: {
          product_name: `Recycling pick-up ${i + 1}`,
          company_name: COMPANIES[i % COMPANIES.length]!,
          category: CATEGORY.key,
          discount: '20',
          discount_duration: '20',
          description: 'Weekly pick-up of sorted waste.',
          location: 'Kality',
          latitude: '8.90',
          longitude: '38.78',
          contact_telegram: '@kality_recycling',
          contact_phone: '0911 000 017',
          profile_photo: tinyPng('logo.png'),
          product_photo: tinyPng('photo.png'),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const verified = await admin.request.post(`/api/admin/listings/${id}/`, {
        headers: { Origin: baseURL },
        data: { verdict: 'verify' },
      });
      expect(verified.status()).toBe(200);
    }
  } finally {
    await admin.context().close();
  }
}

/** A first visit of the category page in a new context, through a wire counter: what it cost and showed. */
async function firstVisitOfCategory(browser: Browser, baseURL: string, options: BrowserContextOptions) {
  const counter = await wireCounter(baseURL);
  const context = await browser.newContext({ ...PHONE, ...options });
  try {
    const page = await context.newPage();
    const visit = await visitCounted(page, counter, `${counter.origin}${CATEGORY.path}`);
    const cards = await page.locator('main article').count();
    const initials = await page.locator('main article [data-seller-initials]').count();
    const images = await productImages(page).count();
    return { ...visit, cards, initials, images };
  } finally {
    await context.close();
    await counter.close();
  }
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  await fillCategory(browser, baseURL!);
});

test('with Save-Data: on, a category page of 24 cards has no product photo and its first visit is at most 15 KB', async ({
  browser,
  baseURL,
}) => {
  const lite = await firstVisitOfCategory(browser, baseURL!, { extraHTTPHeaders: LITE });
  expect(lite.status).toBe(200);
  expect(lite.cards).toBe(PAGE_OF_CARDS);
  expect(lite.initials).toBe(PAGE_OF_CARDS);
  expect(lite.images).toBe(0);
  expect(lite.productImages).toBe(0);
  // No photo, no worker install, no second request for the page: the document and the icon.
  expect(lite.files.filter((f) => /\/media\/|sw\.js|\/offline/.test(f.url))).toEqual([]);
  expect(lite.totalBytes, JSON.stringify(lite.files)).toBeLessThanOrEqual(LITE_BUDGET_BYTES);

  // The same visit without Save-Data shows the sellers' logos: the assertions above can fail.
  const normal = await firstVisitOfCategory(browser, baseURL!, {});
  expect(normal.images).toBeGreaterThan(0);
  expect(normal.initials).toBe(0);
  expect(normal.totalBytes).toBeGreaterThan(lite.totalBytes);
  test.info().annotations.push({
    type: 'bytes',
    description: `lite ${lite.totalBytes} B in ${lite.requests} requests; normal ${normal.totalBytes} B in ${normal.requests}`,
  });
});

test('in lite mode the offline worker waits for a second page of the site, then installs', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: LITE });
  const page = await context.newPage();
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  await page.goto(CATEGORY.path, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  expect(await registrations()).toBe(0);
  await page.locator('main article h2 a').first().click();
  await expect(page).toHaveURL(/\/listings\//);
  await expect.poll(registrations, { message: 'the worker registered on the second page' }).toBe(1);
  await context.close();
});

test('the menu turns lite mode on without JavaScript, a cookie remembers it, and a first visit with it is at most 15 KB', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CATEGORY.path);
  await expect(productImages(page).first()).toBeAttached();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Lite mode: off — turn on' }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY.path}$`));
  await expect(page.locator('main article')).toHaveCount(PAGE_OF_CARDS);
  await expect(productImages(page)).toHaveCount(0);
  await expect(page.locator('[data-lite-mode-link]')).toHaveText('Lite mode: on — turn off');

  const cookie = (await context.cookies()).find((c) => c.name === 'sefer_lite');
  expect(cookie).toMatchObject({ value: 'on', path: '/', sameSite: 'Lax', httpOnly: true });
  // Remembered for a year.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  await context.close();

  // A first visit (empty cache, no worker) with that cookie, through the wire counter's origin.
  const counter = await wireCounter(baseURL!);
  const host = new URL(counter.origin).hostname;
  await counter.close();
  const lite = await firstVisitOfCategory(browser, baseURL!, {
    storageState: { cookies: [{ ...cookie!, domain: host }], origins: [] },
  });
  expect(lite.cards).toBe(PAGE_OF_CARDS);
  expect(lite.images).toBe(0);
  expect(lite.initials).toBe(PAGE_OF_CARDS);
  expect(lite.totalBytes, JSON.stringify(lite.files)).toBeLessThanOrEqual(LITE_BUDGET_BYTES);
});

test('a visitor who turns lite mode off keeps the photos even when the browser sends Save-Data', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: LITE });
  const page = await context.newPage();
  await page.goto(CATEGORY.path);
  await expect(productImages(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Lite mode: on — turn off' }).click();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY.path}$`));
  await expect(productImages(page).first()).toBeAttached();
  await expect(page.locator('[data-seller-initials]')).toHaveCount(0);

  await page.goto('/lite-mode');
  await expect(page.locator('[data-lite-state]')).toHaveText('Lite mode is off.');
  await page.getByRole('link', { name: 'Turn lite mode on' }).click();
  await expect(page).toHaveURL(/\/lite-mode$/);
  await expect(page.locator('[data-lite-state]')).toHaveText('Lite mode is on.');
  await context.close();
});

test("a deal's page in lite mode: no photo until tapped, then the small ones, and no video or poster downloaded", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: LITE });
  const page = await context.newPage();
  const media: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/media/')) media.push(new URL(request.url()).pathname);
  });
  // The videos screen links every deal with a video; in lite mode it shows links, not players.
  await page.goto('/videos');
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.locator('[data-video-link]').first()).toBeAttached();
  const deals = await page.locator('main h2 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  media.length = 0;
  let total = 0;
  for (const deal of deals) {
    await page.goto(deal);
    total = await page.locator('#gallery').evaluate(() => document.querySelectorAll('#gallery ul li').length);
    if (total > 1) break;
  }
  expect(total, 'a deal with a video and several photos').toBeGreaterThan(1);

  const slides = page.locator('#gallery figure img');
  await expect(slides).toHaveCount(0);
  await expect(page.locator('a[id^="zoom-"]')).toHaveCount(0);
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.locator('[data-video-link]')).toHaveAttribute('href', /\/media\/.+\.(mp4|webm|mov)$/);
  // The link says how many photos a tap shows and, for photos stored since issue 30, what they cost.
  const link = page.locator('[data-show-photos]');
  await expect(link).toHaveText(new RegExp(`^Show photos \\(${total}(, \\d+ KB)?\\)$`));
  await page.waitForLoadState('load');
  // Nothing of the deal's media before the tap.
  expect(media).toEqual([]);

  await link.click();
  await expect(page).toHaveURL(/\?photos=all#gallery$/);
  await expect(slides).toHaveCount(total);
  await expect(slides.first()).toHaveAttribute('src', /-thumb\.webp$/);
  await expect(slides.first()).not.toHaveAttribute('srcset', /./);
  await expect(slides.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(page.locator('a[id^="zoom-"]')).toHaveCount(total);
  await expect(page.locator('video')).toHaveCount(0);
  await page.waitForLoadState('load');
  // The small width only, never a poster or a clip.
  expect(media.filter((path) => !/-thumb\.webp$/.test(path))).toEqual([]);
  await context.close();
});

test('pages say Vary: Save-Data, and the cache answers each mode with its own page', async ({ request }) => {
  const lite = await request.get(CATEGORY.path, { headers: LITE });
  expect(lite.headers().vary).toMatch(/Accept-Encoding, Save-Data/);
  expect(await lite.text()).not.toMatch(/<img[^>]+\/media\//);
  // The same URL again without Save-Data, from the cache or not, still has the photos.
  for (let i = 0; i < 2; i++) {
    const normal = await request.get(CATEGORY.path);
    expect(normal.headers().vary).toMatch(/Save-Data/);
    expect(await normal.text()).toMatch(/<img[^>]+\/media\//);
    const again = await request.get(CATEGORY.path, { headers: LITE });
    expect(['hit', 'miss']).toContain(again.headers()['x-page-cache']);
    expect(await again.text()).not.toMatch(/<img[^>]+\/media\//);
  }
  // A body the cookie chose is not for shared caches (the cookie is not in Vary).
  const chosen = await request.get(CATEGORY.path, { headers: { Cookie: 'sefer_lite=on' } });
  expect(chosen.headers()['cache-control']).toBe('private, max-age=0');
  expect(await chosen.text()).not.toMatch(/<img[^>]+\/media\//);
  // Pages that are never cached (a 404) say it too.
  expect((await request.get('/no-such-page-for-lite', { headers: LITE })).headers().vary).toMatch(/Save-Data/);
});

const LANGUAGES = [
  { lang: 'en', prefix: '', bar: 'Lite mode: photos on tap · turn off', off: 'turn off' },
  { lang: 'am', prefix: '/am', bar: 'ቀላል ሁነታ፦ ፎቶ ሲነኩ ብቻ · ያጥፉ', off: 'ያጥፉ' },
] as const;

for (const { lang, prefix, bar, off } of LANGUAGES) {
  test.describe(`lite mode you can see (${lang}), without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test('every lite page says so at the top, and "turn off" turns it off and comes back', async ({ browser }) => {
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, extraHTTPHeaders: LITE });
      const page = await context.newPage();
      for (const path of ['/', CATEGORY.path, '/services', '/search?query=coffee']) {
        await page.goto(`${prefix}${path}`);
        const line = page.locator('[data-lite-bar]');
        await expect(line, path).toHaveText(bar);
        // Above everything else on the page: the first thing after the skip link.
        expect(await line.evaluate((el) => el.previousElementSibling?.getAttribute('href'))).toBe('#main');
        expect((await line.boundingBox())!.y).toBe(0);
      }
      await page.screenshot({ path: `test-results/shots/issue30-lite-mode-${lang}.png` });

      await page.goto(`${prefix}${CATEGORY.path}`);
      await expect(productImages(page)).toHaveCount(0);
      await page.locator('[data-lite-bar]').getByRole('link', { name: off, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}${CATEGORY.path}$`));
      await expect(page.locator('[data-lite-bar]')).toHaveCount(0);
      await expect(productImages(page).first()).toBeAttached();
      expect((await context.cookies()).find((c) => c.name === 'sefer_lite')?.value).toBe('off');
      await context.close();
    });

    test('home and /services drop their carousels and pictures for text tiles', async ({ browser }) => {
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, extraHTTPHeaders: LITE });
      const page = await context.newPage();
      await page.goto(`${prefix}/`);
      await expect(page.locator('[data-carousel]')).toHaveCount(0);
      await expect(page.locator('[data-lite-hero]')).toBeVisible();
      await expect(page.locator('.category-tile')).toHaveCount(0);
      expect(await page.locator('[data-text-tile]').count()).toBeGreaterThan(10);
      await page.goto(`${prefix}/services`);
      await expect(page.locator('[data-carousel]')).toHaveCount(0);
      await expect(page.locator('.category-tile')).toHaveCount(0);
      expect(await page.locator('[data-text-tile]').count()).toBeGreaterThanOrEqual(14);
      await context.close();

      // The same pages without lite mode keep them: the checks above can fail.
      const normal = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
      const other = await normal.newPage();
      await other.goto(`${prefix}/`);
      await expect(other.locator('[data-lite-bar]')).toHaveCount(0);
      expect(await other.locator('[data-carousel]').count()).toBe(2);
      await expect(other.locator('[data-text-tile]')).toHaveCount(0);
      await normal.close();
    });
  });
}

test('lite home, category and deal pages are at least half as heavy as normal ones, in English and Amharic', async ({
  browser,
  baseURL,
}) => {
  // Twelve first visits through the wire counter, each waiting for the network to go quiet.
  test.setTimeout(180_000);
  // A demo category: its deals carry real product photos (this file's own category has 1-pixel ones).
  const pages = await litePages(baseURL!, '/homes');
  const rows: string[] = [];
  for (const [name, path] of Object.entries(pages)) {
    const normal = await firstVisit(browser, baseURL!, path, {});
    const lite = await firstVisit(browser, baseURL!, path, LITE);
    expect(lite.status, path).toBe(200);
    expect(lite.productImages, path).toBe(0);
    rows.push(`${name} ${path}: lite ${lite.totalBytes} B in ${lite.requests}, normal ${normal.totalBytes} B in ${normal.requests}`);
    expect(lite.totalBytes, `${name}: ${JSON.stringify({ lite: lite.files, normal: normal.files })}`).toBeLessThanOrEqual(
      normal.totalBytes * (1 - LITE_SAVING),
    );
  }
  test.info().annotations.push({ type: 'bytes', description: rows.join('; ') });
});
