import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LISTING_MESSAGES as M } from '#features/listings/listing-messages.ts';
import { axeProblems, fillListingForm, openWithIsland, signedInPage, tinyPng, waitForIslands } from './support.ts';

/** Collects the texts of every dialog (alert) and accepts it. */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

test.describe('the listing form', () => {
  test.use({ geolocation: { latitude: 9.0107934, longitude: 38.7612526 }, permissions: ['geolocation'] });

  test('renders every field of spec 2.5 with a label', async ({ page }) => {
    await openWithIsland(page, '/form');
    await expect(page).toHaveTitle('Add your business · Sefer');
    await expect(page.getByRole('heading', { level: 1, name: 'ADD Your Business' })).toBeVisible();
    const fields: Array<[label: string, name: string]> = [
      ['Email', 'email'],
      ['Product or service name', 'product_name'],
      ['Company name', 'company_name'],
      ['Company logo or profile photo', 'profile_photo'],
      ['Product photo', 'product_photo'],
      ['More images', 'uploaded_images'],
      ['Product video', 'product_video'],
      ['Category', 'category'],
      ['Description', 'description'],
      ['Discount Duration (days)', 'discount_duration'],
      ['Discount Start Date', 'discount_start_date'],
      ['Location', 'location'],
      ['Latitude', 'latitude'],
      ['Longitude', 'longitude'],
      ['Telegram', 'contact_telegram'],
      ['Second messenger link', 'contact_tick'],
      ['Website', 'web_site'],
      ['Phone number', 'contact_phone'],
    ];
    for (const [label, name] of fields) {
      await expect(page.getByLabel(label, { exact: false }).first(), label).toHaveAttribute('name', name);
    }
    await expect(page.getByLabel('Discount', { exact: true })).toHaveAttribute('name', 'discount');
    for (const name of ['profile_photo', 'product_photo', 'uploaded_images']) {
      await expect(page.locator(`input[name=${name}]`)).toHaveAttribute('accept', 'image/*');
    }
    await expect(page.locator('input[name=uploaded_images]')).toHaveAttribute('multiple', '');
    await expect(page.locator('input[name=product_video]')).toHaveAttribute('accept', 'video/*');
    await expect(page.getByLabel('Latitude')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Longitude')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Phone number')).toHaveAttribute('type', 'tel');
    await expect(page.getByText('Your Telegram link or @username')).toBeVisible();
    // A visitor types their own email; the options come from the shared lists.
    await expect(page.getByLabel('Email')).toBeEditable();
    await expect(page.getByLabel('Category').locator('option[value=photography]')).toHaveCount(1);
    await expect(page.getByLabel('Discount', { exact: true }).locator('option')).toHaveText([
      'Choose a discount',
      'Waiting',
      '5%',
      '10%',
      '15%',
      '20%',
      '30%',
      '40%',
      '50%',
    ]);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('an empty submit shows the first rule and marks every missing field', async ({ page }) => {
    await openWithIsland(page, '/form');
    await page.getByRole('button', { name: 'Submit' }).click();
    const message = page.getByRole('alert').filter({ hasText: '❌' });
    await expect(message).toHaveText('❌ Please select a category.');
    await expect(page.getByLabel('Category')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Category')).toBeFocused();
    await expect(page.getByLabel('Phone number')).toHaveAttribute('aria-describedby', 'lf-contact_phone-error');
    await expect(page.locator('#lf-contact_phone-error')).toHaveText(M.phone);
    await expect(page.locator('#lf-profile_photo-error')).toHaveText(M.logo);
    // Fixing a field clears its own message; the notice goes after 3 s.
    await page.getByLabel('Category').selectOption('photography');
    await expect(page.getByLabel('Category')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveCount(0, { timeout: 5000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('❌ Please select a discount.');
  });

  test('waiting disables the two day fields and empties them', async ({ page }) => {
    await openWithIsland(page, '/form');
    const duration = page.getByLabel('Discount Duration (days)');
    const start = page.getByLabel('Discount Start Date');
    await duration.fill('5');
    await page.getByLabel('Discount', { exact: true }).selectOption('waiting');
    await expect(duration).toBeDisabled();
    await expect(start).toBeDisabled();
    await expect(duration).toHaveValue('');
    await page.getByLabel('Discount', { exact: true }).selectOption('10');
    await expect(duration).toBeEnabled();
    await expect(start).toBeEnabled();
  });

  test('only one of duration and start date can be filled', async ({ page }) => {
    const alerts = collectAlerts(page);
    await openWithIsland(page, '/form');
    await page.getByLabel('Discount Duration (days)').fill('5');
    await page.getByLabel('Discount Start Date').pressSequentially('3');
    await expect.poll(() => alerts).toEqual([M.onlyOneDay]);
    await expect(page.getByLabel('Discount Duration (days)')).toHaveValue('5');
    await expect(page.getByLabel('Discount Start Date')).toHaveValue('');
  });

  test('the picker takes up to 6 images and ignores a whole pick that goes over, each removable', async ({ page }) => {
    const alerts = collectAlerts(page);
    await openWithIsland(page, '/form');
    const picker = page.getByLabel('More images');
    const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    // Spec 5: more than the limit shows the alert and the pick is ignored, whole.
    await picker.setInputFiles(Array.from({ length: 7 }, (_, i) => tinyPng(`extra-${i + 1}.png`)));
    await expect.poll(() => alerts).toEqual(['You can upload a maximum of 6 images.']);
    await expect(chosen).toHaveCount(0);
    await picker.setInputFiles(Array.from({ length: 4 }, (_, i) => tinyPng(`extra-${i + 1}.png`)));
    await expect(chosen).toHaveCount(4);
    // With 4 chosen, adding 3 keeps none of them (it used to keep 2).
    await picker.setInputFiles([tinyPng('x.png'), tinyPng('y.png'), tinyPng('z.png')]);
    await expect.poll(() => alerts).toHaveLength(2);
    await expect(chosen).toHaveCount(4);
    await picker.setInputFiles([tinyPng('x.png'), tinyPng('y.png')]);
    await expect(chosen).toHaveCount(6);
    await expect(page.getByText('6 of 6 chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await expect(chosen).toHaveCount(5);
    await picker.setInputFiles([tinyPng('w.png')]);
    await expect(chosen).toHaveCount(6);
    expect(alerts).toHaveLength(2);
  });

  test('Use My Current Location fills 6-decimal coordinates', async ({ page }) => {
    await openWithIsland(page, '/form');
    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await expect(page.getByLabel('Latitude')).toHaveValue('9.010793');
    await expect(page.getByLabel('Longitude')).toHaveValue('38.761253');
  });

  test('a signed-out visitor is asked to sign up; nothing is sent and nothing is lost', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/products')) posts.push(r.url());
    });
    await openWithIsland(page, '/form');
    await fillListingForm(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const notice = page.getByRole('alert');
    await expect(notice.getByText('Account not created. Please sign up', { exact: true })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?next=/form%3Fresume%3D1');
    expect(posts).toEqual([]);
    // The listing is kept in this browser with its files, for sending after sign-in.
    const kept = await page.evaluate(
      () =>
        new Promise<{ product_name?: string; logo?: string; images: number }>((resolve, reject) => {
          const open = indexedDB.open('sefer-listing-form', 1);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('pending').objectStore('pending').get('listing');
            get.onsuccess = () => {
              const v = get.result as { text: { product_name?: string }; logo: File | null; images: File[] };
              resolve({ product_name: v.text.product_name, logo: v.logo?.name, images: v.images.length });
            };
          };
        }),
    );
    expect(kept).toEqual({ product_name: 'Roasted coffee beans', logo: 'logo.png', images: 2 });
    // A reload brings the text and the chosen files back.
    await openWithIsland(page, '/form');
    await expect(page.getByLabel('Product or service name')).toHaveValue('Roasted coffee beans');
    await expect(page.getByRole('button', { name: 'Remove the logo' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem')).toHaveCount(2);
    // Back from sign-in still signed out: the form is shown as kept, and not sent.
    await openWithIsland(page, '/form?resume=1');
    await expect(page.getByLabel('Telegram')).toHaveValue('@abebe_coffee');
    await expect(page).toHaveURL(/\/form$/);
    expect(posts).toEqual([]);
  });

  test('reloading keeps what was typed', async ({ page }) => {
    await openWithIsland(page, '/form');
    await page.getByLabel('Product or service name').fill('Injera baskets');
    await page.getByLabel('Description').fill('Hand-woven, two sizes.');
    await page.getByLabel('Discount', { exact: true }).selectOption('15');
    await page.getByLabel('Discount Start Date').fill('4');
    await page.getByLabel('Telegram').fill('t.me/mesob_crafts');
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByLabel('Product or service name')).toHaveValue('Injera baskets');
    await expect(page.getByLabel('Description')).toHaveValue('Hand-woven, two sizes.');
    await expect(page.getByLabel('Discount', { exact: true })).toHaveValue('15');
    await expect(page.getByLabel('Discount Start Date')).toHaveValue('4');
    await expect(page.getByLabel('Telegram')).toHaveValue('t.me/mesob_crafts');
  });

  test('a video over 30 seconds is refused and cleared', async ({ page }) => {
    const ffmpeg = ffmpegPath();
    // ffmpeg is an optional package: skipped where it is not built, but in CI (.ci/run's `npm ci`
    // installs it) a missing one is a broken install, so there the test fails.
    const missing = 'no ffmpeg: the optional package @ffmpeg-installer/ffmpeg is not installed here';
    test.skip(ffmpeg === null && process.env.CI !== 'true', missing);
    expect(ffmpeg, missing).not.toBeNull();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sefer-form-video-'));
    const clip = (seconds: number) => {
      const file = path.join(dir, `clip-${seconds}s.webm`);
      execFileSync(ffmpeg!, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=green:s=32x32:r=1:d=${seconds}`,
        '-c:v',
        'libvpx',
        '-b:v',
        '10k',
        file,
      ]);
      return file;
    };
    const alerts = collectAlerts(page);
    await openWithIsland(page, '/form');
    const input = page.getByLabel('Product video');
    await input.setInputFiles(clip(31));
    await expect.poll(() => alerts).toEqual([M.videoTooLong]);
    await expect(input).toHaveJSProperty('value', '');
    await input.setInputFiles(clip(5));
    await expect(page.getByRole('button', { name: 'Remove video' })).toBeVisible();
    expect(alerts).toHaveLength(1);
  });

  test('has no serious or critical axe violations, before and after an error', async ({ page }) => {
    await openWithIsland(page, '/form');
    const serious = () => axeProblems(page);
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('❌ Please select a category.');
    expect(await serious()).toEqual([]);
  });
});

test.describe('the listing form without the phone’s location', () => {
  test('a seller whose phone refuses location places the business at a well-known place and submits', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const { context, page } = await signedInPage(browser, baseURL!);
    await context.clearPermissions();
    const alerts = collectAlerts(page);
    await openWithIsland(page, '/form');
    await page.getByLabel('Product or service name').fill(`Macchiato ${Date.now()}`);
    await page.getByLabel('Company name').fill('Edna Coffee');
    await page.getByLabel('Category').selectOption('foods');
    await page.getByLabel('Description').fill('Macchiato and fresh juice by Edna Mall.');
    await page.getByLabel('Company logo or profile photo').setInputFiles(tinyPng('logo.png'));
    await page.getByLabel('Product photo').setInputFiles(tinyPng('photo.png'));
    await page.getByLabel('Discount', { exact: true }).selectOption('10');
    await page.getByLabel('Discount Duration (days)').fill('3');
    await page.getByLabel('Location').fill('Bole, Edna Mall ground floor');
    await page.getByLabel('Telegram').fill('@edna_coffee');
    await page.getByLabel('Phone number').fill('+251 91 765 4321');

    await page.getByRole('button', { name: 'Use My Current Location' }).click();
    await expect.poll(() => alerts).toEqual([M.geoFailed]);
    const place = page.getByRole('combobox', { name: 'Pick the neighbourhood' });
    await expect(place).toBeFocused();
    await place.fill('edna');
    await page.getByRole('option', { name: 'Edna Mall' }).click();
    await expect(page.locator('#lf-place-chosen')).toHaveText('Near Edna Mall');
    await expect(page.getByLabel('Latitude')).toHaveValue('8.998400');
    await expect(page.getByLabel('Longitude')).toHaveValue('38.789300');
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(M.success)).toBeVisible();
    await expect(page.getByLabel('Latitude')).toHaveValue('');
    await context.close();
  });
});

function ffmpegPath(): string | null {
  try {
    return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return null;
  }
}
