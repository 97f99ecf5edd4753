/**
 * Media on S3-compatible storage, end to end: two app processes of this test (PGlite, no demo
 * seed) keep uploads in a bucket of the local S3 server the test starts (s3rver). One links
 * `/media/…` and streams it from the bucket; the other links S3_PUBLIC_URL. On each, a seller's
 * upload lands in the bucket in all its widths, the verified listing's page links it, and deleting
 * the listing removes its objects.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { startLocalS3, type LocalS3 } from '#tests/fakes/s3-server.ts';
import { freePort, startApp, stopApp, type AppProcess } from './app-processes.ts';

const SELLER = { email: 'media-seller@e2e.test', password: 'media-seller-9', name: 'Meron' };
const FIELDS = {
  product_name: 'Clay coffee pot',
  company_name: 'Jebena House',
  category: 'foods',
  discount: '20',
  discount_duration: '7',
  description: 'A hand-made jebena.',
  location: 'Piassa',
  latitude: '9.03',
  longitude: '38.75',
  contact_phone: '0911000000',
  contact_telegram: '@jebena_house',
};

interface App {
  base: string;
  dataDir: string;
  process: AppProcess;
}

let s3: LocalS3;
const apps: App[] = [];

async function startMediaApp(extra: Record<string, string>): Promise<App> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-e2e-s3-'));
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', SITE_URL: base, DATA_DIR: dataDir, SEED_DEMO: 'false' };
  const app = startApp({ ...env, RATE_LIMIT_SCALE: '1000', ADMIN_EMAILS: SELLER.email, ...s3.env, ...extra });
  const started = { base, dataDir, process: app };
  apps.push(started);
  await app.ready;
  return started;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  s3 = await startLocalS3();
});
test.afterAll(async () => {
  await Promise.all(apps.map((a) => stopApp(a.process.child)));
  await Promise.all(apps.map((a) => rm(a.dataDir, { recursive: true, force: true })));
  await s3?.close();
});

/** Signs the seller up by the API (the emailed code from the app's outbox); the context keeps the session. */
async function signUp(request: APIRequestContext, app: App): Promise<void> {
  const headers = { Origin: app.base };
  expect((await request.post('/api/auth/sign-up/email', { headers, data: SELLER })).status()).toBe(200);
  const code = async () => {
    const outbox = path.join(app.dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox).catch(() => [])).map((f) => readFile(path.join(outbox, f), 'utf8')));
    return mails.map((m) => /code is (\d{6})/.exec(m)?.[1]).find(Boolean) ?? '';
  };
  await expect.poll(code).toMatch(/^\d{6}$/);
  expect(
    (await request.post('/api/auth/email-otp/verify-email', { headers, data: { email: SELLER.email, otp: await code() } })).status(),
  ).toBe(200);
}

const objectBytes = async (name: string) => {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: name }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

/** A PNG file for a multipart field. */
const pngFile = async (name: string, width: number, height: number, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

/**
 * Upload, bucket, page, delete: what each app must do. `whileListed` checks more while the listing
 * is public; answers the listing page and the photo's key.
 */
async function uploadShowDelete(
  request: APIRequestContext,
  app: App,
  mediaBase: string,
  whileListed: (photoKey: string) => Promise<void> = async () => {},
) {
  await signUp(request, app);
  const photo = await pngFile('pot.png', 1600, 1200, '#8b4513');
  const logo = await pngFile('logo.png', 300, 300, '#065f46');
  const created = await request.post('/api/products/', {
    headers: { Origin: app.base },
    multipart: { ...FIELDS, profile_photo: logo, product_photo: photo },
  });
  expect(created.status(), await created.text()).toBe(201);
  const listing = (await created.json()) as { id: number; url: string; product_photo: string; profile_photo: string };
  const key = (url: string) => /\/(u\/[0-9a-f]+)\.webp$/.exec(url)![1]!;
  const [photoKey, logoKey] = [key(listing.product_photo), key(listing.profile_photo)];

  // In the bucket, every width of both images, as WebP.
  const widths = (k: string) => [`${k}.webp`, `${k}-card.webp`, `${k}-thumb.webp`, `${k}-icon.webp`, `${k}-icon2x.webp`];
  expect(await s3.names()).toEqual(expect.arrayContaining([...widths(photoKey), ...widths(logoKey)]));
  expect((await sharp(await objectBytes(`${photoKey}.webp`)).metadata()).width).toBe(1280);

  // Verified, its page links the bucket's objects.
  const verified = await request.post(`/api/admin/listings/${listing.id}/`, { headers: { Origin: app.base }, data: { verdict: 'verify' } });
  expect(verified.status()).toBe(200);
  const page = await request.get(listing.url);
  expect(page.status()).toBe(200);
  const html = await page.text();
  // The photo's three widths (its squares are for card slots; the photo is the deal page's gallery).
  for (const name of widths(photoKey).slice(0, 3)) expect(html).toContain(`${mediaBase}/${name}`);
  expect(html).toContain(`<meta property="og:image" content="${mediaBase.startsWith('/') ? app.base : ''}${mediaBase}/${photoKey}.webp"`);
  await whileListed(photoKey);

  // Deleting the listing removes its objects.
  expect((await request.delete(`/api/delete/products/${listing.id}/`, { headers: { Origin: app.base } })).status()).toBe(204);
  await expect.poll(async () => (await s3.names()).filter((n) => n.startsWith(photoKey) || n.startsWith(logoKey))).toEqual([]);
  return { page, photoKey };
}

test('without S3_PUBLIC_URL, pages link /media/… and the app streams it from the bucket', async ({ playwright }) => {
  // Two app starts and a seller's whole journey on a cold server.
  test.setTimeout(60_000);
  const app = await startMediaApp({});
  const request = await playwright.request.newContext({ baseURL: app.base });
  const { photoKey } = await uploadShowDelete(request, app, '/media', async (key) => {
    const media = await request.get(`/media/${key}.webp`);
    expect(media.status()).toBe(200);
    expect(media.headers()).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
    expect((await media.body()).equals(await objectBytes(`${key}.webp`))).toBe(true);
  });
  expect((await request.get(`/media/${photoKey}.webp`)).status()).toBe(404);
  await request.dispose();
});

test('with S3_PUBLIC_URL, pages link the public address, which the policy allows', async ({ playwright }) => {
  test.setTimeout(60_000);
  const publicUrl = `${s3.endpoint}/${s3.bucket}`;
  const app = await startMediaApp({ S3_PUBLIC_URL: publicUrl });
  const request = await playwright.request.newContext({ baseURL: app.base });
  const { page } = await uploadShowDelete(request, app, publicUrl, async (key) => {
    // What a browser gets from the linked address: the object, with the type and caching it was stored with.
    const media = await fetch(`${publicUrl}/${key}-card.webp`);
    expect([media.status, media.headers.get('content-type'), media.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, immutable',
    ]);
  });
  const policy = page.headers()['content-security-policy'] ?? '';
  expect(policy).toContain(`img-src 'self' ${s3.endpoint}`);
  expect(policy).toContain(`media-src 'self' ${s3.endpoint}`);
  await request.dispose();
});
