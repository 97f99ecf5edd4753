/**
 * Chapa and promoted listings end to end: a server of its own, configured with Chapa keys and
 * pointed at the local fake Chapa (tests/fakes/chapa-server.ts), which shows its hosted page to the
 * browser, calls back and sends signed webhooks. A buyer pays for two products, is declined, waits;
 * a seller promotes a deal and finds it first on its category page, labelled, until an admin ends
 * it, and again until its days run out (the server restarted days later).
 */
import type { ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_NOW } from '../../playwright.config.ts';
import { FakeChapa } from '#tests/fakes/chapa-server.ts';
import { collectScriptRequests, newPhoneContext, postFoodsDeal, signUp, startSefer, waitForIslands } from './support.ts';

const PORT = 4341;
const BASE = `http://localhost:${PORT}`;
const ADMIN_EMAIL = 'chapa-admin@e2e.test';
const DAY = 86_400_000;
const fake = new FakeChapa({
  secretKey: 'CHASECK_TEST-e2eKey',
  webhookSecret: 'e2e-webhook-secret',
  webhookUrl: `${BASE}/api/chapa/webhook`,
  notifyOnPay: { callback: true, webhook: true },
});

let dataDir = '';
let server: ChildProcess | undefined;

async function startServer(now: string): Promise<void> {
  const sefer = startSefer({
    PORT: String(PORT),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    ADMIN_EMAILS: ADMIN_EMAIL,
    RATE_LIMIT_SCALE: '20',
    SEFER_NOW: now,
    CHAPA_SECRET_KEY: fake.options.secretKey,
    CHAPA_WEBHOOK_SECRET: fake.options.webhookSecret,
    CHAPA_API_BASE: fake.url,
  });
  await sefer.ready;
  server = sefer.child;
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await fake.start();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-chapa-'));
  // The main e2e server's rendered demo media (not rendered again), and its outbox (emailed codes).
  await cp(path.join(process.env.SEFER_E2E_DATA!, 'media'), path.join(dataDir, 'media'), { recursive: true });
  await mkdir(path.join(process.env.SEFER_E2E_DATA!, 'outbox'), { recursive: true });
  await symlink(path.join(process.env.SEFER_E2E_DATA!, 'outbox'), path.join(dataDir, 'outbox'));
  await startServer(E2E_NOW);
});

test.afterAll(async () => {
  await stopServer();
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function newPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context =
    options.javaScriptEnabled === false
      ? await browser.newContext({ baseURL: BASE, javaScriptEnabled: false })
      : await newPhoneContext(browser, BASE);
  return context.newPage();
}

const productCard = (page: Page, name: string) =>
  page.locator('li[data-product]').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function addToCart(page: Page, name: string) {
  await productCard(page, name).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('list', { name: 'Items in your cart' }).getByText(name, { exact: true })).toBeVisible();
}

const txRefOf = (url: string) => {
  const token = new URL(url).pathname.split('/').at(-1)!;
  return [...fake.transactions.values()].find((t) => t.token === token)!.txRef;
};

