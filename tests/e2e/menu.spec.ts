/**
 * The slide-out menu is a modal (issue 30, item 8): the tap or click outside it that closes it does
 * nothing else (it used to open the link under it: /weekly-discounts on a phone, a listing on a
 * desktop). Escape closes it and gives the focus back to the menu button; while it is open the focus
 * stays in it and the page does not scroll. Without JavaScript it opens and closes the same way, and
 * a browser without invoker commands (`commandfor`) gets the same modal from the inline script.
 */
import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support.ts';

const LANGUAGES = [
  { lang: 'en', prefix: '', open: 'Open menu', close: 'Close menu', menu: 'Menu', logout: 'Logout', cancel: 'Cancel' },
  { lang: 'am', prefix: '/am', open: 'ምናሌውን ክፈት', close: 'ምናሌውን ዝጋ', menu: 'ምናሌ', logout: 'ውጣ', cancel: 'ተው' },
] as const;
type Language = (typeof LANGUAGES)[number];

/** A point right of the menu's panel (at least `fromX`) over a link matching `selector`: where a tap outside the open menu lands. */
async function pointOverLink(page: Page, selector: string, fromX: number) {
  const point = await page.evaluate(
    ([selector, fromX]) => {
      for (let y = 200; y < innerHeight - 90; y += 10) {
        for (let x = fromX; x < innerWidth - 4; x += 10) {
          const link = document.elementFromPoint(x, y)?.closest(selector);
          if (link instanceof HTMLAnchorElement) return { x, y, href: link.href };
        }
      }
      return null;
    },
    [selector, fromX] as const,
  );
  expect(point, `a link (${selector}) right of the menu's panel`).not.toBeNull();
  return point!;
}

/** Every page the tab opens from now on (its document requests). */
function navigations(page: Page): string[] {
  const opened: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) opened.push(request.url());
  });
  return opened;
}

/** Two frames later: a click's navigation, had there been one, has asked for its page by then. */
const afterTwoFrames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

async function openMenu(page: Page, words: Language) {
  await page.getByRole('button', { name: words.open }).click();
  const menu = page.getByRole('dialog', { name: words.menu });
  await expect(menu.getByRole('navigation', { name: words.menu })).toBeVisible();
  return menu;
}

