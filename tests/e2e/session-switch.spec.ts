/**
 * Issue 30, item 7: signing in or out with the offline worker on never leaves a page of the other
 * state on screen. A guest opens home, a deal and /form (the worker keeps home and the deal in its
 * Cache Storage; the browser keeps them in its HTTP cache; the front cache keeps them), signs in, and
 * gets the signed-in page however the page is opened again: the sign-in page's onward link, a link,
 * the URL typed, the back button (through the worker), and the back-forward cache. Signing out
 * gives the guest's pages back. English and Amharic.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, newPhoneContext } from './support.ts';

const PASSWORD = 'correct-horse-9';

const LANGUAGES = [
  {
    lang: 'en',
    prefix: '',
    hi: 'Hi, Hana',
    signUp: 'Sign Up',
    signIn: 'Sign in',
    signedIn: 'Sign-in Successful! Redirecting...',
    continueNow: 'Continue now',
  },
  {
    lang: 'am',
    prefix: '/am',
    hi: 'ሰላም፣ Hana',
    signUp: 'ይመዝገቡ',
    signIn: 'ይግቡ',
    signedIn: 'በተሳካ ሁኔታ ገብተዋል! በማዛወር ላይ...',
    continueNow: 'አሁኑኑ ይቀጥሉ',
  },
] as const;
type Language = (typeof LANGUAGES)[number];

/** Opens home and waits until the worker is ready and controls the page. */
async function withWorker(page: Page, prefix: string): Promise<void> {
  await page.goto(`${prefix}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** Paths of the pages the worker keeps for offline (its Cache Storage). */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const keys = await (await caches.open('sefer-pages-v1')).keys();
    return keys.map((request) => new URL(request.url).pathname);
  });
}

const header = (page: Page) => page.locator('header[data-top-bar]');

async function showsSignedIn(page: Page, language: Language, email?: string): Promise<void> {
  await expect(header(page).getByRole('button', { name: language.hi })).toBeVisible();
  await expect(header(page).getByRole('link', { name: language.signUp, exact: true })).toHaveCount(0);
  if (email) await expect(page.locator('main input[name=email]')).toHaveValue(email);
}

async function showsGuest(page: Page, language: Language, onForm = false): Promise<void> {
  await expect(header(page).getByRole('link', { name: language.signUp, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: language.hi })).toHaveCount(0);
  if (onForm) await expect(page.locator('main input[name=email]')).toHaveValue('');
}

/** The readable state cookie the back-button check compares with (not the session, which stays HttpOnly). */
async function stateCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'sefer_state');
}

/** As a guest: home, the first deal, /form; returns the deal's path once the worker keeps home and it. */
async function browseAsGuest(page: Page, language: Language): Promise<string> {
  const { prefix } = language;
  await withWorker(page, prefix);
  await showsGuest(page, language);
  const deal = (await page.locator(`a[href^="${prefix}/listings/"]`).first().getAttribute('href'))!;
  await page.goto(deal);
  await showsGuest(page, language);
  await page.goto(`${prefix}/form`);
  await showsGuest(page, language, true);
  // The worker's own copies (shown offline) are there: they must not be shown to the signed-in seller.
  const kept = [new URL(`${prefix}/`, page.url()).pathname, new URL(deal, page.url()).pathname];
  await expect.poll(() => keptPages(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(kept));
  return deal;
}

for (const language of LANGUAGES) {
  const { lang, prefix } = language;

  test(
    `${lang}: a guest who signs in on /form gets the signed-in page by link, typed URL and back button; signing out gives the guest's back`,
    { tag: '@slow' },
    async ({ browser, baseURL }) => {
      // An account made elsewhere, a sign-in, a sign-out and a dozen pages with the worker on.
      test.setTimeout(120_000);
      const email = await createAccount(browser, baseURL!, { password: PASSWORD });
      const context = await newPhoneContext(browser, baseURL!);
      const page = await context.newPage();
      const deal = await browseAsGuest(page, language);

      // "Sign Up" on /form leads to the account pages; the seller signs in there.
      await page.goto(`${prefix}/login?next=${encodeURIComponent(`${prefix}/form`)}`);
      await page.locator('input[name=email]:visible').fill(email);
      await page.locator('input[name=password]').fill(PASSWORD);
      await page.getByRole('button', { name: language.signIn, exact: true }).click();
      await expect(page.getByText(language.signedIn)).toBeVisible();
      expect((await stateCookie(context))?.value).toBe('in');
      await page.getByRole('link', { name: language.continueNow }).click();
      await expect(page).toHaveURL(`${prefix}/form`);
      await showsSignedIn(page, language, email);
      await page.screenshot({ path: `test-results/shots/issue30-7-${lang}.png` });

      // The URL typed, a link from home, the deal page seen as a guest.
      await page.goto(`${prefix}/form`);
      await showsSignedIn(page, language, email);
      await page.goto(`${prefix}/`);
      await showsSignedIn(page, language);
      await page.locator(`main a[href="${prefix}/form"]`).first().click();
      await expect(page).toHaveURL(`${prefix}/form`);
      await showsSignedIn(page, language, email);
      await page.goto(deal);
      await showsSignedIn(page, language);
      // The back button: /form, then home, each from the history.
      await page.goBack();
      await expect(page).toHaveURL(`${prefix}/form`);
      await showsSignedIn(page, language, email);
      await page.goBack();
      await expect(page).toHaveURL(`${prefix}/`);
      await showsSignedIn(page, language);

      // Signing out: home and /form are the guest's again, by typed URL, link and back button.
      await page.goto(`${prefix}/logout`);
      await page.locator('main form[method=post] button[type=submit]').click();
      await page.waitForURL((url) => url.pathname === '/' || url.pathname === `${prefix}/`);
      await page.goto(`${prefix}/`);
      await showsGuest(page, language);
      expect(await stateCookie(context)).toBeUndefined();
      await page.goto(`${prefix}/form`);
      await showsGuest(page, language, true);
      await page.goto(`${prefix}/`);
      await page.locator(`main a[href="${prefix}/form"]`).first().click();
      await expect(page).toHaveURL(`${prefix}/form`);
      await showsGuest(page, language, true);
      await page.goto(deal);
      await showsGuest(page, language);
      await page.goBack();
      await expect(page).toHaveURL(`${prefix}/form`);
      await showsGuest(page, language, true);
      await page.goBack();
      await expect(page).toHaveURL(`${prefix}/`);
      await showsGuest(page, language);
      await context.close();
    },
  );

  test(
    `${lang}: signed in in another tab, the back button never shows the guest's pages (history through the worker)`,
    { tag: '@slow' },
    async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const email = await createAccount(browser, baseURL!, { password: PASSWORD });
      const context = await newPhoneContext(browser, baseURL!);
      const page = await context.newPage();
      const deal = await browseAsGuest(page, language);
      // Signed in elsewhere (another tab): the pages in this tab's history are the guest's.
      const other = await context.newPage();
      await other.goto(`${prefix}/login`);
      await other.locator('input[name=email]:visible').fill(email);
      await other.locator('input[name=password]').fill(PASSWORD);
      await other.getByRole('button', { name: language.signIn, exact: true }).click();
      await expect(other.getByText(language.signedIn)).toBeVisible();
      await other.close();

      await page.goBack();
      await expect(page).toHaveURL(deal);
      await showsSignedIn(page, language);
      await page.goBack();
      await expect(page).toHaveURL(`${prefix}/`);
      await showsSignedIn(page, language);
      await page.goForward();
      await page.goForward();
      await expect(page).toHaveURL(`${prefix}/form`);
      await showsSignedIn(page, language, email);
      await context.close();
    },
  );
}

