/**
 * Issue 29, item by item, at 390 px in English and Amharic: a place picked or pinned (the map only
 * on tap, tiles from the local fake), an edit that keeps the verified deal live until the admin
 * verifies it (who sees what changed), My Posts in plain words (days left, Renew, what a status
 * means, one "More.." open at a time), categories that lead with what Addis buyers look for, and
 * the form posted without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_TILES } from '../../playwright.config.ts';
import { adminPage, dealFields, openWithIsland, queueEntry, signedInPage, tinyPng } from './support.ts';

const LANGS = [
  { lang: 'en', prefix: '' },
  { lang: 'am', prefix: '/am' },
] as const;

/** The start of My Posts' line for a deal waiting for its check, in Amharic. */
const PENDING_AM = 'እያንዳንዱን አዲስ ቅናሽ ለሁሉም ከመታየቱ በፊት አስተዳዳሪ ያረጋግጠዋል';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });

/** Posts a deal through the listing API as `seller`: its id (waiting for review). */
async function postDeal(seller: Page, baseURL: string, fields: Record<string, string>, images = 0): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const png = (name: string) => new File([new Uint8Array(tinyPng(name).buffer)], name, { type: 'image/png' });
  form.append('profile_photo', png('logo.png'));
  form.append('product_photo', png('photo.png'));
  for (let i = 0; i < images; i++) form.append('uploaded_images', png(`extra-${i}.png`));
  const created = await seller.request.post('/api/products/', { headers: { Origin: baseURL }, multipart: form });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