test('a buyer pays for two products with Chapa, is declined, and waits while Chapa confirms', { tag: '@slow' }, async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  await signUp(page, { firstName: 'Abebe', lastName: 'Bikila' });
  await page.goto('/shop');
  await waitForIslands(page);
  await addToCart(page, 'Smartphone A15');
  await addToCart(page, 'Bluetooth Speaker');
  await page.getByRole('button', { name: 'Pay with telebirr, CBE Birr or card' }).click();

  // Chapa's hosted page, for the amount from the database.
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/payment/`));
  await expect(page.getByRole('heading', { name: 'Pay 23700 ETB to Sefer' })).toBeVisible();
  const paidRef = txRefOf(page.url());
  expect(fake.transaction(paidRef)).toMatchObject({ firstName: 'Abebe', lastName: 'Bikila', currency: 'ETB', amount: '23700' });
  await page.getByRole('button', { name: 'Pay with telebirr' }).click();

  // Back at Sefer: paid (Chapa called back and sent its signed webhook first), one order.
  await expect(page).toHaveURL(/\/success\?session_id=chk_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('23,700 Birr').first()).toBeVisible();
  expect(fake.notifications.filter((n) => n.txRef === paidRef).map((n) => [n.kind, n.status])).toEqual([
    ['callback', 200],
    ['webhook', 200],
  ]);
  // The webhook delivered twice more changes nothing.
  for (let i = 0; i < 2; i++) expect((await fake.sendWebhook(paidRef)).status).toBe(200);
  await page.goto('/pending-orders');
  await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toHaveCount(1);
  await expect(page.getByText('Smartphone A15', { exact: true })).toBeVisible();
  await expect(page.getByText('Bluetooth Speaker', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('chapa-pending-orders-390.png') });

  // Declined: said so, and the cart is as it was.
  await page.goto('/shop');
  await waitForIslands(page);
  await addToCart(page, 'Smartwatch');
  await page.getByRole('button', { name: 'Pay with telebirr, CBE Birr or card' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your cart' }).click();
  await waitForIslands(page);
  await expect(page.getByRole('list', { name: 'Items in your cart' }).getByText('Smartwatch', { exact: true })).toBeVisible();

  // Cancelled on Chapa's page.
  await page.getByRole('button', { name: 'Pay with telebirr, CBE Birr or card' }).click();
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();

  // Back without paying: the page says Chapa is confirming and refreshes by itself until it is paid.
  await page.goto('/shop');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Pay with telebirr, CBE Birr or card' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/payment/`));
  const waitingRef = txRefOf(page.url());
  const scripts = collectScriptRequests(page);
  await page.getByRole('button', { name: 'Back to the shop without paying' }).click();
  await expect(page.getByRole('heading', { name: 'Confirming your payment' })).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
  fake.settle(waitingRef, 'success');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({ timeout: 10_000 });
  // The waiting page needs no script file to look again.
  expect(scripts).toEqual([]);
  await page.context().close();
});

