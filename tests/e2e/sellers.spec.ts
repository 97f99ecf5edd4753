import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  adminPage,
  dealFields,
  fillListingForm,
  newPhoneContext,
  openWithIsland,
  PLACES,
  postVerifiedDeal,
  queueEntry,
  signedInPage,
} from './support.ts';

async function image(name: string, color: string) {
  const buffer = await sharp({ create: { width: 240, height: 180, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function submitListing(page: Page, productName: string) {
  await openWithIsland(page, '/form');
  // Real-sized photos (the server decodes them); the signed-in form has the email already.
  await fillListingForm(page, {
    email: null,
    website: null,
    productName,
    durationDays: '5',
    logo: await image('logo.png', '#065f46'),
    photo: await image('photo.png', '#b45309'),
    moreImages: [await image('a.png', '#1d4ed8'), await image('b.png', '#be123c')],
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your post submitted successfully! Waiting for verification.')).toBeVisible();
  // The form resets but keeps the email.
  await expect(page.getByLabel('Product or service name')).toHaveValue('');
  await expect(page.getByLabel('Email')).not.toHaveValue('');
}

async function listingId(page: Page, productName: string): Promise<number> {
  await page.goto(`/myposts?search=${encodeURIComponent(productName)}`);
  const id = await page.locator('li[id^="post-"]').first().getAttribute('id');
  return Number(id!.replace('post-', ''));
}

test.describe('a seller lists a business', () => {
  test.use({ geolocation: { latitude: 8.9963, longitude: 38.7868 }, permissions: ['geolocation'] });
  test.describe.configure({ mode: 'serial' });

  test('submit, wait for verification, verified by an admin, protected from others, edited while it stays live', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const productName = `Yirgacheffe beans ${Date.now()}`;
    const seller = await signedInPage(browser, baseURL!, { firstName: 'Abebe' });
    await seller.page.context().grantPermissions(['geolocation']);
    await seller.page.context().setGeolocation({ latitude: 8.9963, longitude: 38.7868 });
    await submitListing(seller.page, productName);

    // In My Posts as waiting; on no public page.
    const id = await listingId(seller.page, productName);
    const card = seller.page.locator(`#post-${id}`);
    await expect(card.getByText('Waiting for verification')).toBeVisible();
    await expect(card.locator('img')).toHaveCount(4); // the logo, the product photo and two more
    const visitor = seller.page.context().request;
    expect(await (await visitor.get(`/search?query=${encodeURIComponent(productName)}`)).text()).toContain('No matching products found.');
    expect((await visitor.get(`/listings/${id}`)).status()).toBe(404);

    // An admin verifies it: it appears in its category, in search and on its page.
    const admin = await adminPage(browser, baseURL!);
    const queued = await queueEntry(admin, id);
    await expect(queued.getByText(productName).first()).toBeVisible();
    await queued.getByRole('button', { name: 'Verify' }).click();
    await expect(admin.locator('[data-queue-flash]')).toHaveText(`Verified: ${productName}`);
    await seller.page.goto(`/search?query=${encodeURIComponent(productName)}`);
    await expect(seller.page.getByRole('article').getByText(productName)).toBeVisible();
    await seller.page.goto('/food-and-beverages');
    await expect(seller.page.getByRole('article').getByText(productName)).toBeVisible();
    const detail = await seller.page.goto(`/listings/${id}`);
    expect(detail!.status()).toBe(200);
    await expect(seller.page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    await expect(seller.page.getByText('20% OFF')).toBeVisible();

    // Another user gets 403 on PATCH and DELETE.
    const other = await signedInPage(browser, baseURL!, { firstName: 'Other' });
    const headers = { Origin: baseURL! };
    const patch = await other.page.request.patch(`/api/delete/products/${id}/`, {
      headers,
      multipart: { product_name: 'Hijacked', company_name: 'X', description: 'x', location: 'x', discount: '5' },
    });
    expect(patch.status()).toBe(403);
    expect((await other.page.request.delete(`/api/delete/products/${id}/`, { headers })).status()).toBe(403);
    expect((await other.page.request.delete('/api/delete/products/99999999/', { headers })).status()).toBe(404);

    // The owner edits it: the verified version stays public while the edit waits (issue 29).
    await seller.page.goto(`/myposts?edit=${id}`);
    await seller.page.locator(`#post-${id}`).getByLabel('Description').fill('Now with free delivery in Bole.');
    const patched = seller.page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/delete/products/${id}/`));
    await seller.page.locator(`#post-${id}`).getByRole('button', { name: 'Save' }).click();
    await patched;
    await expect(seller.page.getByText('Saved. An admin checks your changes; a live deal stays live meanwhile.')).toBeVisible();
    await expect(seller.page.locator(`#post-${id} [data-pending-edit]`)).toBeVisible();
    expect((await visitor.get(`/listings/${id}`)).status()).toBe(200);

    // A rejection of the edit carries its reason to the seller; the deal stays as verified.
    const again = await queueEntry(admin, id);
    await again.locator('summary', { hasText: 'Details' }).click();
    await expect(again.getByText('Now with free delivery in Bole.')).toBeVisible();
    await again.locator('summary', { hasText: 'Reject' }).click();
    await again.locator('select[name=code]').selectOption('other');
    await again.locator('input[name=reason]').fill('Please add a photo of the beans.');
    await again.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(again).toHaveCount(0);
    await seller.page.goto('/myposts');
    await expect(seller.page.locator(`#post-${id}`).getByText('Please add a photo of the beans.')).toBeVisible();
    expect((await visitor.get(`/listings/${id}`)).status()).toBe(200);

    // The owner deletes it after confirming.
    seller.page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this post?');
      void d.accept();
    });
    const deleted = seller.page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/delete/products/${id}/`));
    await seller.page.locator(`#post-${id}`).getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await expect(seller.page.getByText('Your post was deleted.')).toBeVisible();
    await expect(seller.page.locator(`#post-${id}`)).toHaveCount(0);
    await Promise.all([seller.context.close(), other.context.close(), admin.context().close()]);
  });

  test('non-admins get 403 on /admin and its API', async ({ browser, baseURL }) => {
    const user = await signedInPage(browser, baseURL!);
    const response = await user.page.goto('/admin');
    expect(response!.status()).toBe(403);
    const api = await user.page.request.post('/api/admin/listings/1/', { data: { verdict: 'verify' } });
    expect(api.status()).toBe(403);
    await user.context.close();
  });

  test('My Posts is empty for a new seller and searchable', async ({ browser, baseURL }) => {
    const user = await signedInPage(browser, baseURL!);
    await user.page.goto('/myposts');
    await expect(user.page.getByText('No posts found.')).toBeVisible();
    await user.context.close();
  });

  test('the API answers 400 naming each bad field and 413 over the caps', async ({ browser, baseURL }) => {
    const user = await signedInPage(browser, baseURL!);
    const headers = { Origin: baseURL! };
    const bad = await user.page.request.post('/api/products/', { headers, multipart: { product_name: 'Only a name' } });
    expect(bad.status()).toBe(400);
    const body = await bad.json();
    expect(body.error).toBe('Please select a category.');
    expect(Object.keys(body.fields)).toEqual(
      expect.arrayContaining([
        'category',
        'discount',
        'latitude',
        'description',
        'location',
        'contact_telegram',
        'contact_phone',
        'profile_photo',
        'product_photo',
      ]),
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const photo = await image('p.png', '#000');
    const fields = dealFields('Tea', 'Tea House');
    const svgAsPng = await user.page.request.post('/api/products/', {
      headers,
      multipart: { ...fields, profile_photo: { name: 'logo.png', mimeType: 'image/png', buffer: svg }, product_photo: photo },
    });
    expect(svgAsPng.status()).toBe(400);
    expect((await svgAsPng.json()).fields.profile_photo).toBeDefined();
    const huge = Buffer.alloc(11 * 1024 * 1024, 0);
    huge.set(photo.buffer.subarray(0, 32));
    const tooBig = await user.page.request.post('/api/products/', {
      headers,
      multipart: { ...fields, profile_photo: photo, product_photo: { name: 'big.png', mimeType: 'image/png', buffer: huge } },
    });
    expect(tooBig.status()).toBe(413);
    const ok = await user.page.request.post('/api/products/', {
      headers,
      multipart: { ...fields, profile_photo: photo, product_photo: photo },
    });
    expect(ok.status()).toBe(201);
    expect(await ok.json()).toMatchObject({
      product_name: 'Tea',
      verified: false,
      status: 'pending',
      contact_telegram: 'https://t.me/tea_house',
    });
    await user.context.close();
  });

  test('My Posts edits with photos: refused for others and for missing posts, replaced photos removed', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const [owner, other] = [await signedInPage(browser, baseURL!), await signedInPage(browser, baseURL!)];
    const headers = { Origin: baseURL! };
    const photo = await image('p.png', '#123456');
    const fields = dealFields('Shiro', 'Shiro House', { ...PLACES.piassa, contact_phone: '0911000001' });
    const created = await owner.page.request.post('/api/products/', {
      headers,
      multipart: { ...fields, profile_photo: photo, product_photo: photo },
    });
    expect(created.status()).toBe(201);
    const listing = await created.json();
    const edit = {
      id: String(listing.id),
      action: 'update',
      product_name: 'Shiro wot',
      company_name: 'Shiro House',
      description: 'Shiro',
      location: 'Piassa',
      discount: '10',
    };

    const refused = await other.page.request.post('/myposts', {
      headers,
      multipart: { ...edit, product_photo: await image('x.png', '#ff0000') },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('You can only change your own listings.');
    const missing = await other.page.request.post('/myposts', {
      headers,
      multipart: { ...edit, id: '99999999', product_photo: await image('x.png', '#ff0000') },
    });
    expect(await missing.text()).toContain('Listing not found.');

    const media = path.join(process.env.SEFER_E2E_DATA!, 'media');
    const oldKey = /^\/media\/(.+)\.webp$/.exec(listing.product_photo)![1]!;
    const filesOf = async (key: string) =>
      (await readdir(path.join(media, path.dirname(key)))).filter((f) => f.startsWith(path.basename(key)));
    expect(await filesOf(oldKey)).toHaveLength(7);
    const saved = await owner.page.request.post('/myposts', {
      headers,
      multipart: { ...edit, product_photo: await image('n.png', '#00ff00') },
    });
    expect(saved.status()).toBe(200);
    expect(await saved.text()).toContain('Saved. An admin checks your changes; a live deal stays live meanwhile.');
    expect(await filesOf(oldKey)).toEqual([]);
    const shown = [...(await saved.text()).matchAll(/\/media\/(u\/[a-z0-9]+)-thumb\.webp/g)].map((m) => m[1]!);
    const logoKey = /^\/media\/(.+)\.webp$/.exec(listing.profile_photo)![1]!;
    const newKey = shown.find((k) => k !== logoKey && k !== oldKey);
    expect(newKey).toBeDefined();
    expect(await filesOf(newKey!)).toHaveLength(7);
    expect(await filesOf(logoKey)).toHaveLength(7);
    await Promise.all([owner.context.close(), other.context.close()]);
  });
});

test.describe('seller pages', () => {
  /** A verified deal of `seller` made through the API (the admin verifies it); its id. */
  async function verifiedDeal(seller: Page, admin: Page, baseURL: string, productName: string, companyName: string) {
    const fields = dealFields(productName, companyName, {
      ...PLACES.kazanchis,
      discount: '15',
      discount_duration: '7',
      description: `${productName}, fresh every day.`,
      contact_phone: '0911000002',
    });
    return postVerifiedDeal(seller, admin, baseURL, fields, await image('p.png', '#0f766e'));
  }

  test('from a category card to the seller page and back to a deal; unknown, wrong slug and sitemap', async ({ page, request }) => {
    await page.goto('/food-and-beverages');
    const card = page.getByRole('article').first();
    await card.locator('a[href*="/sellers/"]').click();
    await expect(page).toHaveURL(/\/sellers\/\d+-[a-z0-9-]+$/);
    const sellerUrl = new URL(page.url()).pathname;
    // The page is named after the seller's newest public deal, which a test running alongside may
    // have just posted under another company name than the card's: read the name from the page.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/\S/);
    const companyName = (await heading.textContent())!.trim();
    await expect(page.getByText(/^Member since /)).toBeVisible();
    await expect(page.getByText('Never pay before you have seen the item.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact-us');
    await page.screenshot({ path: test.info().outputPath('seller-390.png'), fullPage: true });

    const deals = page.getByRole('region', { name: 'Current deals' }).getByRole('article');
    expect(await deals.count()).toBeGreaterThan(0);
    const dealName = (await deals.first().getByRole('heading').textContent())!.trim();
    await deals.first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: dealName })).toBeVisible();
    // The detail page's company name leads back to the seller page; its tips sit with the contact.
    await expect(page.getByRole('link', { name: companyName, exact: true })).toHaveAttribute('href', sellerUrl);
    const dealId = /\/listings\/(\d+)/.exec(page.url())![1];
    await expect(page.locator('[data-safety-tips]').getByRole('link', { name: 'Report this deal' })).toHaveAttribute(
      'href',
      `/report?kind=listing&id=${dealId}`,
    );

    const id = /\/sellers\/(\d+)-/.exec(sellerUrl)![1];
    const moved = await request.get(`/sellers/${id}-old-name?page=1`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`${sellerUrl}?page=1`);
    // A seller page is a list page: the same budget as a category page of 24 cards.
    const gzipped = gzipSync(await (await request.get(sellerUrl)).body()).length;
    test.info().annotations.push({ type: 'seller page gzip bytes', description: String(gzipped) });
    expect(gzipped).toBeLessThan(40 * 1024);
    const amharic = await request.get(`/am${sellerUrl}`);
    expect(amharic.status()).toBe(200);
    expect(await amharic.text()).toContain('አባል የሆነው');
    const unknown = await request.get('/sellers/99999999-nobody');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('Seller not found');
    expect((await request.get('/sellers/not-a-seller')).status()).toBe(404);

    expect(await (await request.get('/sitemap.xml')).text()).toContain('/sitemaps/sellers-1.xml');
    expect(await (await request.get('/sitemaps/sellers-1.xml')).text()).toContain(sellerUrl);
  });

  test('an ended deal answers 200 with the seller’s other deals', async ({ page, request }) => {
    // The demo catalogue holds ended deals; search lists them with "Discount expired".
    let path: string | undefined;
    for (let n = 1; n <= 10 && !path; n++) {
      const html = await (await request.get(`/search?query=a&page=${n}`)).text();
      const block = html.split('<article').find((a) => a.includes('Discount expired'));
      path = block && /href="(\/listings\/\d+[^"]*)"/.exec(block)?.[1];
    }
    expect(path, 'an ended demo deal').toBeDefined();
    const response = await page.goto(path!);
    expect(response!.status()).toBe(200);
    await expect(page.getByText('Discount expired')).toBeVisible();
    const others = page.locator('[data-other-deals]');
    await expect(others.getByRole('heading', { level: 2 })).toHaveText(/^Other current deals from /);
    expect(await others.getByRole('article').count()).toBeLessThanOrEqual(6);
    await expect(others.getByRole('link', { name: /^See all deals from / })).toHaveAttribute('href', /^\/sellers\/\d+/);
    await page.screenshot({ path: test.info().outputPath('ended-390.png'), fullPage: true });
  });

  test('a removed deal answers 410 with the seller’s other deals; an admin marks the business verified', async ({ browser, baseURL }) => {
    // Two deals made and verified through the API, one removed, then the admin's mark: about 20 s.
    test.setTimeout(60_000);
    const seller = await signedInPage(browser, baseURL!);
    const admin = await adminPage(browser, baseURL!);
    const company = `Kazanchis Bakery ${Date.now()}`;
    const gone = await verifiedDeal(seller.page, admin, baseURL!, 'Sourdough loaf', company);
    await verifiedDeal(seller.page, admin, baseURL!, 'Honey cake', company);
    expect((await seller.page.request.delete(`/api/delete/products/${gone}/`, { headers: { Origin: baseURL! } })).status()).toBe(204);

    const visitor = await newPhoneContext(browser, baseURL!);
    const page = await visitor.newPage();
    const response = await page.goto(`/listings/${gone}-sourdough-loaf`);
    expect(response!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'This deal was removed by the seller' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('[data-other-deals]').getByRole('article').getByText('Honey cake')).toBeVisible();
    expect((await page.request.get('/listings/99999999-never')).status()).toBe(404);

    // Two verified deals: no badge yet; the admin's mark gives it.
    await page
      .locator('[data-other-deals]')
      .getByRole('link', { name: `See all deals from ${company}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await expect(page.getByText('Verified business')).toHaveCount(0);
    await admin.goto(new URL(page.url()).pathname);
    await admin.getByRole('button', { name: 'Mark as verified business' }).click();
    await expect(admin.getByText('The business is marked verified.')).toBeVisible();
    await expect(admin.getByText('Verified business', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText('Verified business', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as verified business' })).toHaveCount(0);
    await Promise.all([seller.context.close(), admin.context().close(), visitor.close()]);
  });
});
