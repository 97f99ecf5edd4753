/**
 * The offline worker (issue 17): pages seen online open offline with the offline line, a page never
 * seen shows the offline page listing the kept ones, a signed-in account page is never kept or
 * served, and a buyer's saved deals are kept as public copies (forgotten on sign-out).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newPhoneContext, signedInPage } from './support.ts';

const OFFLINE_LINE = /^You are offline: this page is from \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2}$/;

/** Waits until the worker controls the page (it registers after load and claims the page). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** Path and query of every page in one of the worker's caches. */
function keptIn(page: Page, cache: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }, cache);
}

/** Every kept body of every cache of the worker, with its key. */
function everythingKept(page: Page): Promise<{ url: string; body: string }[]> {
  return page.evaluate(async () => {
    const all = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) all.push({ url: request.url, body: await (await cache.match(request))!.text() });
    }
    return all;
  });
}

const offlineLine = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' });

/** Serious or critical axe findings within `selector`. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test('the offline page opened directly says what it is for, lists nothing, and is kept out of search engines', async ({ page }) => {
  const response = await page.goto('/offline');
  expect(response!.status()).toBe(200);
  expect(response!.headers()['cache-control']).toMatch(/^public\b/);
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByText('When your connection drops, Sefer shows you the pages you opened recently here.')).toBeVisible();
  await expect(page.getByRole('region')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const amharic = await page.goto('/am/offline');
  expect(amharic!.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'ከመስመር ውጭ ነዎት', level: 1 })).toBeVisible();
});

test('three pages seen online open offline with the offline line; a page never seen lists them', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const context = await newPhoneContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto('/');
  await controlled(page);
  const listing = (await page.locator('a[href^="/listings/"]').first().getAttribute('href'))!;
  const seen = ['/', '/discounts', listing];
  const titles: string[] = [];
  for (const path of seen) {
    await page.goto(path);
    titles.push(await page.title());
    await expect(offlineLine(page)).toHaveCount(0);
  }
  await expect.poll(() => keptIn(page, 'sefer-pages-v1'), { timeout: 10_000 }).toEqual(expect.arrayContaining(seen));

  await context.setOffline(true);
  for (const [index, path] of seen.entries()) {
    await page.goto(path);
    await expect(offlineLine(page)).toHaveText(OFFLINE_LINE);
    expect(await page.title()).toBe(titles[index]);
    // The line comes first, above the top bar, in high contrast.
    const box = (await offlineLine(page).boundingBox())!;
    expect(box.y).toBeLessThan(1);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeProblems(page, 'body > [role="status"]')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('offline-kept-page-390.png') });

  await page.goto('/weekly-discounts');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  const kept = page.getByRole('region', { name: 'Pages you can read offline' });
  // Newest first, each under its own title.
  const links = kept.getByRole('link');
  await expect(links).toHaveText([...titles].reverse());
  expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([...seen].reverse());
  await expect(offlineLine(page)).toHaveCount(0);
  expect(await axeProblems(page, 'main')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('offline-page-390.png'), fullPage: true });

  // A kept page opens from the offline page's list.
  await kept.locator('a[href="/discounts"]').click();
  await expect(page).toHaveURL(/\/discounts$/);
  await expect(offlineLine(page)).toBeVisible();
  await context.close();
});

test('an Amharic visitor gets the offline page and the line in Amharic', async ({ browser, baseURL }) => {
  const context = await newPhoneContext(browser, baseURL!);
  const page = await context.newPage();
  await page.goto('/am/discounts');
  await controlled(page);
  await expect.poll(() => keptIn(page, 'sefer-pages-v1'), { timeout: 10_000 }).toContain('/am/discounts');
  await expect.poll(() => keptIn(page, 'sefer-shell-v1')).toEqual(['/am/offline']);

  await context.setOffline(true);
  await page.goto('/am/discounts');
  await expect(page.getByRole('status').filter({ hasText: 'ከመስመር ውጭ ነዎት፦ ይህ ገጽ የ' })).toBeVisible();
  await page.goto('/am/weekly-discounts');
  await expect(page.getByRole('heading', { name: 'ከመስመር ውጭ ነዎት', level: 1 })).toBeVisible();
  await expect(page.locator('[data-offline-list="pages"] a')).toHaveAttribute('href', '/am/discounts');
  await context.close();
});

test('a signed-in account page is never kept nor served by the worker', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { context, page, email } = await signedInPage(browser, baseURL!);
  await controlled(page);
  await page.goto('/profile');
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  for (const path of ['/myposts', '/discounts', '/profile']) await page.goto(path);
  // The worker has been at work: the offline page is kept (fetched without cookies).
  await expect.poll(() => keptIn(page, 'sefer-shell-v1'), { timeout: 10_000 }).toEqual(['/offline']);

  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(offlineLine(page)).toHaveCount(0);
  await page.goto('/myposts');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();

  // Nothing this signed-in visitor was shown is kept: no private page, no page with the account in it.
  const kept = await everythingKept(page);
  expect(kept.map((entry) => new URL(entry.url).pathname)).toEqual(['/offline']);
  for (const entry of kept) expect(entry.body).not.toContain(email);
  await context.close();
});

test('saved deals are kept as public copies, open offline, and are forgotten on sign-out', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { context, page, email } = await signedInPage(browser, baseURL!);
  await controlled(page);
  const listing = (await page.locator('a[href^="/listings/"]').first().getAttribute('href'))!;
  await page.goto(listing);
  const product = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved ✓' })).toBeVisible();
  await page.goto('/saved');
  await expect(page.locator('[data-saved-deals] li')).toHaveCount(1);
  await expect.poll(() => keptIn(page, 'sefer-saved-v1'), { timeout: 10_000 }).toEqual([listing]);
  // The kept copy is the public page: fetched without the session, so the account is not in it.
  const [copy] = (await everythingKept(page)).filter((entry) => entry.url.endsWith(listing));
  expect(copy!.body).toContain(product);
  expect(copy!.body).not.toContain(email);
  expect(copy!.body).toContain('Sign Up');

  await context.setOffline(true);
  await page.goto(listing);
  await expect(offlineLine(page)).toHaveText(OFFLINE_LINE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product);
  await page.goto('/weekly-discounts');
  await expect(page.getByRole('region', { name: 'Your saved deals' }).getByRole('link')).toHaveAttribute('href', listing);

  await context.setOffline(false);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect.poll(() => keptIn(page, 'sefer-saved-v1')).toEqual([]);
  await context.close();
});

/** Saves the first deal on the page, opens /saved, and waits until the worker keeps its public copy: its path. */
async function saveAndKeepDeal(page: Page): Promise<string> {
  await controlled(page);
  const listing = (await page.locator('a[href^="/listings/"]').first().getAttribute('href'))!;
  await page.goto(listing);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved ✓' })).toBeVisible();
  await page.goto('/saved');
  await expect(page.locator('[data-saved-deals] li')).toHaveCount(1);
  await expect.poll(() => keptIn(page, 'sefer-saved-v1'), { timeout: 10_000 }).toEqual([listing]);
  return listing;
}

