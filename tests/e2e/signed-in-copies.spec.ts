/**
 * Issue 31: a signed-in visitor's page of a deal, a list, home or search comes from one copy that
 * every signed-in visitor shares, with their own greeting, profile card and Save button put in
 * (keep-signed-in-pages.server.ts). Rendered while one buyer reads it, it is served to another:
 * each sees only their own name, email and saves, in both languages.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { signedInPage } from './support.ts';

/** A name no deal or other test uses: letters only, as a name field takes them. */
const unique = (name: string) =>
  `${name}${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const ABEBE = { firstName: unique('Abebe'), lastName: 'Bekele' };
const SARA = { firstName: unique('Sara'), lastName: 'Haile' };

/** What a signed-in page shows of its visitor: the greeting, the profile card's name and email, and nothing of `other`. */
async function showsOnly(
  page: Page,
  who: { firstName: string; lastName: string },
  email: string,
  other: { firstName: string; email: string },
) {
  await expect(page.locator('[data-top-bar] button[popovertarget="profile-modal"]')).toContainText(who.firstName);
  await expect(page.locator('#profile-modal-name')).toHaveText(`${who.firstName} ${who.lastName}`);
  await expect(page.locator('#profile-modal')).toContainText(email);
  const html = await page.content();
  expect(html).not.toContain(other.firstName);
  expect(html).not.toContain(other.email);
  expect(html).not.toContain('shared-copy');
}

/** Opens `path` until it comes from the shared copy (another test's write may drop it meanwhile). */
async function fromSharedCopy(page: Page, path: string): Promise<Response> {
  let response: Response | null = null;
  for (let tries = 0; tries < 4; tries++) {
    response = await page.goto(path);
    if (response?.headers()['x-page-cache'] === 'filled') return response;
  }
  throw new Error(`${path} never came from the shared copy (last: ${response?.headers()['x-page-cache']})`);
}

test('one copy of a page serves every signed-in buyer, each with only their own name, card and Save', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const abebe = await signedInPage(browser, baseURL!, ABEBE);
  const sara = await signedInPage(browser, baseURL!, SARA);
  const deal = (await abebe.page.locator('a[href^="/listings/"]').first().getAttribute('href'))!;

  for (const prefix of ['', '/am']) {
    // Abebe reads the deal and saves it.
    await abebe.page.goto(`${prefix}${deal}`);
    const save = abebe.page.locator('form[action$="/saved"] button[aria-pressed]');
    if ((await save.getAttribute('aria-pressed')) === 'false') await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await showsOnly(abebe.page, ABEBE, abebe.email, { firstName: SARA.firstName, email: sara.email });

    // Sara is served the copy Abebe's visit made: her name, her card, her Save (not saved).
    await sara.page.goto(`${prefix}${deal}`);
    const served = await fromSharedCopy(sara.page, `${prefix}${deal}`);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    expect(served.headers()['x-sefer-session']).toBe('signed-in');
    await showsOnly(sara.page, SARA, sara.email, { firstName: ABEBE.firstName, email: abebe.email });
    await expect(sara.page.locator('form[action$="/saved"] button[aria-pressed]')).toHaveAttribute('aria-pressed', 'false');
    await sara.page.screenshot({
      path: test.info().outputPath(`shared-copy-deal${prefix.replace('/', '-') || '-en'}-390.png`),
      fullPage: true,
    });

    // And Abebe, from the same copy, still his own, still saved.
    await fromSharedCopy(abebe.page, `${prefix}${deal}`);
    await showsOnly(abebe.page, ABEBE, abebe.email, { firstName: SARA.firstName, email: sara.email });
    await expect(abebe.page.locator('form[action$="/saved"] button[aria-pressed]')).toHaveAttribute('aria-pressed', 'true');
  }

  // Home, a category and a search: the same for every signed-in buyer but their greeting and card.
  for (const path of ['/', '/am/', '/home-appliances', '/search?query=coffee']) {
    await abebe.page.goto(path);
    await sara.page.goto(path);
    await fromSharedCopy(sara.page, path);
    await showsOnly(sara.page, SARA, sara.email, { firstName: ABEBE.firstName, email: abebe.email });
  }
  await abebe.context.close();
  await sara.context.close();
});
