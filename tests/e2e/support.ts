/**
 * Shared end-to-end helpers: accounts (sign-up, sign-in, the admin made once by global-setup.ts),
 * the outbox (emailed codes), islands (waiting for hydration), the listing form and API, servers of
 * a spec's own, accessibility, and the clock.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The phone-sized viewport of every context a helper opens (as in playwright.config.ts). */
const VIEWPORT = { width: 390, height: 844 };

/** Records every script file a page loads (inline scripts are not files). */
export function collectScriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname)) scripts.push(url);
  });
  return scripts;
}

// ── Islands ──────────────────────────────────────────────────────────────────────────────────────

/** Waits until the page's islands are hydrated (Astro drops `ssr` from an island then). */
export async function waitForIslands(page: Page, count = 1): Promise<void> {
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(count);
}

/** Opens a page with one island (the listing form, the cart) and waits until it is hydrated. */
export async function openWithIsland(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForIslands(page);
}

// ── The outbox ───────────────────────────────────────────────────────────────────────────────────

/** The e2e server writes every email to DATA_DIR/outbox as an .eml file. */
const outbox = () => path.join(process.env.SEFER_E2E_DATA!, 'outbox');

/** Every email sent to `email` since `after` (ms), oldest name first. */
export async function mailsTo(email: string, after = 0): Promise<string[]> {
  const texts: string[] = [];
  for (const file of (await readdir(outbox()).catch(() => [] as string[])).sort()) {
    const text = await readFile(path.join(outbox(), file), 'utf8');
    const stamp = Date.parse(/^Date: (.+)$/m.exec(text)?.[1] ?? '') || 0;
    if (text.includes(`To: ${email}`) && stamp >= after - 1000) texts.push(text);
  }
  return texts;
}

/** Every email sent to `email` since `after`, joined. */
export async function mailTo(email: string, after = 0): Promise<string> {
  return (await mailsTo(email, after)).join('\n');
}

/** The newest 6-digit code emailed to `email` since `after`, once it is in the outbox. */
export async function codeFor(email: string, after = 0): Promise<string> {
  const newestCode = async () => {
    const codes = (await mailsTo(email, after)).map((text) => /code is (\d{6})/.exec(text)?.[1]).filter(Boolean);
    return codes.at(-1) ?? '';
  };
  await expect.poll(newestCode, { message: `a code emailed to ${email}`, timeout: 5000 }).toMatch(/^\d{6}$/);
  return newestCode();
}

// ── Accounts ─────────────────────────────────────────────────────────────────────────────────────

let counter = 0;
/** A unique email for one test's account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${process.pid}-${Date.now()}-${counter++}@e2e.test`;
}

/** Signs up through the real screens (details, then the emailed code) and lands signed in. */
export async function signUp(page: Page, options: { email?: string; firstName?: string; lastName?: string; password?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const started = Date.now();
  await page.goto('/signup');
  await page.getByLabel('First name').fill(options.firstName ?? 'Hana');
  await page.getByLabel('Last name').fill(options.lastName ?? 'Tesfaye');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(options.password ?? 'correct-horse-9');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await codeFor(email, started));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  return email;
}

/** Makes an account in a throwaway page (the test's own page stays signed out); returns its email. */
export async function createAccount(browser: Browser, baseURL: string, options: Parameters<typeof signUp>[1] = {}): Promise<string> {
  const setup = await browser.newPage({ baseURL });
  const email = await signUp(setup, options);
  await setup.close();
  return email;
}

/** Fills and sends the sign-in form; the caller checks the outcome (success, an error, a 429). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the sign-in page and waits for its success message. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(page.getByText('Sign-in Successful! Redirecting...')).toBeVisible();
}

/** A new phone-sized browser context. */
export function newPhoneContext(browser: Browser, baseURL: string, storageState?: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: VIEWPORT, storageState });
}

/** A new browser context signed in as a new (or the given) account. */
export async function signedInPage(browser: Browser, baseURL: string, options: Parameters<typeof signUp>[1] = {}) {
  const context = await newPhoneContext(browser, baseURL);
  const page = await context.newPage();
  const email = await signUp(page, options);
  // Leave /welcome now: its 3 s refresh would otherwise abort whatever the test opens next.
  await page.goto('/');
  return { context, page, email };
}

/** The one admin account of the e2e server (ADMIN_EMAILS in playwright.config.ts). */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-1' };

/** The admin's signed-in browser state, written once per run by global-setup.ts. */
export function adminStatePath(): string {
  return `${process.env.SEFER_E2E_DATA!}-admin-state.json`;
}

/** A page signed in as the admin (the session global-setup.ts made); close its context when done. */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await newPhoneContext(browser, baseURL, adminStatePath());
  return context.newPage();
}

// ── The listing form ─────────────────────────────────────────────────────────────────────────────

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

// A valid 1×1 PNG: the form previews it like a photo from the phone's gallery.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A 1×1 PNG file for a file field. */
export const tinyPng = (name: string): FilePayload => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

/** Where the deals that tests post through the API are. */
export const PLACES = {
  bole: { location: 'Bole', latitude: '8.99', longitude: '38.78' },
  piassa: { location: 'Piassa', latitude: '9.03', longitude: '38.75' },
  merkato: { location: 'Merkato', latitude: '9.03', longitude: '38.74' },
  kazanchis: { location: 'Kazanchis', latitude: '9.02', longitude: '38.76' },
};

/**
 * The text fields of a valid foods deal for the listing API (`/api/products/`): `product` by
 * `company` (whose first two words make its Telegram handle), in Bole; `more` replaces any of them.
 */