/** The offline page, opened offline at a page never seen: the saved deals it lists. */
async function savedDealsListedOffline(page: Page): Promise<string[]> {
  await page.context().setOffline(true);
  await page.goto('/weekly-discounts');
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  const links = page.getByRole('region', { name: 'Your saved deals' }).getByRole('link');
  const listed = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')!));
  await page.context().setOffline(false);
  return listed;
}

// Issue 25: the session can end without /logout; the next person on the phone must not see the deals.
const SESSION_ENDINGS: Record<string, (page: Page, baseURL: string) => Promise<void>> = {
  'a sign-out through the API': async (page, baseURL) => {
    const answer = await page.request.post('/api/auth/sign-out', { headers: { Origin: baseURL }, data: {} });
    expect(answer.status(), await answer.text()).toBe(200);
  },
  'the session cookie dropped': async (page) => {
    await page.context().clearCookies({ name: /session_token/ });
  },
  'a session that expired (a cookie the server no longer knows)': async (page, baseURL) => {
    const [session] = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith('session_token'));
    expect(session).toBeDefined();
    await page.context().addCookies([{ name: session!.name, value: 'expired-session.AAAA', url: baseURL }]);
  },
};

for (const [ending, endSession] of Object.entries(SESSION_ENDINGS)) {
  test(`saved deals are forgotten after ${ending}, without /logout`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedInPage(browser, baseURL!);
    const listing = await saveAndKeepDeal(page);
    expect(await savedDealsListedOffline(page)).toEqual([listing]);

    await endSession(page, baseURL!);
    // The next page opened (cached or rendered) says its visitor is signed out: the worker forgets.
    const home = await page.goto('/');
    expect(home!.headers()['x-sefer-session']).toBe('signed-out');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    // Forgotten before that page was shown: the offline page lists nothing of the account's.
    expect(await savedDealsListedOffline(page)).toEqual([]);
    expect(await keptIn(page, 'sefer-saved-v1')).toEqual([]);
    await context.close();
  });
}
