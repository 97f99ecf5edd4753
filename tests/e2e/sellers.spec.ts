import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminPage, fillListingForm, openWithIsland, signedInPage } from './support.ts';

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

  test('submit, wait for verification, verified by an admin, protected from others, edited back into review', async ({
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
    await admin.goto('/admin');
    const queued = admin.locator(`[data-listing-id="${id}"]`);
    await expect(queued.getByText(productName)).toBeVisible();
    await queued.getByRole('button', { name: 'Verify' }).click();
    await expect(admin.getByText('Listing verified: it is public now.')).toBeVisible();
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

    // The owner edits it: it leaves the public lists until verified again.
    await seller.page.goto(`/myposts?edit=${id}`);
    await seller.page.locator(`#post-${id}`).getByLabel('Description').fill('Now with free delivery in Bole.');
    const patched = seller.page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/delete/products/${id}/`));
    await seller.page.locator(`#post-${id}`).getByRole('button', { name: 'Save' }).click();
    await patched;
    await expect(seller.page.getByText('Saved. Your post is waiting for verification again.')).toBeVisible();
    await expect(seller.page.locator(`#post-${id}`).getByText('Waiting for verification')).toBeVisible();
    expect((await visitor.get(`/listings/${id}`)).status()).toBe(404);

    // A rejection carries its reason to the seller.
    await admin.goto('/admin');
    const again = admin.locator(`[data-listing-id="${id}"]`);
    await again.getByLabel('Reason for rejecting').fill('Please add a photo of the beans.');
    await again.getByRole('button', { name: 'Reject' }).click();
    await seller.page.goto('/myposts');
    await expect(seller.page.locator(`#post-${id}`).getByText('Please add a photo of the beans.')).toBeVisible();

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
    const fields = {
      product_name: 'Tea',
      company_name: 'Tea House',
      category: 'foods',
      discount: '10',
      discount_duration: '3',
      description: 'Tea',
      location: 'Bole',
      latitude: '8.99',
      longitude: '38.78',
      contact_telegram: '@tea_house',
      contact_phone: '0911000000',
    };
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
    const fields = {
      product_name: 'Shiro',
      company_name: 'Shiro House',
      category: 'foods',
      discount: '10',
      discount_duration: '3',
      description: 'Shiro',
      location: 'Piassa',
      latitude: '9.03',
      longitude: '38.75',
      contact_telegram: '@shiro_house',
      contact_phone: '0911000001',
    };
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
    expect(await filesOf(oldKey)).toHaveLength(3);
    const saved = await owner.page.request.post('/myposts', {
      headers,
      multipart: { ...edit, product_photo: await image('n.png', '#00ff00') },
    });
    expect(saved.status()).toBe(200);
    expect(await saved.text()).toContain('Saved. Your post is waiting for verification again.');
    expect(await filesOf(oldKey)).toEqual([]);
    const shown = [...(await saved.text()).matchAll(/\/media\/(u\/[a-z0-9]+)-thumb\.webp/g)].map((m) => m[1]!);
    const logoKey = /^\/media\/(.+)\.webp$/.exec(listing.profile_photo)![1]!;
    const newKey = shown.find((k) => k !== logoKey && k !== oldKey);
    expect(newKey).toBeDefined();
    expect(await filesOf(newKey!)).toHaveLength(3);
    expect(await filesOf(logoKey)).toHaveLength(3);
    await Promise.all([owner.context.close(), other.context.close()]);
  });
});
