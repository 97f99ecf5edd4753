import { expect, test } from '@playwright/test';
import { collectScriptRequests } from './support.ts';

test('the home page shows seeded listings rendered on the server', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discounts Ending Soon — Don’t Miss Out!' })).toBeVisible();
  const cards = page.getByRole('article');
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  await expect(cards.first().getByText(/\d+% OFF/)).toBeVisible();
  await expect(cards.first().getByText(/\d+ days? left/)).toBeVisible();
  await expect(page.getByText("Visit the seller's Telegram channel to see the price.").first()).toBeVisible();
  // Server-rendered: the listings are in the HTML itself.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('% OFF');
});

test('a page built on the shell requests no JavaScript file; only the browser fetches the offline worker', async ({ page, context }) => {
  const scripts = collectScriptRequests(page);
  // The worker's script is fetched by the browser for the registration, outside the page.
  const workerScripts: string[] = [];
  context.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.resourceType() === 'script' && request.serviceWorker() && pathname === '/sw.js') workerScripts.push(pathname + search);
    else if (request.resourceType() === 'script' || /\.m?js$/.test(pathname)) scripts.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(scripts).toEqual([]);
  expect(workerScripts).toEqual(['/sw.js?lang=en']);
});

test('the top bar has the logo, the three tabs, the search box and Sign Up', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sefer home' })).toBeVisible();
  for (const [name, href] of [
    ['Shops', '/discounts'],
    ['Services', '/services'],
    ['Nearby', '/nearby-shops'],
  ] as const) {
    await expect(header.getByRole('link', { name, exact: true }).filter({ visible: true })).toHaveAttribute('href', href);
  }
  await expect(header.getByPlaceholder('Search Item/Location/Building/Co.').filter({ visible: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  const chips = page.getByRole('navigation', { name: 'Discounts' });
  for (const [name, href] of [
    ['Daily Discounts', '/daily-discounts'],
    ['Weekly Discounts', '/weekly-discounts'],
    ['Holiday Discounts', '/holiday-discounts'],
    ['Upcoming Offers', '/upcoming-offers'],
  ] as const) {
    await expect(chips.getByRole('link', { name })).toHaveAttribute('href', href);
  }
});

test('search submits to /search?query= and ignores blank input', async ({ page }) => {
  await page.goto('/');
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  const box = page.getByPlaceholder('Search Item/Location/Building/Co.').filter({ visible: true });
  await box.fill('   ');
  await box.press('Enter');
  await box.fill('coffee beans');
  await box.press('Enter');
  await page.waitForURL(/\/search\?query=coffee\+beans/);
  // The blank search went nowhere: the only page opened is the real search's.
  expect(visited).toEqual(['/search?query=coffee+beans']);
});

test('the slide-out menu opens, locks page scroll, and closes on a click outside', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (const name of ['Daily Discounts', 'My Posts', 'Add your business', 'Recents', 'About us']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.mouse.click(370, 400);
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('the top bar hides when scrolling down and comes back when scrolling up', async ({ page }) => {
  await page.goto('/');
  const bar = page.locator('[data-top-bar]');
  await page.mouse.wheel(0, 1200);
  await expect(bar).toHaveAttribute('data-hidden', '');
  await page.mouse.wheel(0, -300);
  await expect(bar).not.toHaveAttribute('data-hidden', '');
});

test('the footer has the copyright, social links and the privacy link', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(/© \d{4} Sefer/)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Telegram' })).toBeVisible();
});

test('responses are compressed and security headers are set', async ({ request }) => {
  const response = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(response.headers()['content-encoding']).toMatch(/br|gzip/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('stored media is served with long cache headers and nothing outside it', async ({ page, request }) => {
  await page.goto('/');
  const src = await page.locator('article img[src^="/media/"]').first().getAttribute('src');
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toContain('immutable');
  expect((await request.get('/media/../package.json')).status()).toBe(404);
  expect((await request.get('/media/seed/nothing-here.webp')).status()).toBe(404);
});