for (const { lang, prefix } of LANGS) {
  test.describe(`a seller's deal (${lang})`, () => {
    test(`a place by neighbourhood or by a pin on a map that loads only on tap (${lang})`, async ({ page, request }) => {
      await request.post(`${E2E_TILES}/__fake/reset`);
      // Content pages load no map and no script.
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script' || /leaflet/i.test(r.url())) scripts.push(r.url());
      });
      await page.goto(`${prefix}/`);
      expect(scripts).toEqual([]);
      await openWithIsland(page, `${prefix}/form`);
      expect(scripts.filter((url) => /leaflet|pin-map/i.test(url))).toEqual([]);
      expect(((await (await request.get(`${E2E_TILES}/__fake/requests`)).json()) as { count: number }).count).toBe(0);

      // Picked from the list, typed in Latin letters or Ge'ez: shown in words.
      const place = page.locator('#lf-place');
      await place.fill(lang === 'en' ? 'edna' : 'ኤድና');
      await page.getByRole('option', { name: lang === 'en' ? 'Edna Mall' : 'ኤድና ሞል' }).click();
      await expect(page.locator('#lf-place-chosen')).toHaveText(lang === 'en' ? 'Near Edna Mall' : 'ኤድና ሞል አካባቢ');
      await expect(page.locator('#lf-latitude')).toHaveValue('8.998400');
      await shot(page, `place-picked-${lang}`);

      // "Pin it on a map": the map and its tiles come only now, from our origin and the tile server.
      await page.getByRole('button', { name: lang === 'en' ? 'Pin it on a map' : 'በካርታ ላይ ይጠቁሙ' }).click();
      await expect(page.locator('#lf-map .leaflet-tile-loaded').first()).toBeVisible({ timeout: 15_000 });
      expect(((await (await request.get(`${E2E_TILES}/__fake/requests`)).json()) as { count: number }).count).toBeGreaterThan(0);
      const map = page.locator('#lf-map');
      await map.scrollIntoViewIfNeeded();
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.25);
      await expect(page.locator('#lf-place-chosen')).toContainText(lang === 'en' ? 'Pinned near' : 'በካርታ ላይ የተጠቆመ');
      await expect(page.locator('#lf-latitude')).not.toHaveValue('8.998400');
      await shot(page, `place-pinned-${lang}`);
    });

    test(`an edit keeps the verified deal live until the admin, who sees what changed, verifies it (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const seller = await signedInPage(browser, baseURL!);
      const admin = await adminPage(browser, baseURL!);
      const name = `Shiro wot ${lang} ${Date.now()}`;
      const id = await postDeal(seller.page, baseURL!, dealFields(name, 'Taitu Kitchen'));
      await (await queueEntry(admin, id)).getByRole('button', { name: 'Verify' }).click();
      await expect(admin.locator('[data-queue-flash]')).toHaveText(`Verified: ${name}`);

      // The seller fixes a typo and changes the phone and the Telegram link.
      const page = seller.page;
      await page.goto(`${prefix}/myposts?edit=${id}#post-${id}`);
      const form = page.locator(`form[data-edit-post="${id}"]`);
      await form.locator('[name=product_name]').fill(`${name} (fixed)`);
      await form.locator('[name=contact_phone]').fill('0911222333');
      await form.locator('[name=contact_telegram]').fill('@taitu_kitchen_new');
      await shot(page, `edit-form-${lang}`);
      await form.locator('button[type=submit]').first().click();
      const card = page.locator(`#post-${id}`);
      await expect(card.locator('[data-pending-edit]')).toContainText(
        lang === 'en' ? 'Your changes are waiting for review; the deal stays live meanwhile.' : 'ያደረጉት ለውጥ',
      );
      await shot(page, `edit-waiting-${lang}`);

      // Still public, as verified.
      const visitor = await browser.newPage({ baseURL });
      const live = await visitor.goto(`${prefix}/listings/${id}`);
      expect(live!.status()).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);

      // The admin sees the change, old and new, and verifies it.
      const entry = await queueEntry(admin, id);
      await entry.locator('summary', { hasText: 'Details' }).click();
      const edit = entry.locator('[data-listing-edit]');
      await expect(edit).toContainText('Edit of a live deal');
      await expect(edit.locator('[data-change] del', { hasText: name }).first()).toBeVisible();
      await expect(edit.locator('[data-change] ins', { hasText: `${name} (fixed)` })).toBeVisible();
      await expect(edit).toContainText('0911222333');
      await entry.screenshot({ path: test.info().outputPath(`edit-admin-diff-${lang}-390.png`) });
      await entry.getByRole('button', { name: 'Verify' }).click();
      await expect(entry).toHaveCount(0);

      await visitor.goto(`${prefix}/listings/${id}`);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`${name} (fixed)`);
      await shot(visitor, `edit-public-${lang}`);
      await visitor.close();
      await admin.close();
      await seller.context.close();
    });

    test(`My Posts says when each deal ends, offers Renew, says what a status means, one "More.." at a time (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const seller = await signedInPage(browser, baseURL!);
      const admin = await adminPage(browser, baseURL!);
      const stamp = Date.now();
      const week = await postDeal(seller.page, baseURL!, dealFields(`Teff week ${stamp}`, 'Almaz Grains', { discount_duration: '7' }), 5);
      const day = await postDeal(seller.page, baseURL!, dealFields(`Teff day ${stamp}`, 'Almaz Grains', { discount_duration: '1' }), 5);
      const waiting = await postDeal(seller.page, baseURL!, dealFields(`Teff waiting ${stamp}`, 'Almaz Grains'));
      const rejected = await postDeal(seller.page, baseURL!, dealFields(`Teff rejected ${stamp}`, 'Almaz Grains'));
      for (const id of [week, day]) {
        const entry = await queueEntry(admin, id);
        await entry.getByRole('button', { name: 'Verify' }).click();
        await expect(entry).toHaveCount(0);
      }
      const rejectEntry = await queueEntry(admin, rejected);
      await rejectEntry.locator('summary', { hasText: 'Reject' }).click();
      await rejectEntry.locator('select[name=code]').selectOption('other');
      await rejectEntry.locator('input[name=reason]').fill('The photo is not of the product.');
      await rejectEntry.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect(rejectEntry).toHaveCount(0);
      await admin.close();

      const page = seller.page;
      await page.goto(`${prefix}/myposts`);
      await expect(page.locator(`#post-${week} [data-ends-in]`)).toHaveText(lang === 'en' ? '7 days left' : '7 ቀን ቀረው');
      await expect(page.locator(`#post-${week} [data-standing]`).first()).toHaveAttribute('data-standing', 'live');
      await expect(page.locator(`#post-${week} [data-renew]`)).toHaveCount(0);
      await expect(page.locator(`#post-${day} [data-renew="${day}"] button`)).toBeVisible();
      await expect(page.locator(`#post-${waiting}`)).toContainText(lang === 'en' ? 'An admin checks every new deal' : PENDING_AM);
      await expect(page.locator(`#post-${rejected} [data-standing-note="rejected"]`)).toContainText('The photo is not of the product.');
      await shot(page, `myposts-status-${lang}`);

      // "More.." opens on one card at a time (spec 2.4 item 10).
      const moreOf = (id: number) => page.locator(`#post-${id} details[data-more]`);
      await moreOf(week).locator('summary').click();
      await expect(moreOf(week)).toHaveAttribute('open', '');
      await moreOf(day).locator('summary').click();
      await expect(moreOf(day)).toHaveAttribute('open', '');
      await expect(moreOf(week)).not.toHaveAttribute('open', '');

      // Renew from the card: the deal runs again.
      await page.locator(`#post-${day} [data-renew="${day}"] button`).click();
      await expect(page).toHaveURL(new RegExp(`/myposts\\?done=renewed#post-${day}$`));
      await expect(page.locator(`#post-${day} [data-standing]`).first()).toHaveAttribute('data-standing', 'live');
      await seller.context.close();
    });

    test(`home leads with what Addis buyers look for; the form's category is grouped and searchable (${lang})`, async ({ page }) => {
      await page.goto(`${prefix}/`);
      const groups = page.locator('[data-category-groups] li');
      await expect(groups).toHaveCount(10);
      await expect(groups.first().locator('a')).toHaveAttribute('href', `${prefix}/categories/food`);
      await shot(page, `home-groups-${lang}`);
      await groups.first().locator('a').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/categories/food$`));
      await shot(page, `category-group-${lang}`);

      await openWithIsland(page, `${prefix}/form`);
      const category = page.locator('#lf-category');
      await expect(category.locator('optgroup')).toHaveCount(10);
      await expect(category.locator('option[value="holyday"], option[value="upcomming"]')).toHaveCount(0);
      await page.locator('#lf-category-search').fill(lang === 'en' ? 'phone' : 'ስልክ');
      await page.locator('#lf-category-search').press('Enter');
      await expect(category).toHaveValue('electronics');
      await expect(page).toHaveURL(new RegExp(`${prefix}/form$`));
      await shot(page, `form-category-${lang}`);
    });
  });
}

test('without JavaScript, the form posts the deal (a place typed by name) and lands on the sent page', async ({ browser, baseURL }) => {
  const { context, email } = await signedInPage(browser, baseURL!);
  const state = await context.storageState();
  await context.close();
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: state, viewport: { width: 390, height: 844 } });
  const page = await plain.newPage();
  await page.goto('/form');
  const product = `Bunna beans ${Date.now()}`;
  await page.locator('#lf-product_name').fill(product);
  await page.locator('#lf-company_name').fill('Kaldi Roasters');
  await page.locator('#lf-category').selectOption('foods');
  await page.locator('#lf-description').fill('Roasted in Bole every morning.');
  await page.locator('input[type=file][name=profile_photo]').setInputFiles(tinyPng('logo.png'));
  await page.locator('input[type=file][name=product_photo]').setInputFiles(tinyPng('photo.png'));
  await page.locator('#lf-discount').selectOption('15');
  await page.locator('#lf-discount_duration').fill('5');
  await page.locator('#lf-place').fill('Bole Medhanialem');
  await page.locator('#lf-contact_telegram').fill('@kaldi_roasters');
  await page.locator('#lf-contact_phone').fill('0911000111');
  await page.locator('#lf-form button[type=submit]').click();
  await expect(page).toHaveURL(/\/form\/sent\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your deal was sent for checking' })).toBeVisible();
  await expect(page.locator('[data-sent-listing]')).toContainText(product);
  await expect(page.locator('[data-sent-listing]')).toContainText('Bole Medhanialem');
  await shot(page, 'form-no-js-sent-en');
  expect(email).toContain('@');
  await plain.close();
});
