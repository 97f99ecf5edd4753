/**
 * `POST /api/products/` (the route, on a real database) with its files sent either way: in the
 * multipart body as always, or staged before with resumable uploads and named by id. Staged files
 * are checked and re-encoded like sent ones and leave the staging folder once the listing holds
 * them; an unknown or another account's id is a 400 naming its field.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { mediaRoot } from '#features/media/media-storage.server.ts';
import { handleUpload } from '#features/media/resumable/tus-uploads.server.ts';
import { stagedUpload } from '#features/media/resumable/staged-uploads.server.ts';
import { uploadsSnapshot } from '#features/media/upload-metrics.test-kit.server.ts';
import { ownListing } from '#features/listings/seller-listings.server.ts';
import { POST } from '#pages/api/products/index.ts';
import { createSeller } from '#fixtures/listings.ts';
import { VALID } from './listing-form.test-kit.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person } from '#tests/db/people.ts';

const seller = person('seller-1');
const other = person('seller-2');

let dataDir: string;
let photo: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-staged-'));
  process.env.DATA_DIR = dataDir;
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b45309' } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function mediaFiles(): Promise<string[]> {
  const root = mediaRoot(dataDir);
  if (!existsSync(root)) return [];
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
}

/** Stages `bytes` for `field` as `user` in one tus request; answers the upload's id. */
async function stage(user: SessionUser, field: string, bytes: Buffer): Promise<string> {
  const meta = [`field ${Buffer.from(field).toString('base64')}`, `filetype ${Buffer.from('image/jpeg').toString('base64')}`].join(',');
  const created = await handleUpload(
    new Request('http://localhost/api/uploads/', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta },
    }),
    user.id,
  );
  const location = created.headers.get('Location')!;
  const done = await handleUpload(
    new Request(`http://localhost${location}`, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    }),
    user.id,
  );
  expect(done.status).toBe(204);
  return location.split('/').pop()!;
}

function listingForm(fields: Record<string, string | string[]> = {}, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...VALID, ...fields })) {
    for (const value of [v].flat()) if (value !== '') form.append(k, value);
  }
  for (const [k, v] of Object.entries(files)) form.append(k, new File([new Uint8Array(v)], `${k}.jpg`, { type: 'image/jpeg' }));
  return form;
}

describe.each(drivers())('new listings with staged uploads on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, other]) await createSeller(t.db, u.id, u.email);
      await rm(mediaRoot(dataDir), { recursive: true, force: true });
    },
  });

  let address = 0;
  function post(user: SessionUser, form: FormData) {
    const request = new Request('http://localhost/api/products/', { method: 'POST', body: form });
    const context = {
      request,
      url: new URL(request.url),
      params: {},
      locals: { db: t.db, user, now: new Date() },
      clientAddress: `10.2.0.${++address}`,
    };
    return POST(context as unknown as Parameters<typeof POST>[0]);
  }

  it('creates a listing from staged ids, its images re-encoded, and empties the staging', async () => {
    const counted = await uploadsSnapshot();
    const ids = {
      logo: await stage(seller, 'profile_photo', photo),
      photo: await stage(seller, 'product_photo', photo),
      extra: [await stage(seller, 'uploaded_images', photo), await stage(seller, 'uploaded_images', photo)],
    };
    const response = await post(
      seller,
      listingForm({
        profile_photo_upload: ids.logo,
        // The upload's URL, as the tus client knows it, names it as well.
        product_photo_upload: `/api/uploads/${ids.photo}`,
        uploaded_images_upload: ids.extra,
      }),
    );
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: number; images: unknown[] };
    const listing = (await ownListing(t.db, created.id))!;
    expect(listing.images).toHaveLength(3); // the product photo and the two more
    const files = await mediaFiles();
    for (const key of [listing.logo!.key, listing.photo.key]) expect(files).toContain(`${path.basename(key)}.webp`);
    expect(files.every((name) => name.endsWith('.webp'))).toBe(true);
    // Re-encoded: the stored photo is at most the card widths, not the uploaded JPEG.
    expect(listing.photo.width).toBeLessThanOrEqual(1200);
    for (const id of [ids.logo, ids.photo, ...ids.extra]) expect(await stagedUpload(id)).toBeNull();
    // sefer_uploads_total: each file once, as it was staged; not again when the listing took it.
    expect(await counted('tus', 'image', 'accepted')).toBe(4);
    expect(await counted('form', 'image', 'accepted')).toBe(0);
  });

  it('refuses an unknown id, or another account’s, naming the field, and stores nothing', async () => {
    const logo = await stage(seller, 'profile_photo', photo);
    const theirs = await stage(other, 'product_photo', photo);
    const response = await post(seller, listingForm({ profile_photo_upload: logo, product_photo_upload: theirs }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string[]> };
    expect(Object.keys(body.fields)).toEqual(['product_photo_upload']);
    expect(body.error).toMatch(/The product photo was not found/);
    const unknown = await post(seller, listingForm({ profile_photo_upload: logo, product_photo_upload: 'f'.repeat(32) }));
    expect(unknown.status).toBe(400);
    expect(await mediaFiles()).toEqual([]);
    // A refused listing leaves its staged files for the next try.
    expect(await stagedUpload(logo)).not.toBeNull();
  });

  it('still takes the files in the multipart body, as without JavaScript', async () => {
    const counted = await uploadsSnapshot();
    const response = await post(seller, listingForm({}, { profile_photo: photo, product_photo: photo, uploaded_images: photo }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: number };
    expect((await ownListing(t.db, created.id))!.images).toHaveLength(2);
    expect((await mediaFiles()).length).toBeGreaterThan(0);
    expect(await counted('form', 'image', 'accepted')).toBe(3);
    expect(await counted('form', 'image', 'refused')).toBe(0);
  });

  it('counts a refused file in the multipart body, and a staged one beside it not again', async () => {
    const logo = await stage(seller, 'profile_photo', photo);
    const counted = await uploadsSnapshot();
    const notAPhoto = Buffer.from('price list: coffee 100 birr');
    const response = await post(seller, listingForm({ profile_photo_upload: logo }, { product_photo: notAPhoto }));
    expect(response.status).toBe(400);
    expect(await counted('form', 'image', 'refused')).toBe(1);
    expect(await counted('form', 'image', 'accepted')).toBe(0);
    expect(await counted('tus', 'image', 'accepted')).toBe(0);
    expect(await counted('tus', 'image', 'refused')).toBe(0);
  });
});
