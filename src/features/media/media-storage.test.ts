/**
 * The media storage, both kinds: files under a temporary media folder, and objects in a bucket of
 * the local S3-compatible server this test starts (s3rver on a free port). Then the media code on
 * the bucket: images stored and reused, a listing's media deleted, `/media/…` served from it, and
 * pages linking S3_PUBLIC_URL.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { APIContext } from 'astro';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteMedia, listingMedia, saveImage, storedImage } from './media.server.ts';
import { localMediaStorage, mediaStorage, s3MediaStorage, type MediaStorage } from './media-storage.server.ts';
import { renderSvgImage, productSvg } from '#seed/demo-media.server.ts';
import { config, type S3Config } from '#platform/config/config.server.ts';
import { startLocalS3, type LocalS3 } from '#tests/fakes/s3-server.ts';

let s3: LocalS3;
let folder: string;
const saved = { ...process.env };

beforeAll(async () => {
  s3 = await startLocalS3();
  folder = await mkdtemp(path.join(os.tmpdir(), 'sefer-media-storage-'));
  // This file's configuration (read once, on first use): media in the test's bucket.
  Object.assign(process.env, s3.env, { DATA_DIR: folder });
  expect(config().media.storage).toBe('s3');
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
  process.env = saved;
});

function bucketSettings(): S3Config {
  const { media } = config();
  if (media.storage !== 's3') throw new Error('this file configures MEDIA_STORAGE=s3');
  return media.s3;
}

const text = async (stream: ReadableStream<Uint8Array> | null) => (stream ? new Response(stream).text() : null);

describe.each([
  ['local disk', () => localMediaStorage(path.join(folder, 'media'))],
  ['S3 bucket', () => s3MediaStorage(bucketSettings())],
])('media storage on %s', (_, storage: () => MediaStorage) => {
  it('puts, reads, sizes and streams an object, a range of it, and nothing for a missing one', async () => {
    const store = storage();
    await store.put('u/abc123.webp', Buffer.from('0123456789'), 'image/webp');
    expect((await store.read('u/abc123.webp'))?.toString()).toBe('0123456789');
    expect(await store.size('u/abc123.webp')).toBe(10);
    expect(await text(await store.stream('u/abc123.webp'))).toBe('0123456789');
    expect(await text(await store.stream('u/abc123.webp', { start: 2, end: 4 }))).toBe('234');
    expect(await store.read('u/missing.webp')).toBeNull();
    expect(await store.size('u/missing.webp')).toBeNull();
    expect(await store.stream('u/missing.webp')).toBeNull();
  });

  it('removes objects, missing ones without complaint', async () => {
    const store = storage();
    await store.put('u/gone.webp', Buffer.from('x'), 'image/webp');
    await store.put('u/kept.webp', Buffer.from('y'), 'image/webp');
    await store.remove(['u/gone.webp', 'u/never-stored.webp']);
    expect(await store.size('u/gone.webp')).toBeNull();
    expect(await store.size('u/kept.webp')).toBe(1);
  });

  it('lists every object with its size (what a backup copies)', async () => {
    const store = storage();
    await store.put('u/listed.webp', Buffer.from('12345'), 'image/webp');
    await store.put('seed/deep/listed.mp4', Buffer.from('123'), 'video/mp4');
    const listed = [];
    for await (const object of store.list()) listed.push(object);
    expect(listed).toEqual(
      expect.arrayContaining([
        { name: 'u/listed.webp', size: 5 },
        { name: 'seed/deep/listed.mp4', size: 3 },
      ]),
    );
    expect(listed.some((o) => o.name.endsWith('.partial'))).toBe(false);
  });
});

describe('media on the local disk', () => {
  it('a write that fails leaves no half-written .partial file behind (issue 32: a full disk left them forever)', async () => {
    const root = path.join(folder, 'failing');
    const store = localMediaStorage(root);
    // The name is taken by a folder: the final rename fails, as a full disk fails the write.
    await mkdir(path.join(root, 'u/taken.webp'), { recursive: true });
    await writeFile(path.join(root, 'u/taken.webp/inside'), 'x');
    await expect(store.put('u/taken.webp', Buffer.from('0123456789'), 'image/webp')).rejects.toThrow();
    expect((await readdir(path.join(root, 'u'))).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });
});

describe('media on the S3 bucket', () => {
  const png = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#065f46' } })
      .png()
      .toBuffer();

  it('stores an image in its widths with their type and a year of caching, and deletes a listing’s media', async () => {
    const store = mediaStorage();
    const photo = await saveImage(await png(), { store, effort: 0 });
    const logo = await saveImage(await png(), { store, effort: 0 });
    const names = [`${photo.key}.webp`, `${photo.key}-card.webp`, `${photo.key}-thumb.webp`, `${photo.key}-icon2x.webp`];
    expect(await s3.names()).toEqual(expect.arrayContaining(names));
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: names[1] }));
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await object.Body!.transformToByteArray())).metadata()).width).toBe(720);

    await deleteMedia(store, listingMedia({ logo, photo, images: [], video: null }));
    const left = await s3.names();
    for (const key of [photo.key, logo.key]) expect(left.filter((n) => n.startsWith(key))).toEqual([]);
  });

  it('reuses a demo image already in the bucket without encoding or uploading it again', async () => {
    const store = mediaStorage();
    const svg = productSvg('Injera basket', 'Demo', 120, 0);
    const first = await renderSvgImage(svg, store, 'seed/s3-basket');
    const put = vi.spyOn(store, 'put');
    try {
      expect(await renderSvgImage(svg, store, 'seed/s3-basket')).toEqual(first);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
    expect(await storedImage(store, 'seed/s3-nothing')).toBeNull();
  });

  it('serves /media/… from the bucket with the same headers as from disk: whole, ranges, 416 and 404', async () => {
    const { GET } = await import('#pages/media/[...path].ts');
    const get = (p: string, headers: Record<string, string> = {}) =>
      GET({
        params: { path: p },
        request: new Request(`http://sefer.test/media/${p}`, { headers }),
      } as unknown as APIContext) as Promise<Response>;
    const store = mediaStorage();
    await store.put('u/clip123.mp4', Buffer.from('0123456789'), 'video/mp4');

    const whole = await get('u/clip123.mp4');
    expect(whole.status).toBe(200);
    expect(Object.fromEntries(whole.headers)).toMatchObject({
      'content-type': 'video/mp4',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': '10',
    });
    expect(await whole.text()).toBe('0123456789');

    const part = await get('u/clip123.mp4', { range: 'bytes=3-5' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 3-5/10');
    expect(await part.text()).toBe('345');
    const tail = await get('u/clip123.mp4', { range: 'bytes=-4' });
    expect([tail.status, await tail.text()]).toEqual([206, '6789']);

    const beyond = await get('u/clip123.mp4', { range: 'bytes=10-' });
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, 'bytes */10']);
    expect((await get('u/not-there.webp')).status).toBe(404);
    expect((await get('../package.json')).status).toBe(404);
  });

  it('links /media/… without S3_PUBLIC_URL, and the public address with it', async () => {
    const { imageUrl, mediaOrigin } = await import('./media-urls.server.ts');
    const image = { key: 'u/abc123', width: 1280, height: 960, thumbWidth: 360, thumbHeight: 270 };
    expect(imageUrl(image)).toBe('/media/u/abc123.webp');
    expect(mediaOrigin()).toBeUndefined();

    vi.resetModules();
    vi.stubEnv('S3_PUBLIC_URL', 'https://media.sefer.test/bucket/');
    try {
      const urls = await import('./media-urls.server.ts');
      expect(urls.imageUrl(image, 'card')).toBe('https://media.sefer.test/bucket/u/abc123-card.webp');
      expect(urls.imageSrcset(image)).toBe(
        'https://media.sefer.test/bucket/u/abc123-thumb.webp 360w, https://media.sefer.test/bucket/u/abc123-card.webp 720w, https://media.sefer.test/bucket/u/abc123.webp 1280w',
      );
      expect(urls.videoUrl({ key: 'seed/a-video', ext: 'mp4' })).toBe('https://media.sefer.test/bucket/seed/a-video.mp4');
      expect(urls.mediaOrigin()).toBe('https://media.sefer.test');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
