/**
 * Issue 10: values the database cannot take are refused before any query (400, or "not found" on
 * pages; a search with a NUL finds nothing), account lists page in the JSON API, and Astro's unused
 * image endpoint answers 404.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNT_LIST_APIS, adminPage, signedInPage } from './support.ts';

const NUL = '\u0000';
const TOO_LARGE = '99999999999';

test('a search with a NUL character finds nothing; the API refuses it with 400', async ({ page, request }) => {
  const response = await page.goto('/search?query=coffee%00');
  expect(response!.status()).toBe(200);
  await expect(page.getByText('No matching products found.')).toBeVisible();
  expect((await request.get('/new-products?search=a%00b')).status()).toBe(200);
  const api = await request.get('/api/products/?query=a%00b');
  expect(api.status()).toBe(400);
  expect((await api.json()).error).toContain('NUL');
});

test('buy/sell messages, comments and contact messages with a NUL character are refused with 400/422', async ({
  browser,
  baseURL,
  request,
}) => {
  const message = await request.post('/api/cat', { data: { message: `Selling a sofa${NUL}` } });
  expect(message.status()).toBe(400);
  expect((await message.json()).fields.message[0]).toContain('NUL');

  const { context, page } = await signedInPage(browser, baseURL!);
  const comment = await page.request.post('/api/cat', { data: { product_id: 1, image_id: 'photo', comment: `Nice${NUL}` } });
  expect(comment.status()).toBe(400);
  expect((await comment.json()).fields.comment[0]).toContain('NUL');
  await context.close();

  const contact = await request.post('/contact-us', {
    form: { name: 'Abebe', email: 'abebe@example.com', subject: 'Hello', message: `Hi${NUL}there` },
    headers: { Origin: baseURL!, 'X-Forwarded-For': '10.77.0.1' },
    maxRedirects: 0,
  });
  expect(contact.status()).toBe(422);
  expect(await contact.text()).toContain('Please remove the invisible NUL character');
});

test('ids beyond the database integer range: pages are not found, the API answers 400', async ({ browser, baseURL, request }) => {
  for (const path of [`/listings/${TOO_LARGE}-x`, `/nearby-detail?id=${TOO_LARGE}`, `/comments?listing=${TOO_LARGE}`]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const { context, page } = await signedInPage(browser, baseURL!);
  const origin = { Origin: baseURL! };
  const like = await page.request.post(`/api/requests/${TOO_LARGE}/like`, { headers: origin });
  expect(like.status()).toBe(400);
  expect((await like.json()).error).toContain('2147483647');
  expect((await page.request.delete(`/api/delete/products/${TOO_LARGE}/`, { headers: origin })).status()).toBe(400);
  const comment = await page.request.post('/api/cat', { data: { product_id: Number(TOO_LARGE), image_id: 'photo', comment: 'Nice' } });
  expect(comment.status()).toBe(400);
  expect((await comment.json()).fields.product_id[0]).toContain('2147483647');
  await context.close();
});

test('admin review: an id beyond the range and a rejection reason with a NUL are refused with 400', async ({ browser, baseURL }) => {
  const page = await adminPage(browser, baseURL!);
  const big = await page.request.post(`/api/admin/listings/${TOO_LARGE}/`, { data: { verdict: 'verify' } });
  expect(big.status()).toBe(400);
  const reason = await page.request.post('/api/admin/listings/1/', { data: { verdict: 'reject', reason: `Spam${NUL}` } });
  expect(reason.status()).toBe(400);
  expect((await reason.json()).error).toContain('NUL');
  await page.context().close();
});

test('account lists page in the JSON API: bad paging is a 400, every answer says whether there is more', async ({ browser, baseURL }) => {
  const { context, page } = await signedInPage(browser, baseURL!);
  for (const path of ACCOUNT_LIST_APIS) {
    const ok = await page.request.get(`${path}?page=2&limit=5`);
    expect(ok.status(), path).toBe(200);
    expect(ok.headers()['x-has-more'], path).toBe('false');
    expect((await page.request.get(`${path}?limit=1000`)).status(), path).toBe(400);
    expect((await page.request.get(`${path}?page=abc`)).status(), path).toBe(400);
  }
  await context.close();
});

test("Astro's image endpoint is off: /_image answers 404, never 500", async ({ request }) => {
  for (const query of [
    'href=/favicon.svg&w=100&f=webp',
    'href=%2Fplaceholder-logo.svg&w=64&h=64',
    'href=https://example.com/a.png&w=10',
    '',
  ]) {
    const response = await request.get(`/_image?${query}`);
    expect(response.status(), query).toBe(404);
  }
});

test('the contact form is rate limited per client address (429 with Retry-After)', async ({ request, baseURL }) => {
  // The e2e server scales every limit by RATE_LIMIT_SCALE=20: 5 messages per 10 minutes become 100.
  const headers = { Origin: baseURL!, 'X-Forwarded-For': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
  const form = { name: 'Abebe', email: 'abebe@example.com', subject: 'Hello', message: 'A question about a listing.' };
  for (let i = 0; i < 100; i++) {
    const sent = await request.post('/contact-us', { form, headers, maxRedirects: 0 });
    expect(sent.status(), `message ${i + 1}`).toBe(303);
  }
  const refused = await request.post('/contact-us', { form, headers, maxRedirects: 0 });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await refused.text()).toContain('Please wait a few minutes before sending another.');
});
