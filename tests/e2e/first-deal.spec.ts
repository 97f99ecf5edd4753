/**
 * Issue 29's timed journey: a shop owner on a 390 px phone posts his first deal with four 12 MP
 * photos, signing up in the middle. The photos are resized in the browser and sent with tus; the
 * seller lands on the page that says his deal was sent. Counted: the taps and fields it takes, the
 * bytes sent (request bodies, on the wire), and that an upload cut halfway resumes without sending
 * its first half again. In English and in Amharic; every step is a screenshot.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { mailsTo, openWithIsland, signedInPage, uniqueEmail } from './support.ts';
import { phonePhoto } from './phone-photos.ts';

const MB = 1024 * 1024;
type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** Four phone photos, made once a worker. */
let photos: FilePayload[] | undefined;
async function fourPhonePhotos(): Promise<FilePayload[]> {
  photos ??= await Promise.all(
    [1, 2, 3, 4].map(async (seed) => ({ name: `IMG_20260310_0${seed}.jpg`, mimeType: 'image/jpeg', buffer: await phonePhoto(seed) })),
  );
  return photos;
}

/**
 * What the page sent to the upload and listing endpoints, counted from what the server answered:
 * a tus part carries the bytes between its request's Upload-Offset and the offset the server
 * answers (a part cut off before it arrived carries none); the listing's post, its multipart body.
 */
function countUploads(page: Page) {
  const sent = { uploadBytes: 0, listingBytes: 0, patches: [] as { url: string; offset: number; bytes: number }[] };
  page.on('response', (response: Response) => {
    const request = response.request();
    if (/\/api\/uploads\//.test(request.url()) && request.method() === 'PATCH' && response.ok()) {
      const offset = Number(request.headers()['upload-offset']);
      const bytes = Number(response.headers()['upload-offset']) - offset;
      sent.patches.push({ url: request.url(), offset, bytes });
      sent.uploadBytes += bytes;
    } else if (/\/api\/products\/$/.test(request.url()) && request.method() === 'POST') {
      sent.listingBytes += request.postDataBuffer()?.length ?? 0;
    }
  });
  return sent;
}

/** The 6-digit code of the newest email to `email` since `after`, in either language (quoted-printable decoded). */
async function emailedCode(email: string, after: number): Promise<string> {
  const newest = async () => {
    const texts = await mailsTo(email, after);
    const bodies = texts.map((text) => text.slice(text.indexOf('\n\n')).replace(/=\r?\n/g, ''));
    return (
      bodies
        .map((body) => /(?<![=\d])(\d{6})(?!\d)/.exec(body)?.[1])
        .filter(Boolean)
        .at(-1) ?? ''
    );
  };
  await expect.poll(newest, { message: `a code emailed to ${email}`, timeout: 10_000 }).toMatch(/^\d{6}$/);
  return newest();
}

const WORDS = {
  en: {
    prefix: '',
    signUpNotice: 'Account not created. Please sign up',
    haveAccount: 'Already have an account?',
    redirecting: 'Redirecting you to your deal...',
    sent: 'Your deal was sent for checking',
    place: 'edna',
    placeOption: 'Edna Mall',
  },
  am: {
    prefix: '/am',
    signUpNotice: null,
    haveAccount: null,
    redirecting: 'ወደ ቅናሽዎ በማዛወር ላይ...',
    sent: 'ቅናሽዎ ለማረጋገጫ ተልኳል',
    place: 'piyasa',
    placeOption: 'ፒያሳ',
  },
} as const;