export function dealFields(product: string, company: string, more: Record<string, string> = {}): Record<string, string> {
  const handle = company.toLowerCase().split(' ').slice(0, 2).join('_');
  return {
    product_name: product,
    company_name: company,
    category: 'foods',
    discount: '10',
    discount_duration: '3',
    description: product,
    ...PLACES.bole,
    contact_telegram: `@${handle}`,
    contact_phone: '0911000000',
    ...more,
  };
}

/** A foods deal in Piassa posted through the listing API of the server at `base` by `request`'s account: its id (pending review). */
export async function postFoodsDeal(request: APIRequestContext, base: string, productName: string, image: FilePayload): Promise<number> {
  const fields = dealFields(productName, 'Piassa Kitchen', {
    ...PLACES.piassa,
    discount: '15',
    discount_duration: '20',
    description: 'Fresh every morning.',
    contact_phone: '0911000002',
  });
  const created = await request.post(`${base}/api/products/`, {
    headers: { Origin: base },
    multipart: { ...fields, profile_photo: image, product_photo: image },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Posts a deal (`fields`, with `photo` as its logo and photo) through the listing API as `seller`, and `admin` verifies it: its id. */
export async function postVerifiedDeal(
  seller: Page,
  admin: Page,
  baseURL: string,
  fields: Record<string, string>,
  photo: FilePayload,
): Promise<number> {
  const headers = { Origin: baseURL };
  const created = await seller.request.post('/api/products/', {
    headers,
    multipart: { ...fields, profile_photo: photo, product_photo: photo },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await admin.request.post(`/api/admin/listings/${id}/`, { headers, data: { verdict: 'verify' } })).status()).toBe(200);
  return id;
}

export interface ListingFormValues {
  /** null leaves the field as it is (a signed-in seller's form is already filled). */
  email: string | null;
  productName: string;
  companyName: string;
  category: string;
  description: string;
  logo: FilePayload;
  photo: FilePayload;
  moreImages: FilePayload[];
  discount: string;
  durationDays: string;
  location: string;
  telegram: string;
  phone: string;
  website: string | null;
}

export const LISTING_FORM_DEFAULTS: ListingFormValues = {
  email: 'seller@example.com',
  productName: 'Roasted coffee beans',
  companyName: 'Abebe Coffee',
  category: 'foods',
  description: 'Fresh Yirgacheffe beans, roasted every morning.',
  logo: tinyPng('logo.png'),
  photo: tinyPng('photo.png'),
  moreImages: [tinyPng('a.png'), tinyPng('b.png')],
  discount: '20',
  durationDays: '7',
  location: 'Bole, near Edna Mall',
  telegram: '@abebe_coffee',
  phone: '+251 91 123 4567',
  website: 'abebe.example.com',
};

/**
 * Fills every field of a valid listing on the hydrated form (coordinates come from the location
 * button: the test grants geolocation).
 */
export async function fillListingForm(page: Page, values: Partial<ListingFormValues> = {}): Promise<void> {
  const v = { ...LISTING_FORM_DEFAULTS, ...values };
  if (v.email !== null) await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Product or service name').fill(v.productName);
  await page.getByLabel('Company name').fill(v.companyName);
  await page.getByLabel('Category').selectOption(v.category);
  await page.getByLabel('Description').fill(v.description);
  await page.getByLabel('Company logo or profile photo').setInputFiles(v.logo);
  await page.getByLabel('Product photo').setInputFiles(v.photo);
  await page.getByLabel('More images').setInputFiles(v.moreImages);
  await page.getByLabel('Discount', { exact: true }).selectOption(v.discount);
  await page.getByLabel('Discount Duration (days)').fill(v.durationDays);
  await page.getByLabel('Location').fill(v.location);
  await page.getByRole('button', { name: 'Use My Current Location' }).click();
  await expect(page.getByLabel('Latitude')).not.toHaveValue('');
  await page.getByLabel('Telegram').fill(v.telegram);
  await page.getByLabel('Phone number').fill(v.phone);
  if (v.website !== null) await page.getByLabel('Website').fill(v.website);
}

// ── Servers of a spec's own ───────────────────────────────────────────────────────────────────────

/** Starts `scripts/start.mjs` with `env` added to this process's: the child, its readiness ("Sefer is ready"; rejects if it exits first) and all it printed. */
export function startSefer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Sefer is ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  return { child, ready, output: () => output };
}

// ── Accessibility and the account lists ──────────────────────────────────────────────────────────

/** Serious and critical accessibility problems on the page, as readable lines. */
export async function axeProblems(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** The JSON lists of a signed-in account (paged, each says in x-has-more whether more follow). */
export const ACCOUNT_LIST_APIS = [
  '/api/payment-updates/',
  '/api/orders/pending/',
  '/api/orders/completed/',
  '/api/wallet/',
  '/api/subscriptions/',
  '/api/refunds/',
];

// ── The clock ────────────────────────────────────────────────────────────────────────────────────

/**
 * Waits, if need be, until at least `needMs` are left in the current clock minute: limits that
 * count per minute then see a whole burst in one window.
 */
export async function untilRoomInMinute(needMs: number): Promise<void> {
  const left = () => 60_000 - (Date.now() % 60_000);
  await expect.poll(left, { message: `${needMs} ms left in the minute`, timeout: 61_000, intervals: [250] }).toBeGreaterThanOrEqual(needMs);
}

/** The admin's queue entry of listing `id`, on whichever page of the queue it is. */
export async function queueEntry(admin: Page, id: number) {
  for (let n = 1; n <= 20; n++) {
    await admin.goto(`/admin?page=${n}`);
    const entry = admin.locator(`[data-listing-id="${id}"]`);
    if ((await entry.count()) > 0) return entry;
  }
  throw new Error(`listing ${id} is not in the admin's queue`);
}