test('without JavaScript, Buy Now is a form that goes to Chapa', async ({ browser }) => {
  const signedIn = await newPage(browser);
  const email = await signUp(signedIn, {});
  const state = await signedIn.context().storageState();
  await signedIn.context().close();
  const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false, storageState: state });
  const page = await context.newPage();
  const shop = await page.goto('/shop');
  // Chromium's parser still reads <noscript> as text with scripts disabled by CDP: check the HTML.
  expect(await shop!.text()).toContain(
    '<noscript><p class="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">Without JavaScript, Buy Now pays for that one product straight away.</p></noscript>',
  );
  await productCard(page, 'Bluetooth Speaker').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/payment/`));
  await expect(page.getByRole('heading', { name: 'Pay 5200 ETB to Sefer' })).toBeVisible();
  expect(fake.transaction(txRefOf(page.url())).email).toBe(email);
  await page.getByRole('button', { name: 'Pay with telebirr' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await context.close();
});

async function photo(color: string) {
  const buffer = await sharp({ create: { width: 240, height: 180, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name: 'p.png', mimeType: 'image/png', buffer };
}

/** A verified foods deal posted through the API by `page`'s account, verified by the admin. */
async function verifiedDeal(page: Page, admin: Page, productName: string): Promise<number> {
  const image = await photo('#2a7');
  const id = await postFoodsDeal(page.request, BASE, productName, image);
  const verified = await admin.request.post(`/api/admin/listings/${id}/`, { headers: { Origin: BASE }, data: { verdict: 'verify' } });
  expect(verified.status()).toBe(200);
  return id;
}

/** The category page's cards, top to bottom: product name and whether it is labelled Promoted. */
async function foodsPage(page: Page) {
  await page.goto('/food-and-beverages');
  return page
    .locator('main article')
    .evaluateAll((cards) =>
      cards
        .slice(0, 5)
        .map((card) => ({ name: card.querySelector('h2, h3')?.textContent?.trim(), promoted: card.hasAttribute('data-promoted') })),
    );
}

test(
  'a seller promotes a deal, finds it first and labelled, until it ends (by an admin, then by itself)',
  { tag: '@slow' },
  async ({ browser }) => {
    test.setTimeout(180_000);
    const adminPage = await newPage(browser);
    await signUp(adminPage, { email: ADMIN_EMAIL, firstName: 'Admin' });
    const seller = await newPage(browser);
    await signUp(seller, { firstName: 'Tigist', lastName: 'Alemu' });
    const other = await newPage(browser);
    await signUp(other, {});
    // Leave /welcome: its 3 s refresh would otherwise abort the category page opened below.
    for (const page of [adminPage, seller, other]) await page.goto('/');

    const mine = await verifiedDeal(seller, adminPage, 'Tigist Special Injera');
    // A newer deal of the same category comes before it on the page.
    await verifiedDeal(other, adminPage, 'Newer Shiro Plate');
    expect((await foodsPage(seller)).slice(0, 2)).toEqual([
      { name: 'Newer Shiro Plate', promoted: false },
      { name: 'Tigist Special Injera', promoted: false },
    ]);

    // Promote it from My Posts: 3 days, paid through Chapa.
    await seller.goto('/myposts');
    const post = seller.locator(`#post-${mine}`);
    await post.getByText('Promote this deal').click();
    await post.getByLabel('3 days · 150 Birr').check();
    await post.getByRole('button', { name: 'Pay and promote' }).click();
    await expect(seller).toHaveURL(new RegExp(`^${fake.url}/checkout/payment/`));
    await expect(seller.getByRole('heading', { name: 'Pay 150 ETB to Sefer' })).toBeVisible();
    await seller.getByRole('button', { name: 'Pay with telebirr' }).click();
    await expect(seller.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await seller.goto('/myposts');
    await expect(seller.locator(`#post-${mine} [data-promotion-days]`)).toHaveText('Promoted · 3 days left');

    // First on its category page, labelled; not shown twice.
    const promoted = await foodsPage(seller);
    expect(promoted.slice(0, 2)).toEqual([
      { name: 'Tigist Special Injera', promoted: true },
      { name: 'Newer Shiro Plate', promoted: false },
    ]);
    expect(promoted.filter((c) => c.name === 'Tigist Special Injera')).toHaveLength(1);
    await expect(seller.locator('main article[data-promoted]').first().getByText('Promoted', { exact: true })).toBeVisible();
    await seller.screenshot({ path: test.info().outputPath('promoted-category-390.png') });
    // And on the home page's list.
    await seller.goto('/');
    await expect(seller.locator('main article[data-promoted]').first()).toContainText('Tigist Special Injera');

    // The admin sees it and ends it, refunding the unused days (back through Chapa).
    await adminPage.goto('/admin');
    const row = adminPage.locator('[data-promotion-id]').filter({ hasText: 'Tigist Special Injera' });
    await expect(row).toContainText('3 days for 150 Birr');
    await row.getByLabel(/Refund the unused days/).check();
    await row.getByRole('button', { name: 'End promotion' }).click();
    await expect(adminPage.getByText('The promotion was ended.')).toBeVisible();
    expect([...fake.transactions.values()].find((t) => t.amount === '150')!.refunds).toEqual([expect.objectContaining({ amount: '150' })]);
    expect((await foodsPage(seller)).slice(0, 2)).toEqual([
      { name: 'Newer Shiro Plate', promoted: false },
      { name: 'Tigist Special Injera', promoted: false },
    ]);

    // Promoted again for 3 days; four days later (the server restarted with its clock on) it is back in its place.
    await seller.goto('/myposts');
    await seller.locator(`#post-${mine}`).getByText('Promote this deal').click();
    await seller.locator(`#post-${mine}`).getByRole('button', { name: 'Pay and promote' }).click();
    await seller.getByRole('button', { name: 'Pay with telebirr' }).click();
    await expect(seller.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    expect((await foodsPage(seller))[0]).toEqual({ name: 'Tigist Special Injera', promoted: true });

    await stopServer();
    await startServer(new Date(Date.parse(E2E_NOW) + 4 * DAY).toISOString());
    expect((await foodsPage(seller)).slice(0, 2)).toEqual([
      { name: 'Newer Shiro Plate', promoted: false },
      { name: 'Tigist Special Injera', promoted: false },
    ]);
    await seller.goto('/myposts');
    await expect(seller.locator(`#post-${mine} [data-promotion-days]`)).toHaveCount(0);
    for (const p of [adminPage, seller, other]) await p.context().close();
  },
);