for (const words of LANGUAGES) {
  test.describe(`${words.lang}`, () => {
    test(`a tap outside the menu on a phone closes it and opens nothing (${words.lang})`, async ({ page }) => {
      await page.goto(`${words.prefix}/`);
      // At 390 px the panel is at most 85 % of the screen wide: the links right of it are under the backdrop.
      const under = await pointOverLink(page, 'a[href]', 345);
      const url = page.url();
      const menu = await openMenu(page, words);
      expect(await page.evaluate(() => document.getElementById('site-menu')!.matches(':modal'))).toBe(true);
      expect(await bodyOverflow(page)).toBe('hidden');
      await page.screenshot({ path: `test-results/shots/issue30-8-${words.lang}.png` });

      const opened = navigations(page);
      await page.touchscreen.tap(under.x, under.y);
      await expect(menu).toBeHidden();
      await afterTwoFrames(page);
      expect(opened, `the tap also opened ${under.href}`).toEqual([]);
      expect(page.url()).toBe(url);
      expect(await bodyOverflow(page)).not.toBe('hidden');
    });

    test(`Escape closes the menu and gives the focus back to the menu button; the focus stays in the open menu (${words.lang})`, async ({
      page,
    }) => {
      await page.goto(`${words.prefix}/recents`);
      const menu = await openMenu(page, words);
      await expect(menu.getByRole('button', { name: words.close })).toBeFocused();
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        const inside = await page.evaluate(
          () => document.activeElement === document.body || !!document.getElementById('site-menu')!.contains(document.activeElement),
        );
        expect(inside, `Tab ${i + 1} left the menu`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: words.open })).toBeFocused();

      await openMenu(page, words);
      await menu.getByRole('button', { name: words.close }).click();
      await expect(menu).toBeHidden();
    });

    test(`signed in, the menu's Logout asks above the menu, and Cancel keeps the menu (${words.lang})`, async ({ browser, baseURL }) => {
      const { context, page } = await signedInPage(browser, baseURL!);
      await page.goto(`${words.prefix}/recents`);
      const menu = await openMenu(page, words);
      await menu.getByRole('button', { name: words.logout }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: words.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(menu).toBeVisible();
      await context.close();
    });
  });

  test.describe(`${words.lang} with a mouse on a desktop`, () => {
    test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

    test(`a click outside the menu over a listing closes it and opens nothing (${words.lang})`, async ({ page }) => {
      await page.goto(`${words.prefix}/weekly-discounts`);
      const card = await pointOverLink(page, 'article a[href*="/listings/"]', 420);
      const url = page.url();
      const menu = await openMenu(page, words);
      const opened = navigations(page);
      await page.mouse.click(card.x, card.y);
      await expect(menu).toBeHidden();
      await afterTwoFrames(page);
      expect(opened, `the click also opened ${card.href}`).toEqual([]);
      expect(page.url()).toBe(url);
    });
  });

  test.describe(`${words.lang} without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test(`the menu opens, a tap outside closes it without opening the link under it, and so do its button and Escape (${words.lang})`, async ({
      page,
    }) => {
      await page.goto(`${words.prefix}/`);
      const under = await pointOverLink(page, 'a[href]', 345);
      const url = page.url();
      const menu = await openMenu(page, words);
      expect(await bodyOverflow(page)).toBe('hidden');
      const opened = navigations(page);
      await page.touchscreen.tap(under.x, under.y);
      await expect(menu).toBeHidden();
      expect(opened).toEqual([]);
      expect(page.url()).toBe(url);

      await openMenu(page, words);
      await menu.getByRole('button', { name: words.close }).click();
      await expect(menu).toBeHidden();
      await openMenu(page, words);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      // The menu's links still go where they say.
      await openMenu(page, words);
      await menu.locator(`a[href="${words.prefix}/recents"]`).click();
      await expect(page).toHaveURL(new RegExp(`${words.prefix}/recents$`));
    });

    test(`signed in, Logout's question can be answered without JavaScript (${words.lang})`, async ({ browser, baseURL }) => {
      const signedIn = await signedInPage(browser, baseURL!);
      const storageState = await signedIn.context.storageState();
      await signedIn.context.close();
      const context = await browser.newContext({ baseURL, storageState, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${words.prefix}/recents`);
      const menu = await openMenu(page, words);
      await menu.getByRole('button', { name: words.logout }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: words.cancel }).click();
      await expect(confirm).toBeHidden();
      await menu.getByRole('button', { name: words.logout }).click();
      await confirm.getByRole('button', { name: words.lang === 'en' ? 'OK' : 'እሺ' }).click();
      // Signed out, home: the top bar offers Sign Up again.
      await expect(page).toHaveURL(/\/(am\/?)?$/);
      await expect(page.locator('header a[href$="/signup"]')).toBeVisible();
      await context.close();
    });
  });
}

test('a browser without invoker commands gets the modal menu from the inline script', async ({ page }) => {
  await page.addInitScript(() => {
    // As in a browser before `commandfor` (Safari 26.1, Firefox 143): the script sees no support and
    // does the work itself; the calls it makes are counted (the browser's own command makes none).
    delete (HTMLButtonElement.prototype as { commandForElement?: unknown }).commandForElement;
    const calls: string[] = [];
    (window as unknown as { menuCalls: string[] }).menuCalls = calls;
    const { showModal, close } = HTMLDialogElement.prototype;
    HTMLDialogElement.prototype.showModal = function () {
      calls.push(`showModal ${this.id}`);
      showModal.call(this);
    };
    HTMLDialogElement.prototype.close = function (value?: string) {
      calls.push(`close ${this.id}`);
      close.call(this, value);
    };
  });
  await page.goto('/');
  const under = await pointOverLink(page, 'a[href]', 345);
  const url = page.url();
  const menu = await openMenu(page, LANGUAGES[0]);
  expect(await page.evaluate(() => document.getElementById('site-menu')!.matches(':modal'))).toBe(true);
  await page.touchscreen.tap(under.x, under.y);
  await expect(menu).toBeHidden();
  await afterTwoFrames(page);
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => (window as unknown as { menuCalls: string[] }).menuCalls)).toEqual([
    'showModal site-menu',
    'close site-menu',
  ]);
});