for (const lang of ['en', 'am'] as const) {
  const words = WORDS[lang];

  test(`@slow a new seller posts a first deal with four phone photos, signing up in the middle (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const [logo, photo, ...more] = await fourPhonePhotos();
    const original = [logo, photo, ...more].reduce((sum, f) => sum + f!.buffer.length, 0);
    expect(original).toBeGreaterThan(12 * MB); // four 3–5 MB phone photos
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const sent = countUploads(page);
    let taps = 0;
    let fields = 0;
    /** One field the seller fills (typed, chosen or picked), and one tap. */
    const field = async (done: Promise<unknown>) => {
      await done;
      fields++;
    };
    const tap = async (done: Promise<unknown>) => {
      await done;
      taps++;
    };
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`first-deal-${lang}-${name}-390.png`), fullPage: true });
    const product = `Yirgacheffe coffee ${lang} ${Date.now()}`;

    // 1. The form, signed out: what the deal is.
    await openWithIsland(page, `${words.prefix}/form`);
    await field(page.locator('#lf-product_name').fill(product));
    await field(page.locator('#lf-company_name').fill('Abebe Coffee'));
    await field(page.locator('#lf-category').selectOption('foods'));
    await field(page.locator('#lf-description').fill('Fresh Yirgacheffe beans, roasted every morning.'));
    await field(page.locator('input[type=file][name=profile_photo]').setInputFiles(logo!));
    await field(page.locator('input[type=file][name=product_photo]').setInputFiles(photo!));
    await field(page.locator('input[type=file][name=uploaded_images]').setInputFiles(more));
    // The photos are resized when picked: the thumbnails come from the small files.
    await expect(page.locator('[data-chosen-images] > li')).toHaveCount(2, { timeout: 30_000 });
    await field(page.locator('#lf-discount').selectOption('20'));
    await field(page.locator('#lf-discount_duration').fill('7'));
    // 2. The place, in words: the neighbourhood typed and picked.
    await field(page.locator('#lf-place').fill(words.place));
    await tap(page.getByRole('option', { name: words.placeOption }).click());
    await expect(page.locator('#lf-place-chosen')).toContainText(words.placeOption);
    await field(page.locator('#lf-contact_telegram').fill('@abebe_coffee'));
    await field(page.locator('#lf-contact_phone').fill('+251 91 123 4567'));
    await shot('1-form');
    await tap(page.locator('#lf-form button[type=submit]').click());

    // 3. Not signed in: the deal is kept in this phone and "Sign up" opens the sign-up page.
    const signUp = page.getByRole('alert').locator('a[href*="signup"]');
    if (words.signUpNotice) await expect(page.getByRole('alert')).toContainText(words.signUpNotice);
    await expect(signUp).toHaveAttribute('href', `${words.prefix}/signup?next=/form%3Fresume%3D1`);
    await shot('2-sign-up-asked');
    await tap(signUp.click());
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/signup\\?next=`));
    if (words.haveAccount) await expect(page.getByText(words.haveAccount)).toBeVisible();
    await expect(page.locator('a[href*="/login?next="]')).toBeVisible();
    const email = uniqueEmail('first-deal');
    const started = Date.now();
    await field(page.locator('input[name=firstName]').fill('Abebe'));
    await field(page.locator('input[name=lastName]').fill('Kebede'));
    await field(page.locator('input[name=email]').fill(email));
    await field(page.locator('input[name=password]').fill('correct-horse-9'));
    await shot('3-sign-up');
    await tap(page.locator('form:has(input[name=action][value=details]) button[type=submit]').click());
    await field(page.locator('input[name=code]').fill(await emailedCode(email, started)));
    await shot('4-code');
    await tap(page.locator('form:has(input[name=action][value=code]) button[type=submit]').click());

    // 4. Welcome says where it goes, then the form sends the kept deal by itself: progress, then the sent page.
    await expect(page.getByText(words.redirecting)).toBeVisible();
    await shot('5-welcome');
    await expect(page.getByRole('progressbar')).toBeVisible({ timeout: 15_000 });
    await shot('6-sending');
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/form/sent\\?id=\\d+$`), { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: words.sent })).toBeVisible();
    await expect(page.locator('[data-sent-listing]')).toContainText(product);
    await shot('7-sent');

    // Counted: at most 2 MB on the wire for four 12 MP photos (plus the listing's own small post).
    expect(sent.uploadBytes + sent.listingBytes).toBeLessThanOrEqual(2 * MB);
    expect(sent.uploadBytes).toBeGreaterThan(100 * 1024);
    console.log(
      `[first deal ${lang}] ${taps} taps and ${fields} fields; photos ${(original / MB).toFixed(1)} MB taken, ` +
        `${(sent.uploadBytes / MB).toFixed(2)} MB uploaded + ${(sent.listingBytes / 1024).toFixed(1)} KB listing`,
    );
    expect(taps + fields).toBeLessThanOrEqual(22);

    // A second Submit of the same deal, the same day: warned first, not posted twice.
    await openWithIsland(page, `${words.prefix}/form`);
    await page.locator('#lf-product_name').fill(product);
    await page.locator('#lf-company_name').fill('abebe  coffee');
    await page.locator('#lf-category').selectOption('foods');
    await page.locator('#lf-description').fill('Macchiato and fresh juice by Edna Mall.');
    await page.locator('input[type=file][name=profile_photo]').setInputFiles(logo!);
    await page.locator('input[type=file][name=product_photo]').setInputFiles(photo!);
    await page.locator('#lf-discount').selectOption('20');
    await page.locator('#lf-discount_duration').fill('7');
    await page.locator('#lf-place').fill(words.place);
    await page.getByRole('option', { name: words.placeOption }).click();
    await page.locator('#lf-contact_telegram').fill('@abebe_coffee');
    await page.locator('#lf-contact_phone').fill('+251 91 123 4567');
    const answered = page.waitForResponse((r) => /\/api\/products\/$/.test(r.url()) && r.request().method() === 'POST', {
      timeout: 60_000,
    });
    await page.locator('#lf-form button[type=submit]').click();
    expect((await answered).status()).toBe(409);
    const seeIt = page.locator('a[href*="/form/sent?id="]');
    await expect(seeIt).toBeVisible();
    await shot('8-duplicate');
    await context.close();
  });
}

test('@slow an upload cut halfway resumes after a reload without sending its first half again', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const [logo, photo, ...more] = await fourPhonePhotos();
  const { context, page } = await signedInPage(browser, baseURL!);
  const sent = countUploads(page);
  await openWithIsland(page, '/form');
  await page.locator('#lf-product_name').fill(`Macchiato ${Date.now()}`);
  await page.locator('#lf-company_name').fill('Edna Coffee');
  await page.locator('#lf-category').selectOption('foods');
  await page.locator('#lf-description').fill('Macchiato and fresh juice by Edna Mall.');
  await page.locator('input[type=file][name=profile_photo]').setInputFiles(logo!);
  await page.locator('input[type=file][name=product_photo]').setInputFiles(photo!);
  await page.locator('input[type=file][name=uploaded_images]').setInputFiles(more);
  await page.locator('#lf-discount').selectOption('10');
  await page.locator('#lf-discount_duration').fill('3');
  await page.locator('#lf-place').fill('edna');
  await page.getByRole('option', { name: 'Edna Mall' }).click();
  await page.locator('#lf-contact_telegram').fill('@edna_coffee');
  await page.locator('#lf-contact_phone').fill('+251 91 765 4321');

  // The connection drops after three parts: every later part fails.
  let parts = 0;
  const cut = /\/api\/uploads\/[^/?]+$/;
  await page.route(cut, (route) =>
    route.request().method() === 'PATCH' && ++parts > 3 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.locator('#lf-form button[type=submit]').click();
  await expect(page.getByText('The connection dropped.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('upload-cut-390.png'), fullPage: true });
  const before = sent.patches.length;
  const sentBefore = sent.patches.reduce((sum, p) => sum + p.bytes, 0);
  expect(before).toBe(3);

  // The seller reloads (the deal and its small photos come back), the phone comes back, and he taps
  // Submit. Reloaded while still cut: a retry of the old page let through before the reload could
  // finish the uploads unseen (its answer lost with the page), leaving nothing to resume.
  await page.reload();
  await page.unroute(cut);
  await expect(page.locator('#lf-product_name')).toHaveValue(/Macchiato/);
  await page.locator('#lf-form button[type=submit]').click();
  await expect(page.getByText('Your post submitted successfully! Waiting for verification.')).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('upload-resumed-390.png'), fullPage: true });

  // What went before the cut was not sent again: the first part after it starts where the server stopped.
  const after = sent.patches.slice(before);
  expect(after.length).toBeGreaterThan(0);
  expect(after[0]!.offset).toBeGreaterThan(0);
  const total = sent.patches.reduce((sum, p) => sum + p.bytes, 0);
  console.log(`[upload cut] ${sentBefore} bytes before the cut, ${total - sentBefore} after; ${sent.patches.length} parts`);
  // Every byte once: no upload's part was sent twice (each part starts at a new offset of its upload).
  const starts = sent.patches.map((p) => `${p.url}@${p.offset}`);
  expect(new Set(starts).size).toBe(starts.length);
  await context.close();
});

const PREPARING = {
  en: 'Getting your photos ready… your deal is sent as soon as they are.',
  am: 'ፎቶዎችዎን በማዘጋጀት ላይ… ዝግጁ ሲሆኑ ቅናሽዎ ወዲያው ይላካል።',
} as const;

for (const lang of ['en', 'am'] as const) {
  test(`@slow a Submit tapped while the photos are still being made small waits for them, then sends the deal (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    const words = WORDS[lang];
    test.setTimeout(180_000);
    const [logo, photo] = await fourPhonePhotos();
    const { context, page } = await signedInPage(browser, baseURL!);
    await openWithIsland(page, `${words.prefix}/form`);
    await page.locator('#lf-product_name').fill(`Buna ${Date.now()}`);
    await page.locator('#lf-company_name').fill('Tomoca Corner');
    await page.locator('#lf-category').selectOption('foods');
    await page.locator('#lf-description').fill('Roasted this morning.');
    await page.locator('#lf-discount').selectOption('15');
    await page.locator('#lf-discount_duration').fill('5');
    await page.locator('#lf-place').fill(words.place);
    await page.getByRole('option', { name: words.placeOption }).click();
    await page.locator('#lf-contact_telegram').fill('@tomoca_corner');
    await page.locator('#lf-contact_phone').fill('+251 91 222 3344');
    // A slow phone: reading a 12 MP photo to make it small takes seconds (here 4 s a photo), and the
    // seller taps Submit at once.
    await page.evaluate(() => {
      const read = window.createImageBitmap.bind(window);
      window.createImageBitmap = ((...args: Parameters<typeof read>) =>
        new Promise((resolve) => setTimeout(resolve, 4000)).then(() => read(...args))) as typeof read;
    });
    await page.locator('input[type=file][name=profile_photo]').setInputFiles(logo!);
    await page.locator('input[type=file][name=product_photo]').setInputFiles(photo!);
    const posted = page.waitForResponse((r) => /\/api\/products\/$/.test(r.url()) && r.request().method() === 'POST', { timeout: 90_000 });
    await page.locator('#lf-form button[type=submit]').click();
    // Told to wait, not that the photos are missing; the deal goes by itself when they are ready.
    await expect(page.locator('[data-preparing-photos]')).toHaveText(PREPARING[lang]);
    await expect(page.getByRole('alert')).toBeEmpty();
    await expect(page.locator('#lf-form button[type=submit]')).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`photos-preparing-${lang}-390.png`), fullPage: true });
    expect((await posted).status()).toBe(201);
    await expect(page.locator('[data-sent-link]')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-preparing-photos]')).toHaveCount(0);
    await context.close();
  });
}
