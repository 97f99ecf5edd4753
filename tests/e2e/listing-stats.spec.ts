/**
 * Seller statistics end to end: a visitor opens a deal's page twice and taps Telegram; the seller
 * then finds 1 view and 1 Telegram tap in My Posts, with the 30-day chart. The seller's own
 * visits and a crawler's are not counted, and the contact links lead only to the deal's contact.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminPage, collectScriptRequests, signedInPage } from './support.ts';

async function photo() {
  const buffer = await sharp({ create: { width: 240, height: 180, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
  return { name: 'p.png', mimeType: 'image/png', buffer };
}

/** A deal posted through the API by `seller`'s account, verified by the admin: its id. */
async function verifiedDeal(seller: Page, admin: Page, baseURL: string, productName: string): Promise<number> {
  const image = await photo();
  const created = await seller.request.post('/api/products/', {
    headers: { Origin: baseURL },
    multipart: {
      product_name: productName,
      company_name: 'Merkato Stats Shop',
      category: 'foods',
      discount: '15',
      discount_duration: '20',
      description: 'Fresh every morning.',
      location: 'Merkato',
      latitude: '9.03',
      longitude: '38.74',
      contact_telegram: '@merkato_stats',
      contact_phone: '0911 000 003',
      profile_photo: image,
      product_photo: image,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const verified = await admin.request.post(`/api/admin/listings/${id}/`, { headers: { Origin: baseURL }, data: { verdict: 'verify' } });
  expect(verified.status()).toBe(200);
  return id;
}

test('a visitor’s two views and Telegram tap show as 1 view and 1 tap in the seller’s My Posts, with the chart', async ({
  browser,
  page,
  baseURL,
}) => {
  // Sign-up, a posted and verified deal, four page visits and My Posts: more than 30 s on two shared cores.
  test.setTimeout(60_000);
  const seller = await signedInPage(browser, baseURL!);
  const admin = await adminPage(browser, baseURL!);
  const productName = `Stats Coffee ${Date.now()}`;
  const id = await verifiedDeal(seller.page, admin, baseURL!, productName);
  await admin.context().close();

  // The seller's own look at the page is not counted.
  await seller.page.goto(`/listings/${id}`);
  await expect(seller.page.getByRole('heading', { level: 1, name: productName })).toBeVisible();

  // A visitor (not signed in) opens the page twice: the second comes from the page cache, one view.
  const scripts = collectScriptRequests(page);
  await page.goto(`/listings/${id}`);
  const url = page.url();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  expect(scripts).toEqual([]);
  // "Message the seller…" once the bot has found the contact is a person (issue 30), neutral until then.
  const telegram = page.getByRole('link', { name: /^(Message the seller|Contact) on Telegram$/ });
  await expect(telegram).toHaveAttribute('href', `/go/${id}/telegram`);
  await expect(telegram).toHaveAttribute('rel', /nofollow/);

  // The tap, as the browser sends it (same agent): counted once, then on to the deal's own Telegram.
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const tap = await page.request.get(`/go/${id}/telegram?url=https://evil.example`, {
    maxRedirects: 0,
    headers: { 'user-agent': userAgent },
  });
  expect(tap.status()).toBe(302);
  // With a message naming the deal prefilled (tests/e2e/contact.spec.ts checks its words).
  expect(tap.headers()['location']).toMatch(/^https:\/\/t\.me\/merkato_stats\?text=[^&]+$/);
  expect(tap.headers()['cache-control']).toBe('no-store');
  const phone = await page.request.get(`/am/go/${id}/phone`, { maxRedirects: 0, headers: { 'user-agent': userAgent } });
  expect(phone.headers()['location']).toBe('tel:0911000003');
  // A crawler reads the page and follows the link: neither is counted.
  const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
  expect((await page.request.get(url, { headers: bot })).status()).toBe(200);
  expect((await page.request.get(`/go/${id}/telegram`, { maxRedirects: 0, headers: bot })).status()).toBe(302);
  // An unknown deal's link leads nowhere.
  const missing = await page.request.get('/go/999999/telegram', { maxRedirects: 0 });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('This contact link does not work');

  await seller.page.goto('/myposts');
  const post = seller.page.locator(`#post-${id}`);
  const stats = post.locator('[data-listing-stats]');
  await expect(stats).toBeVisible();
  const figure = (stat: string, days: 7 | 30) => stats.locator(`tr[data-stat="${stat}"] td[data-days="${days}"]`);
  await expect(figure('views', 7)).toHaveText('1');
  await expect(figure('views', 30)).toHaveText('1');
  await expect(figure('telegram', 7)).toHaveText('1');
  await expect(figure('phone', 30)).toHaveText('1');
  await expect(figure('shares', 30)).toHaveText('0');
  const chart = stats.locator('svg[data-views-chart]');
  await expect(chart).toHaveAttribute('aria-label', 'Page views per day over the last 30 days: 1 in all, at most 1 in one day.');
  await expect(chart.locator('rect')).toHaveCount(1);
  await expect(chart.locator('rect')).toHaveAttribute('data-day', '2026-03-10');
  await post.scrollIntoViewIfNeeded();
  await seller.page.screenshot({ path: test.info().outputPath('myposts-stats-390.png'), fullPage: true });
  await post.screenshot({ path: test.info().outputPath('myposts-stats-post-390.png') });
  await seller.context.close();
});
