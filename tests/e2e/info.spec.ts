import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { collectScriptRequests } from './support.ts';

/** Every informational page and its one h1. */
const PAGES: readonly (readonly [path: string, h1: string])[] = [
  ['/aboutus', 'Buy what you need at the best value'],
  ['/terms', 'Terms of use'],
  ['/privacy', 'Privacy policy'],
  ['/contact-us', 'Contact us'],
  ['/language', 'Choose your language'],
  ['/brands', 'Featured brands'],
  ['/customerservices', 'Customer service'],
  ['/technologymethods', 'Technology tips for sellers'],
  ['/notifications', 'Announcements'],
  ['/track-order', 'Track your order'],
  ['/shipping-info', 'Shipping and delivery'],
  ['/returns-refunds', 'Returns and refunds'],
  ['/helpcenter', 'Help centre'],
  ['/chat', 'Chat with sellers'],
  ['/new-advantages', 'Why sell on Sefer'],
  ['/payment-methods', 'Payment methods'],
];

for (const [path, h1] of PAGES) {
  test(`${path} answers 200 with its heading, a description and no JavaScript file`, async ({ page }) => {
    const scripts = collectScriptRequests(page);
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(/ · Sefer$/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(50);
    expect(scripts).toEqual([]);
  });
}

test('the informational pages link only to their own site or to pages that exist', async ({ page }) => {
  // Every informational page and every link on them: 22 s on the loaded CI machine.
  test.setTimeout(60_000);
  // Pages owned by this branch must answer; other spec routes may still be in progress elsewhere.
  const ours = new Set(PAGES.map(([path]) => path));
  for (const [path] of PAGES) {
    await page.goto(path);
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) {
      expect(href, `${path} links to ${href}`).toMatch(/^(\/|#)/);
      const target = href.split('#')[0]!;
      if (ours.has(target)) expect((await page.request.get(target)).status(), `${path} → ${href}`).toBe(200);
    }
  }
});

test('the privacy policy has 9 numbered sections and is not for children under 13', async ({ page }) => {
  await page.goto('/privacy');
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(9);
  const titles = await sections.allTextContents();
  titles.forEach((title, index) => expect(title).toMatch(new RegExp(`^${index + 1}\\. `)));
  await expect(page.getByText('Sefer is not for children under 13.')).toBeVisible();
});

test('/contactus redirects permanently to /contact-us', async ({ page, request }) => {
  const response = await request.get('/contactus', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/contact-us');
  await page.goto('/contactus');
  expect(new URL(page.url()).pathname).toBe('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
});

test('the language picker offers English and Amharic, each named in its own language', async ({ page }) => {
  await page.goto('/language');
  await expect(page.getByRole('main').getByRole('button')).toHaveText([/English/, /አማርኛ/]);
  await expect(page.getByRole('button', { name: /አማርኛ/ })).toHaveAttribute('lang', 'am');
  // A language we do not have changes nothing.
  await page.goto('/language?set=fr');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your language');
});

test('the help centre answers questions in native disclosure widgets', async ({ page }) => {
  await page.goto('/helpcenter');
  const question = page.getByText('Why can I not see prices on listings?');
  const answer = page.getByText(/Tap "Contact on Telegram" on a listing/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
});

test('the brands page shows a sample of 5 brands without loading any image', async ({ page }) => {
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image' && !r.url().endsWith('/favicon.svg')) images.push(r.url());
  });
  await page.goto('/brands', { waitUntil: 'networkidle' });
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(5);
  expect(images).toEqual([]);
});

test('the payment methods page lists placeholder cards and says Sefer does not store cards', async ({ page }) => {
  await page.goto('/payment-methods');
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await expect(page.getByText('Mastercard •••• 4444')).toBeVisible();
  await expect(page.getByText('Sefer does not store your cards.')).toBeVisible();
});

// ---------------------------------------------------------------------------
// The contact form, with and without JavaScript
// ---------------------------------------------------------------------------

const REQUIRED = ['Name is required', 'Email is required', 'Subject is required', 'Message is required'];
const THANKS = 'Thank you! Your message has been sent. We will get back to you soon.';

async function expectEmptyForm(page: Page) {
  for (const label of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
}

function contactFormTests() {
  test('an empty submission shows the four required messages and no email format error', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL('/contact-us');
    for (const text of REQUIRED) await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid email address')).toHaveCount(0);
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('an invalid email is reported and what was typed is kept', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Name', { exact: true }).fill('Abebe Kebede');
    await page.getByLabel('Email', { exact: true }).fill('abebe-at-example');
    await page.getByLabel('Subject', { exact: true }).fill('Listing question');
    await page.getByLabel('Message', { exact: true }).fill('Is the <b>bread</b> offer still on?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(/Invalid email address/);
    for (const text of REQUIRED) await expect(page.getByText(text, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Abebe Kebede');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('abebe-at-example');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Listing question');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Is the <b>bread</b> offer still on?');
  });

  test('a valid message shows the thank-you and an empty form, and a reload does not resend it', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('Name', { exact: true }).fill('  Selam Tesfaye ');
    await page.getByLabel('Email', { exact: true }).fill('selam@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Partnership');
    await page.getByLabel('Message', { exact: true }).fill('ሰላም! We would like to list our bakery in Bole.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText(THANKS);
    await expectEmptyForm(page);
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    expect(reloaded?.request().method()).toBe('GET');
    await expectEmptyForm(page);
  });
}

test.describe('contact form with JavaScript', () => {
  contactFormTests();

  test('an error clears as soon as its field is edited', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    const name = page.getByLabel('Name', { exact: true });
    await expect(page.getByText('Name is required')).toBeVisible();
    await name.pressSequentially('A');
    await expect(page.getByText('Name is required')).toBeHidden();
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Email is required')).toBeVisible();
  });
});

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  contactFormTests();
});

test('the contact page answers bad posts with errors, never a crash', async ({ request, baseURL }) => {
  const headers = { Origin: baseURL! };
  const empty = await request.post('/contact-us', { headers, form: {} });
  expect(empty.status()).toBe(422);
  expect(await empty.text()).toContain('Name is required');
  const json = await request.post('/contact-us', { headers, data: { name: 'x' } });
  expect(json.status()).toBeLessThan(500);
  const tooLong = await request.post('/contact-us', {
    headers,
    form: { name: 'A', email: 'a@example.com', subject: 'S', message: 'm'.repeat(5001) },
  });
  expect(tooLong.status()).toBe(422);
  expect(await tooLong.text()).toContain('Message must be 5,000 characters or fewer');
});

test('the informational pages have no serious accessibility violations', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of [...PAGES.map(([p]) => p), '/am/language']) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  // The contact form with its errors shown.
  await page.goto('/contact-us');
  await page.getByRole('button', { name: 'Send message' }).click();
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