test.describe('the back-forward cache', { tag: '@slow' }, () => {
  // Playwright turns the back-forward cache off; phones have it on. This test turns it back on.
  test('a guest page brought back by page.goBack() after a sign-in is replaced by the signed-in page, en and am', async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      for (const language of LANGUAGES) {
        const { prefix } = language;
        const email = await createAccount(browser, baseURL!, { password: PASSWORD });
        const context = await newPhoneContext(browser, baseURL!);
        // Whether a page was shown again from the back-forward cache (kept across the reload it leads to).
        await context.addInitScript(() =>
          addEventListener('pageshow', (event) => {
            if (event.persisted) sessionStorage.setItem('restored', location.pathname);
          }),
        );
        const page = await context.newPage();
        await withWorker(page, prefix);
        await showsGuest(page, language);
        const deal = (await page.locator(`a[href^="${prefix}/listings/"]`).first().getAttribute('href'))!;
        await page.locator(`a[href="${deal}"]`).first().click();
        await expect(page).toHaveURL(deal);
        // Signed in in another tab, then back to home: the browser restores the guest's home as it was.
        const other = await context.newPage();
        await other.goto(`${prefix}/login`);
        await other.locator('input[name=email]:visible').fill(email);
        await other.locator('input[name=password]').fill(PASSWORD);
        await other.getByRole('button', { name: language.signIn, exact: true }).click();
        await expect(other.getByText(language.signedIn)).toBeVisible();
        await other.close();
        await page.goBack({ waitUntil: 'commit' });
        await expect(page).toHaveURL(`${prefix}/`);
        await showsSignedIn(page, language);
        expect(await page.evaluate(() => sessionStorage.getItem('restored'))).toBe(`${prefix}/`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
