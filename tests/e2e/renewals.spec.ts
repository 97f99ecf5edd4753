/**
 * Deals that renew, in the browser: the reminder emailed at start-up (the scheduler's renewal-reminders job) opens a
 * page that renews only on its button, once; and a seller's deal that ends within a day is renewed
 * from My Posts and shows its new days left on its public page.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminPage, fillListingForm, openWithIsland, queueEntry, signedInPage } from './support.ts';

/** The reminders in the outbox (quoted-printable decoded): the English link's token and the deal's name. */
async function reminders(): Promise<{ token: string; name: string }[]> {
  const dir = path.join(process.env.SEFER_E2E_DATA!, 'outbox');
  const found: { token: string; name: string }[] = [];
  for (const file of (await readdir(dir).catch(() => [] as string[])).sort()) {
    const raw = await readFile(path.join(dir, file), 'latin1');
    const text = Buffer.from(
      raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
    const token = /localhost:\d+\/renew\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    const name = /Your deal "(.+)" on Sefer ends within 24 hours/.exec(text)?.[1];
    if (token && name) found.push({ token, name });
  }
  return found;
}

test('the emailed link shows the deal, renews only on its button, and only once', async ({ page }) => {
  // The scheduler's renewal-reminders job sends the reminders of the demo deals ending within a day when the server starts.
  await expect.poll(async () => (await reminders()).length, { timeout: 20_000 }).toBeGreaterThan(0);
  let chosen: { token: string; name: string } | undefined;
  for (const reminder of await reminders()) {
    // Opening the page (as a mail scanner would) renews nothing: the button is still there after two visits.
    const response = await page.goto(`/renew/${reminder.token}`);
    if (response!.status() !== 200) continue; // used by an earlier try of this test
    await page.goto(`/renew/${reminder.token}`);
    chosen = reminder;
    break;
  }
  expect(chosen, 'an unused reminder link').toBeDefined();
  await expect(page.getByRole('heading', { name: 'Run your deal again' })).toBeVisible();
  await expect(page.getByText(chosen!.name, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Ends /)).toBeVisible();
  const button = page.getByRole('button', { name: /^Run it again for \d+ days?$/ });
  await expect(button).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('renew-link-390.png'), fullPage: true });

  const posted = page.waitForResponse((r) => r.request().method() === 'POST');
  await button.click();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByRole('status')).toContainText(`"${chosen!.name}" runs again until`);
  await page.screenshot({ path: test.info().outputPath('renew-done-390.png'), fullPage: true });
  await page.getByRole('link', { name: 'See the deal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: chosen!.name })).toBeVisible();
  await expect(page.getByText(/[2-9] days left to end|[1-9]\d days left to end/).first()).toBeVisible();

  // Single use: the link now says so (410), and pressing an old form again changes nothing.
  const again = await page.goto(`/renew/${chosen!.token}`);
  expect(again!.status()).toBe(410);
  await expect(page.getByRole('alert')).toHaveText('This link was already used');
  await expect(page.getByRole('link', { name: 'Go to My Posts' })).toBeVisible();
  const post = await page.request.post(`/renew/${chosen!.token}`, { headers: { Origin: new URL(page.url()).origin }, form: {} });
  expect(post.status()).toBe(410);

  // A link that never existed.
  expect((await page.goto(`/renew/${'A'.repeat(43)}`))!.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText('This link is not valid');
});

async function image(name: string, color: string) {
  const buffer = await sharp({ create: { width: 240, height: 180, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function submitOneDayDeal(page: Page, productName: string): Promise<number> {
  await openWithIsland(page, '/form');
  await fillListingForm(page, {
    email: null,
    website: null,
    productName,
    durationDays: '1',
    logo: await image('logo.png', '#065f46'),
    photo: await image('photo.png', '#b45309'),
    moreImages: [],
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your post submitted successfully! Waiting for verification.')).toBeVisible();
  await page.goto(`/myposts?search=${encodeURIComponent(productName)}`);
  const id = await page.locator('li[id^="post-"]').first().getAttribute('id');
  return Number(id!.replace('post-', ''));
}

test.describe('My Posts', () => {
  test.use({ geolocation: { latitude: 8.9963, longitude: 38.7868 }, permissions: ['geolocation'] });

  test("renews the seller's deal that ends within a day, with no new review", async ({ browser, baseURL }) => {
    // A sign-up, a listing with photos, an admin's verification and the renewal: several page loads.
    test.setTimeout(90_000);
    const productName = `Teff flour ${Date.now()}`;
    const seller = await signedInPage(browser, baseURL!, { firstName: 'Almaz' });
    await seller.page.context().grantPermissions(['geolocation']);
    await seller.page.context().setGeolocation({ latitude: 8.9963, longitude: 38.7868 });
    const id = await submitOneDayDeal(seller.page, productName);
    // Not verified yet: no Renew.
    await expect(seller.page.locator(`[data-renew="${id}"]`)).toHaveCount(0);

    const admin = await adminPage(browser, baseURL!);
    await (await queueEntry(admin, id)).getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(admin.locator('[data-queue-flash]')).toHaveText(`Verified: ${productName}`);

    const page = seller.page;
    await page.goto(`/listings/${id}`);
    await expect(page.getByText('1 day left to end').first()).toBeVisible();

    await page.goto('/myposts');
    const card = page.locator(`#post-${id}`);
    const renew = card.locator(`[data-renew="${id}"]`);
    await expect(renew.getByText('This deal ends within a day.')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('myposts-renew-390.png'), fullPage: true });
    await renew.getByRole('button', { name: 'Run it again for 1 day' }).click();
    await expect(page).toHaveURL(new RegExp(`/myposts\\?done=renewed#post-${id}$`));
    await expect(page.getByText('Your deal runs again.')).toBeVisible();
    await expect(card.getByText('Verified: public')).toBeVisible();
    await expect(renew).toHaveCount(0); // now 2 days left: nothing to renew yet
    await page.screenshot({ path: test.info().outputPath('myposts-renewed-390.png'), fullPage: true });

    // Public with its new days left, still verified (no review queue entry).
    const visitor = await browser.newPage();
    await visitor.goto(`/search?query=${encodeURIComponent(productName)}`);
    await expect(visitor.getByRole('article').filter({ hasText: productName }).getByText('2 days left to end')).toBeVisible();
    await admin.goto('/admin');
    await expect(admin.locator(`[data-listing-id="${id}"]`)).toHaveCount(0);

    // A second press (an old form) is refused: not due any more.
    const again = await page.request.post('/renew', { headers: { Origin: baseURL! }, form: { id: String(id) } });
    expect(again.status()).toBe(409);
    await visitor.close();
  });
});
