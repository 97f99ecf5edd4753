/**
 * Issue 27: a buyer who reads Amharic first searches as she types (Ge'ez, Latin letters, the other
 * language, a typo) and finds deals; when nothing matches she is offered the closest words that
 * occur and the categories her words belong to. Zero-JS pages, at 390 px, in both languages.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { collectScriptRequests } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

const cardsText = async (page: import('@playwright/test').Page) => (await page.getByRole('article').allInnerTexts()).join('\n');

test('an Amharic reader types ቡና in the header box and finds coffee deals, with no script', async ({ page }) => {
  const scripts = collectScriptRequests(page);
  await page.goto('/am');
  const box = page.getByRole('search').getByRole('searchbox').filter({ visible: true }).first();
  await box.fill('ቡና');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/am\/search\?query=/);
  expect(await page.getByRole('article').count()).toBeGreaterThan(0);
  expect(await cardsText(page)).toMatch(/coffee|ቡና|bunna|buna/i);
  expect(scripts.filter((url) => !url.includes('/sw.js'))).toEqual([]);
  await page.screenshot({ path: 'test-results/search-am-390.png', fullPage: true });
});

test("the same deals whichever way the word is typed: Ge'ez, Latin letters, English, a typo", async ({ page }) => {
  for (const query of ['ጫማ', 'ጫማዎች', 'chama', 'shoes', 'shoe']) {
    await page.goto(`/search?query=${encodeURIComponent(query)}`);
    expect(await cardsText(page), query).toMatch(/shoe|sneaker|ጫማ|chama/i);
  }
  await page.screenshot({ path: 'test-results/search-en-390.png', fullPage: true });
});

test('nothing found: the spec\'s text, a checked "Did you mean", and the categories of the words', async ({ page }) => {
  await page.goto(`/search?query=${encodeURIComponent('ቡና xqzvw')}`);
  await expect(page.getByText('No matching products found. Try another search or explore other categories!')).toBeVisible();
  const categories = page.getByRole('navigation', { name: 'Categories for these words' });
  await expect(categories.getByRole('link', { name: /Food and Beverages/ })).toBeVisible();
  const suggestion = page.getByTestId('did-you-mean').getByRole('link');
  await expect(suggestion).toHaveText('ቡና');
  await suggestion.click();
  expect(await page.getByRole('article').count()).toBeGreaterThan(0);
  await page.goto(`/am/search?query=${encodeURIComponent('ቡና xqzvw')}`);
  await expect(page.getByRole('navigation', { name: 'ከቃላቱ ጋር የሚሄዱ ምድቦች' })).toBeVisible();
  await page.screenshot({ path: 'test-results/search-empty-am-390.png', fullPage: true });
});

test('the API searches as the page does', async ({ request }) => {
  const response = await request.get(`/api/products/?query=${encodeURIComponent('ቡና')}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { productName: string; description: string }[] | { items: { productName: string }[] };
  const items = Array.isArray(body) ? body : body.items;
  expect(items.length).toBeGreaterThan(0);
});

test('a full page of results stays under 40 KB of gzip HTML in both languages, with no script', async ({ page, request }) => {
  for (const path of [`/search?query=addis`, `/am/search?query=${encodeURIComponent('አዲስ')}`]) {
    const scripts = collectScriptRequests(page);
    await page.goto(path);
    await expect(page.getByRole('article'), path).toHaveCount(24);
    expect(
      scripts.filter((url) => !url.includes('/sw.js')),
      path,
    ).toEqual([]);
    page.removeAllListeners('request');
    const html = await (await request.get(path)).body();
    expect(gzipSync(html).length, path).toBeLessThan(40 * 1024);
  }
});
