import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_LIST_APIS, adminPage, axeProblems, collectScriptRequests, openWithIsland, signUp } from './support.ts';

const productCard = (page: Page, name: string) =>
  page.locator('li[data-product]').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Opens the shop and waits for the cart island to hydrate. */
async function openShop(page: Page, url = '/shop') {
  await openWithIsland(page, url);
}

async function buy(page: Page, name: string) {
  await productCard(page, name).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('list', { name: 'Items in your cart' }).getByText(name, { exact: true })).toBeVisible();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Abebe Kebede');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test.describe('the shop', () => {
  test('lists the 17 products in Birr, searches by name with and without script, and redirects /forsale', async ({ page }) => {
    const scripts = collectScriptRequests(page);
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://localhost')) external.push(r.url());
    });
    const response = await page.goto('/forsale');
    expect(response?.url()).toMatch(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sefer Shop');
    await expect(page.locator('li[data-product]')).toHaveCount(17);
    await expect(page.getByText('5,200 Birr', { exact: true })).toBeVisible();
    await expect(page.getByText('115,000 Birr', { exact: true })).toBeVisible();
    await expect(page.getByText('No items in cart.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout with card' })).toBeDisabled();

    // View More / View Less, one expanded at a time.
    const phone = productCard(page, 'Smartphone A15');
    const tv = productCard(page, 'Smart TV 43"');
    await phone.getByText('View More').click();
    await expect(phone.getByText('128 GB storage')).toBeVisible();
    await expect(phone.getByText('View Less')).toBeVisible();
    await tv.getByText('View More').click();
    await expect(tv.getByText('Wall mount included')).toBeVisible();
    await expect(phone.getByText('128 GB storage')).toBeHidden();

    // Live search as you type.
    await page.getByLabel('Search products by name').fill('LAPTOP');
    await expect(page.locator('li[data-product]:visible')).toHaveCount(2);
    await page.getByLabel('Search products by name').fill('no such thing');
    await expect(page.getByText('No products found.')).toBeVisible();

    expect(external).toEqual([]);
    expect(scripts.every((s) => s.startsWith('http://localhost'))).toBe(true);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the search is a GET form: case-insensitive, and "No products found." when nothing matches', async ({ page }) => {
      await page.goto('/shop');
      await page.getByLabel('Search products by name').fill('smart');
      await page.locator('form[data-name-filter="shop"]').getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/shop\?q=smart$/);
      await expect(page.locator('li[data-product]:visible')).toHaveCount(5);
      await page.goto('/shop?q=zzz');
      await expect(page.getByText('No products found.')).toBeVisible();
      await expect(page.locator('li[data-product]:visible')).toHaveCount(0);
    });
  });

  test('the cart is kept across reloads, removes items, and a signed-out visitor is sent to sign in', async ({ page }) => {
    await openShop(page);
    await buy(page, 'Bluetooth Speaker');
    await buy(page, 'Smartwatch');
    await expect(page.locator('[data-cart-total]')).toHaveText('14,700 Birr');
    await expect(productCard(page, 'Smartwatch').getByRole('button')).toHaveAccessibleName('In cart ✓');
    await openShop(page);
    await expect(page.locator('[data-cart-total]')).toHaveText('14,700 Birr');
    await page.getByRole('button', { name: 'Remove Smartwatch' }).click();
    await expect(page.locator('[data-cart-total]')).toHaveText('5,200 Birr');
    await page.getByRole('button', { name: 'Checkout with card' }).click();
    await expect(page).toHaveURL(/\/login\?next=\/shop$/);

    expect((await page.request.post('/api/create-checkout-session/', { data: { items: [{ id: 1, quantity: 1 }] } })).status()).toBe(401);
    for (const path of ACCOUNT_LIST_APIS) {
      expect((await page.request.get(path)).status(), path).toBe(401);
    }
    for (const path of ['/wallet', '/refunds']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${path}$`));
    }
  });

  test('buy two products with 4242…, admin delivers, refund approved: the wallet shows the amount in Birr', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = `buyer-${Date.now()}@e2e.test`;
    await signUp(page, { email });
    await openShop(page);
    await buy(page, 'Smartphone A15');
    await buy(page, 'Bluetooth Speaker');
    await expect(page.locator('[data-cart-total]')).toHaveText('23,700 Birr');
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath('shop-390.png'), fullPage: false });
    await page.locator('#cart').screenshot({ path: test.info().outputPath('shop-cart-390.png') });
    expect(await axeProblems(page)).toEqual([]);

    const scripts = collectScriptRequests(page);
    await page.getByRole('button', { name: 'Checkout with card' }).click();
    await expect(page).toHaveURL(/\/checkout\/chk_/);
    await expect(page.locator('[data-amount]')).toHaveText('23,700 Birr');
    await page.screenshot({ path: test.info().outputPath('checkout-390.png'), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/success\?session_id=chk_/);
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    const orderId = (await page.getByText(/Your order number is #\d+/).textContent())!.match(/#(\d+)/)![1]!;
    expect(scripts).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('sefer:cart'))).toBeNull();

    await page.goto('/pending-orders');
    const order = page.locator(`[data-order-id="${orderId}"]`);
    await expect(order).toContainText('Smartphone A15');
    await expect(order).toContainText('Pending delivery');
    expect(await axeProblems(page)).toEqual([]);
    await page.goto('/payment-updates');
    await expect(page.locator('[data-payment-update]')).toHaveCount(1);
    await expect(page.locator('[data-payment-update]')).toContainText(`Payment of 23,700 Birr received for order #${orderId}`);
    expect(await (await page.request.get('/api/orders/pending/')).json()).toMatchObject([
      { id: Number(orderId), product_name: 'Smartphone A15, Bluetooth Speaker', status: 'pending' },
    ]);

    // Not an admin: 403.
    expect((await page.goto('/admin/orders'))?.status()).toBe(403);

    const admin = await adminPage(browser, baseURL!);
    await admin.goto('/admin/orders');
    expect(await axeProblems(admin)).toEqual([]);
    await admin.locator(`[data-order-id="${orderId}"]`).getByRole('button', { name: 'Mark delivered' }).click();
    await expect(admin.getByRole('status')).toContainText(`Order #${orderId} is marked delivered.`);

    await page.goto('/completed-orders');
    await expect(page.locator(`[data-order-id="${orderId}"]`)).toContainText('Delivered');
    await page.goto('/pending-orders');
    await expect(page.getByText('No pending orders.')).toBeVisible();

    await page.goto('/completed-orders');
    await page.locator(`[data-order-id="${orderId}"]`).getByRole('button', { name: 'Request refund' }).click();
    await expect(page.getByRole('status')).toContainText(`Refund requested for order #${orderId}`);
    await page.goto('/refunds');
    await expect(page.getByText('Requested', { exact: true })).toBeVisible();

    await admin.goto('/admin/orders');
    await admin
      .locator('[data-refund-id]')
      .filter({ hasText: `order #${orderId} ` })
      .getByRole('button', { name: 'Approve refund' })
      .click();
    await expect(admin.getByRole('status')).toContainText('approved');
    await admin.context().close();

    await page.goto('/wallet');
    await expect(page.locator('[data-wallet-balance]')).toHaveText('23,700 Birr');
    await page.screenshot({ path: test.info().outputPath('wallet-390.png'), fullPage: true });
    expect(await axeProblems(page)).toEqual([]);
    expect(await (await page.request.get('/api/wallet/')).json()).toMatchObject({ balance: 23700 });
    await page.goto('/payment-updates');
    await expect(page.locator('[data-payment-update]').first()).toContainText('Refund of 23,700 Birr');
    await page.goto('/refunds');
    await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  });

  test('a new account sees the empty texts; a declined card leaves no order', async ({ page }) => {
    // A sign-up by emailed code, six account pages each waited to network idle, then two checkouts:
    // about 30 s on the loaded two-core CI machine, so it has twice the default.
    test.setTimeout(60_000);
    await signUp(page, { email: `declined-${Date.now()}@e2e.test`, firstName: 'Sara' });
    const empty: [string, string][] = [
      ['/payment-updates', 'No recent payment updates.'],
      ['/pending-orders', 'No pending orders.'],
      ['/completed-orders', 'No completed orders.'],
      ['/subscriptions', 'No active subscriptions.'],
      ['/refunds', 'No refund requests found.'],
      ['/wallet', '0 Birr'],
    ];
    for (const [path, text] of empty) {
      const scripts = collectScriptRequests(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      expect(scripts, path).toEqual([]);
    }

    await openShop(page);
    await buy(page, 'Tablet 10"');
    await page.getByRole('button', { name: 'Checkout with card' }).click();
    await expect(page).toHaveURL(/\/checkout\/chk_/);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout\/chk_/);
    await payWith(page, '5555 5555 5555 4444');
    await expect(page.getByText(/^Your card number is not a test card/)).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    await page.goto('/pending-orders');
    await expect(page.getByText('No pending orders.')).toBeVisible();
    expect(await (await page.request.get('/api/orders/pending/')).json()).toEqual([]);
    await page.goto('/payment-updates');
    await expect(page.locator('[data-payment-update]')).toContainText('declined');

    // Cancel goes back with the cart kept.
    await openShop(page);
    await page.getByRole('button', { name: 'Checkout with card' }).click();
    await expect(page).toHaveURL(/\/checkout\/chk_/);
    await page.getByRole('link', { name: 'Cancel and return to the shop' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
    await openShop(page);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText('Tablet 10"');
  });

  test('a plan bought through the same checkout becomes a subscription that can be cancelled', async ({ page }) => {
    await signUp(page, { email: `plan-${Date.now()}@e2e.test`, firstName: 'Hana' });
    await openShop(page);
    await page.locator('#plans li').first().getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('button', { name: 'Checkout with card' }).click();
    await payWith(page, '4242424242424242');
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await page.goto('/subscriptions');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    expect(await (await page.request.get('/api/subscriptions/')).json()).toMatchObject([{ status: 'active' }]);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText('No active subscriptions.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cancelled' })).toBeVisible();
  });
});
