/**
 * Pages that depend on a cookie are never shared (issue 25): the page cache keys a page by its URL
 * and lite mode only, so a page rendered for one visitor's cookie (the language picker's
 * "Remembered on this device", lite mode's "your browser asked") must not reach the next visitor.
 * Each test opens its own URL (an unused query), so no other test's visit is in the cache first.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Response } from '@playwright/test';
import { newPhoneContext } from './support.ts';

/** A URL of `path` no other visit has used: the page cache keys pages by path and query. */
const fresh = (path: string) => `${path}?from=${test.info().testId}-${Date.now()}`;

/** Opens `url` as a new visitor with `cookies` and the context `options`; the page and its answer. */
async function visit(browser: Browser, baseURL: string, url: string, cookies: Record<string, string>, options: BrowserContextOptions = {}) {
  const context = await (options.extraHTTPHeaders ? browser.newContext({ baseURL, ...options }) : newPhoneContext(browser, baseURL));
  await context.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseURL })));
  const page = await context.newPage();
  const answer = (await page.goto(url)) as Response;
  return { page, answer, close: () => context.close() };
}

test('the language page rendered for a visitor who chose Amharic is not shown to the next visitor', async ({ browser, baseURL }) => {
  const url = fresh('/language');
  const chooser = await visit(browser, baseURL!, url, { sefer_lang: 'am' });
  await expect(chooser.page.getByText('Remembered on this device: አማርኛ.')).toBeVisible();
  await chooser.close();

  const next = await visit(browser, baseURL!, url, {});
  await expect(next.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(next.page.getByText('Remembered on this device')).toHaveCount(0);
  expect(next.answer.headers()['x-page-cache']).toBeUndefined();
  await next.close();
  // For each visitor's browser only: no shared cache (a CDN, the page cache) may keep it.
  expect(chooser.answer.headers()['cache-control']).toMatch(/\bprivate\b/);
});

test("the lite-mode page rendered for one visitor's reason for lite mode is not shown to another", async ({ browser, baseURL }) => {
  const BY_BROWSER = 'Your browser asked to save data, so lite mode is on until you turn it off here.';
  // Both get the lite page, under the same cache key: one by the browser's Save-Data, one by the cookie.
  const url = fresh('/lite-mode');
  const byHeader = await visit(
    browser,
    baseURL!,
    url,
    {},
    { extraHTTPHeaders: { 'Save-Data': 'on' }, viewport: { width: 390, height: 844 } },
  );
  await expect(byHeader.page.getByText('Lite mode is on.')).toBeVisible();
  await expect(byHeader.page.getByText(BY_BROWSER)).toBeVisible();
  await byHeader.close();

  const byCookie = await visit(browser, baseURL!, url, { sefer_lite: 'on' });
  await expect(byCookie.page.getByText('Lite mode is on.')).toBeVisible();
  await expect(byCookie.page.getByText(BY_BROWSER)).toHaveCount(0);
  await byCookie.close();

  // And the other way round, on another URL: the cookie's visitor first.
  const other = fresh('/lite-mode');
  const cookieFirst = await visit(browser, baseURL!, other, { sefer_lite: 'on' });
  await expect(cookieFirst.page.getByText(BY_BROWSER)).toHaveCount(0);
  await cookieFirst.close();
  const headerNext = await visit(
    browser,
    baseURL!,
    other,
    {},
    { extraHTTPHeaders: { 'Save-Data': 'on' }, viewport: { width: 390, height: 844 } },
  );
  await expect(headerNext.page.getByText(BY_BROWSER)).toBeVisible();
  await headerNext.close();
});

test('a page that reads no cookie is still shared: the home page comes from the cache for the next visitor', async ({
  browser,
  baseURL,
}) => {
  const url = fresh('/');
  const first = await visit(browser, baseURL!, url, { sefer_lang: 'am' });
  expect(first.answer.headers()['cache-control']).toMatch(/^public\b/);
  await first.close();
  const second = await visit(browser, baseURL!, url, {});
  expect(second.answer.headers()['x-page-cache']).toBe('hit');
  await second.close();
});
