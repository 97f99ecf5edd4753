/**
 * The edit path of `PATCH /api/delete/products/{id}/` (the route itself, on a real database): a
 * refused edit costs no decoding and stores nothing, an accepted one removes the photos it
 * replaced, and edits are rate-limited like new listings.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { applyListingEdit } from './listing-edit-input.server.ts';
import { insertListing } from './listings.server.ts';
import { saveImage } from '#features/media/media.server.ts';
import { uploadsSnapshot } from '#features/media/upload-metrics.test-kit.server.ts';
import { localMediaStorage, mediaRoot } from '#features/media/media-storage.server.ts';
import { LIMITS } from '#platform/http/rate-limit.server.ts';
import { ownListing, reviewListing } from '#features/listings/seller-listings.server.ts';
import { editBase } from './listing-revisions.server.ts';
import { PATCH } from '#pages/api/delete/products/[id]/index.ts';
import { createSeller, draft, fakeImage } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person } from '#tests/db/people.ts';

const seller = person('seller-1');
const other = person('seller-2');
const admin = person('admin-1', true);

let dataDir: string;
let smallPng: Buffer;
let hugePng: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-edits-'));
  process.env.DATA_DIR = dataDir;
  smallPng = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#065f46' } })
    .png()
    .toBuffer();
  // 36 million pixels in a few KB: seconds of CPU for each decode.
  hugePng = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#b45309' } })
    .png({ palette: true, colours: 2, progressive: true })
    .toBuffer();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under DATA_DIR/media, relative. */
async function mediaFiles(): Promise<string[]> {
  const root = mediaRoot(dataDir);
  if (!existsSync(root)) return [];
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

const EDIT_FIELDS = { product_name: 'Mitad', company_name: 'Bole Home', description: 'A fine mitad.', location: 'Bole', discount: '20' };

function editForm(fields: Record<string, string>, files: Record<string, Buffer> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...EDIT_FIELDS, ...fields })) form.set(k, v);
  for (const [k, v] of Object.entries(files)) form.set(k, new File([new Uint8Array(v)], `${k}.png`, { type: 'image/png' }));
  return form;
}

describe.each(drivers())('listing edits on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, other, admin]) await createSeller(t.db, u.id, u.email);
      await rm(mediaRoot(dataDir), { recursive: true, force: true });
    },
  });

  let address = 0;
  /** Calls the PATCH route as `user`, from a new client address unless one is given. */
  function patch(user: SessionUser | null, id: number | string, form: FormData, clientAddress = `10.0.0.${++address}`) {
    const request = new Request(`http://localhost/api/delete/products/${id}/`, { method: 'PATCH', body: form });
    const context = { params: { id: String(id) }, request, locals: { db: t.db, user, now: new Date() }, clientAddress };
    return PATCH(context as unknown as Parameters<typeof PATCH>[0]);
  }

  it('a refused edit (not the owner, or a missing listing) decodes and stores nothing', async () => {
    const id = await insertListing(t.db, draft(), { status: 'verified', datePosted: new Date() });
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      const form = () => editForm({ product_name: 'Hijacked' }, { profile_photo: hugePng, product_photo: hugePng });
      expect((await patch(other, id, form())).status).toBe(403);
      expect((await patch(seller, 99999, form())).status).toBe(404);
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
    expect(await mediaFiles()).toEqual([]);
    expect((await ownListing(t.db, id))!.productName).toBe(draft().productName);
  });

  it('an accepted edit removes the uploaded photos it replaced, and keeps shared demo media', async () => {
    const oldLogo = await saveImage(smallPng, { store: localMediaStorage(mediaRoot(dataDir)), effort: 0 });
    const oldPhoto = await saveImage(smallPng, { store: localMediaStorage(mediaRoot(dataDir)), effort: 0 });
    const id = await insertListing(t.db, draft({ logo: oldLogo, photo: oldPhoto }), { status: 'verified', datePosted: new Date() });
    const counted = await uploadsSnapshot();
    const response = await patch(seller, id, editForm({ product_name: 'New name' }, { profile_photo: smallPng, product_photo: smallPng }));
    expect(response.status).toBe(200);
    expect(await counted('form', 'image', 'accepted')).toBe(2);
    // A verified deal's edit waits for an admin (issue 29): the photos it replaces go once it is verified.
    expect(await reviewListing(t.db, admin, id, { verdict: 'verify' })).toMatchObject({ ok: true });
    const updated = (await ownListing(t.db, id))!;
    expect(updated.productName).toBe('New name');
    expect(updated.logo!.key).not.toBe(oldLogo.key);
    const files = await mediaFiles();
    for (const key of [oldLogo.key, oldPhoto.key]) expect(files.filter((f) => f.startsWith(key))).toEqual([]);
    for (const key of [updated.logo!.key, updated.photo.key])
      expect(files).toEqual(
        expect.arrayContaining([`${key}.webp`, `${key}-card.webp`, `${key}-thumb.webp`, `${key}-icon.webp`, `${key}-icon2x.webp`]),
      );
    // Seven files an image: full, card, thumbnail, the logo slot's two squares and the card photo's two (issue 30).
    expect(files).toHaveLength(14);

    // Demo listings share their seeded media: replacing it removes nothing.
    const demoId = await insertListing(t.db, draft({ logo: fakeImage('demo/logo'), photo: fakeImage('demo/photo') }), {
      status: 'verified',
      datePosted: new Date(),
    });
    const before = await mediaFiles();
    expect((await patch(seller, demoId, editForm({ product_name: 'Demo' }, { product_photo: smallPng }))).status).toBe(200);
    expect(await reviewListing(t.db, admin, demoId, { verdict: 'verify' })).toMatchObject({ ok: true });
    expect((await mediaFiles()).length).toBe(before.length + 7);
  });

  it('the new photos of an edit that fails are removed', async () => {
    const id = await insertListing(t.db, draft(), { status: 'verified', datePosted: new Date() });
    // As if the listing changed hands between the route's check and the write.
    const result = await applyListingEdit(t.db, other, id, editForm({ product_name: 'x' }, { product_photo: smallPng }));
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(await mediaFiles()).toEqual([]);
  });

  it('edits are rate-limited per user, like new listings', async () => {
    const id = await insertListing(t.db, draft(), { status: 'verified', datePosted: new Date() });
    const max = LIMITS.edit.max;
    for (let i = 0; i < max; i++) expect((await patch(seller, id, editForm({ product_name: `Name ${i}` }))).status).toBe(200);
    const limited = await patch(seller, id, editForm({ product_name: 'One too many' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    // The waiting edit holds the last accepted one (the live deal keeps its verified name).
    expect((await ownListing(t.db, id))!.productName).toBe(draft().productName);
    expect((await editBase(t.db, id))!.productName).toBe(`Name ${max - 1}`);
  });
});
