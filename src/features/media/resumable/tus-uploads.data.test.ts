/**
 * The tus route `/api/uploads/…` through the real @tus/server on a real database (rate limits):
 * an upload sent in two parts with a HEAD between them stores each byte once; a complete file is
 * checked like a multipart one (a fake image is refused and removed); a file past its field's size
 * is refused before a byte is stored; uploads are the account's own, same-origin and expire.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { ALL } from '#pages/api/uploads/[...path].ts';
import { MAX_IMAGE_BYTES } from '../uploads.server.ts';
import { STAGED_UPLOAD_MS } from './staged-upload.ts';
import { expireStagedUploads, stagedUpload, takeStagedUpload } from './staged-uploads.server.ts';
import { uploadBytesReceived } from './tus-uploads.server.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person } from '#tests/db/people.ts';

const seller = person('seller-1');
const other = person('seller-2');

let dataDir: string;
let jpeg: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-tus-'));
  process.env.DATA_DIR = dataDir;
  jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#065f46' } })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const b64 = (text: string) => Buffer.from(text).toString('base64');
/** A tus Upload-Metadata header. */
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

describe.each(drivers())('resumable uploads on %s', (driver) => {
  const t = useTestDatabase(driver, { fresh: true });

  let address = 0;
  /** Calls the route as `user`, same origin unless `origin` says otherwise. */
  function call(
    user: SessionUser | null,
    method: string,
    pathname: string,
    init: { headers?: Record<string, string>; body?: Uint8Array; origin?: string } = {},
  ) {
    const url = new URL(pathname, 'http://localhost:4321');
    const headers = new Headers({ 'Tus-Resumable': '1.0.0', ...init.headers });
    if (method !== 'HEAD') headers.set('Origin', init.origin ?? url.origin);
    const request = new Request(url, { method, headers, body: init.body ? new Uint8Array(init.body) : undefined });
    const context = { request, url, params: {}, locals: { db: t.db, user, now: new Date() }, clientAddress: `10.1.0.${++address}` };
    return ALL(context as unknown as Parameters<typeof ALL>[0]);
  }

  async function create(user: SessionUser, size: number, field = 'product_photo') {
    return call(user, 'POST', '/api/uploads/', {
      headers: { 'Upload-Length': String(size), 'Upload-Metadata': metadata({ field, filetype: 'image/jpeg', filename: 'shop.jpg' }) },
    });
  }

  const patch = (user: SessionUser, location: string, offset: number, bytes: Uint8Array) =>
    call(user, 'PATCH', location, {
      headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: bytes,
    });

  it('takes a file in parts: create, half, HEAD tells the offset, the rest; each byte is stored once', async () => {
    const created = await create(seller, jpeg.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('Cache-Control')).toBe('no-store');
    const location = created.headers.get('Location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const id = location.split('/').pop()!;
    const before = uploadBytesReceived();

    const half = Math.floor(jpeg.length / 2);
    const first = await patch(seller, location, 0, jpeg.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('Upload-Offset')).toBe(String(half));
    // Not finished: a listing cannot take it yet.
    expect(await takeStagedUpload(id, 'product_photo', { ownerId: seller.id })).toBeNull();

    // As after a dropped connection or a reload: ask how far the server got, send only the rest.
    const head = await call(seller, 'HEAD', location);
    expect(head.status).toBe(200);
    expect(head.headers.get('Upload-Offset')).toBe(String(half));
    expect(head.headers.get('Upload-Length')).toBe(String(jpeg.length));
    // A part sent again from the start is refused: the server keeps its offset.
    expect((await patch(seller, location, 0, jpeg.subarray(0, half))).status).toBe(409);
    const rest = await patch(seller, location, half, jpeg.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('Upload-Offset')).toBe(String(jpeg.length));
    expect(uploadBytesReceived() - before).toBe(jpeg.length);

    const file = await takeStagedUpload(id, 'product_photo', { ownerId: seller.id });
    expect(file).not.toBeNull();
    expect(Buffer.from(await file!.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(file!.name).toBe('shop.jpg');
    // An image staged for one photo field may fill another, never the video; and never for another account.
    expect(await takeStagedUpload(id, 'uploaded_images', { ownerId: seller.id })).not.toBeNull();
    expect(await takeStagedUpload(id, 'product_video', { ownerId: seller.id })).toBeNull();
    expect(await takeStagedUpload(id, 'product_photo', { ownerId: other.id })).toBeNull();
  });

  it('refuses and removes a finished file that is not an image, with the reason', async () => {
    const fake = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const created = await create(seller, fake.length);
    const location = created.headers.get('Location')!;
    const refused = await patch(seller, location, 0, fake);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = (await refused.json()) as { error: string; fields: Record<string, string[]> };
    expect(body.error).toMatch(/The product photo must be a JPEG, PNG/);
    expect(body.fields.product_photo).toEqual([body.error]);
    expect(await stagedUpload(location.split('/').pop()!)).toBeNull();
    expect((await call(seller, 'HEAD', location)).status).toBe(404);
  });

  it('refuses a file past its field’s size before storing anything; the video may be larger', async () => {
    const tooBig = await create(seller, MAX_IMAGE_BYTES + 1);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toBe('The product photo is too large (max 10 MB).');
    expect(tooBig.headers.get('Location')).toBeNull();
    expect((await create(seller, MAX_IMAGE_BYTES + 1, 'product_video')).status).toBe(201);
    expect((await create(seller, 10, 'somewhere_else')).status).toBe(400);
  });

  it('is for the signed-in account that started the upload, from this site only', async () => {
    expect((await create(seller, jpeg.length)).status).toBe(201);
    const location = (await create(seller, jpeg.length)).headers.get('Location')!;
    expect((await call(null, 'POST', '/api/uploads/', { headers: { 'Upload-Length': '10' } })).status).toBe(401);
    expect((await call(other, 'HEAD', location)).status).toBe(404);
    expect((await patch(other, location, 0, jpeg.subarray(0, 100))).status).toBe(404);
    const crossSite = await call(seller, 'PATCH', location, {
      origin: 'https://evil.example',
      headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: jpeg.subarray(0, 100),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect((await call(seller, 'HEAD', location)).headers.get('Upload-Offset')).toBe('0');
  });

  it('removes staged uploads a day old, finished or not', async () => {
    const location = (await create(seller, jpeg.length)).headers.get('Location')!;
    const id = location.split('/').pop()!;
    expect(await expireStagedUploads(new Date(Date.now() + STAGED_UPLOAD_MS - 60_000))).toBe(0);
    expect(await stagedUpload(id)).not.toBeNull();
    expect(await expireStagedUploads(new Date(Date.now() + STAGED_UPLOAD_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await stagedUpload(id)).toBeNull();
  });
});
