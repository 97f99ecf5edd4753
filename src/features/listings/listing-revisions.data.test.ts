/**
 * Edits keep the deal live (issue 29), through `PATCH /api/delete/products/{id}/` on a real
 * database: a verified deal's edit waits as its revision while the public page keeps the verified
 * text; the queue shows what changed; Verify publishes it, Reject keeps the live version with the
 * reason for the seller; a second edit replaces the first; a listing never public changes in place.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { listingRevisions, type StoredImage } from '#db/schema.ts';
import { insertListing } from './listings.server.ts';
import { getPublicListing } from './public-listings.server.ts';
import { listOwnListings, ownListing, reviewListing } from './seller-listings.server.ts';
import { verificationQueue } from './verification-queue.server.ts';
import { saveImage } from '#features/media/media.server.ts';
import { localMediaStorage, mediaRoot } from '#features/media/media-storage.server.ts';
import { PATCH } from '#pages/api/delete/products/[id]/index.ts';
import { POST as REVIEW } from '#pages/api/admin/listings/[id]/index.ts';
import { createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { useMediaFolder } from './media-folder.test-kit.server.ts';

import { person } from '#tests/db/people.ts';
const seller = person('seller-1');
const admin = person('admin-1', true);
const page = { page: 1, pageSize: 20 };

const folder = useMediaFolder('sefer-revisions-');

/** Every stored media key under DATA_DIR/media (one a file name without its size and extension). */
async function storedKeys(): Promise<Set<string>> {
  const root = mediaRoot(folder.dir);
  if (!existsSync(root)) return new Set();
  const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return new Set(files.map((e) => path.relative(root, path.join(e.parentPath, e.name)).replace(/(-\w+)?\.\w+$/, '')));
}
const upload = () => saveImage(folder.png, { store: localMediaStorage(mediaRoot(folder.dir)), effort: 0 });

function form(fields: Record<string, string | string[]>, files: Record<string, number> = {}): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [k, n] of Object.entries(files)) {
    for (let i = 0; i < n; i++) body.append(k, new File([new Uint8Array(folder.png)], `${k}-${i}.png`, { type: 'image/png' }));
  }
  return body;
}

describe.each(drivers())('edits of live deals on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, admin]) await createSeller(t.db, u.id, u.email);
      await rm(mediaRoot(folder.dir), { recursive: true, force: true });
    },
  });

  let address = 0;
  async function patch(id: number, body: FormData, user: SessionUser = seller) {
    const request = new Request(`http://localhost/api/delete/products/${id}/`, { method: 'PATCH', body });
    const context = {
      params: { id: String(id) },
      request,
      locals: { db: t.db, user, now: new Date() },
      clientAddress: `10.1.0.${++address}`,
    };
    const response = await PATCH(context as unknown as Parameters<typeof PATCH>[0]);
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  /** A verified deal with an uploaded logo and two uploaded extra images. */
  async function liveDeal(): Promise<{ id: number; logo: StoredImage; images: StoredImage[] }> {
    const logo = await upload();
    const images = [await upload(), await upload()];
    const id = await insertListing(t.db, draft({ ownerId: seller.id, logo, images }), { status: 'verified' });
    return { id, logo, images };
  }

  it('a verified deal stays public with its verified text while the edit waits; the queue shows the diff; Verify publishes it', async () => {
    const { id, logo, images } = await liveDeal();
    const edited = await patch(
      id,
      form(
        {
          product_name: 'Electric Mitad XL',
          description: 'Now 60 cm wide.',
          category: 'foods',
          contact_phone: '+251 91 222 3333',
          contact_telegram: '@bole_home_xl',
          web_site: 'bolehome.et',
          location: 'Piassa, near St George',
          place: 'Piassa',
          discount: '30',
          discount_duration: '',
          discount_start_date: '5',
          remove_image: images[0]!.key,
        },
        { profile_photo: 1, uploaded_images: 2 },
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ product_name: 'Electric Mitad XL', verified: true, pending_edit: true });

    // The public page (and its search text) still shows the verified version.
    expect(await getPublicListing(t.db, id)).toMatchObject({ productName: draft().productName, description: draft().description });
    expect((await ownListing(t.db, id))!).toMatchObject({ status: 'verified', pendingEdit: true, productName: draft().productName });
    const [mine] = (await listOwnListings(t.db, seller.id, {}, { page: 1, pageSize: 24 })).items;
    expect(mine).toMatchObject({ pendingEdit: true, editRejection: null });

    const [queued] = (await verificationQueue(t.db, page)).items;
    expect(queued).toMatchObject({ id, status: 'verified', edit: { submittedAt: expect.any(Date) } });
    const changes = queued!.edit!.changes;
    const texts = Object.fromEntries(changes.flatMap((c) => (c.kind === 'text' ? [[c.field, [c.before, c.after]]] : [])));
    expect(texts).toEqual({
      productName: [draft().productName, 'Electric Mitad XL'],
      description: [draft().description, 'Now 60 cm wide.'],
      location: [draft().location, 'Piassa, near St George'],
      category: ['appliances', 'foods'],
      discount: ['20', '30'],
      discountStartDays: [null, 5],
      discountDurationDays: [10, null],
      contactTelegram: ['https://t.me/bole_home', 'https://t.me/bole_home_xl'],
      webSite: [null, 'https://bolehome.et'],
      contactPhone: ['+251911000000', '+251 91 222 3333'],
    });
    expect(changes.find((c) => c.kind === 'place')).toMatchObject({ after: { latitude: 9.0335, longitude: 38.7502 } });
    expect(changes.find((c) => c.kind === 'image')).toMatchObject({ field: 'logo', before: { key: logo.key } });
    const gallery = changes.find((c) => c.kind === 'images');
    expect(gallery).toMatchObject({ removed: [{ key: images[0]!.key }] });
    expect(gallery?.kind === 'images' && gallery.added).toHaveLength(2);

    expect(await reviewListing(t.db, admin, id, { verdict: 'verify' })).toEqual({ ok: true, value: { id, status: 'verified' } });
    const now = (await getPublicListing(t.db, id))!;
    expect(now).toMatchObject({ productName: 'Electric Mitad XL', description: 'Now 60 cm wide.', category: 'foods', latitude: 9.0335 });
    expect(now.images.map((i) => i.image.key)).toEqual([
      now.photo.key,
      images[1]!.key,
      ...(gallery?.kind === 'images' ? gallery.added.map((i) => i.key) : []),
    ]);
    // Starts in 5 days now: the schedule follows the new dates.
    expect(now.startsAt.getTime() - now.datePosted.getTime()).toBe(5 * 86_400_000);
    expect(await t.db.$count(listingRevisions)).toBe(0);
    expect((await verificationQueue(t.db, page)).items).toEqual([]);
    // The media the verified version replaced are gone once it is public.
    const keys = await storedKeys();
    expect(keys.has(logo.key)).toBe(false);
    expect(keys.has(images[0]!.key)).toBe(false);
    expect(keys.has(images[1]!.key)).toBe(true);
  });

  it('Reject keeps the live version, tells the seller why in My Posts, and removes the rejected media', async () => {
    const { id, logo } = await liveDeal();
    expect((await patch(id, form({ product_name: 'Miracle mitad' }, { profile_photo: 1 }))).status).toBe(200);
    const proposed = (await t.db.select().from(listingRevisions))[0]!.proposal.logo!;
    expect(await reviewListing(t.db, admin, id, { verdict: 'reject', reason: 'The name overstates it.' })).toMatchObject({ ok: true });
    expect(await getPublicListing(t.db, id)).toMatchObject({ productName: draft().productName, status: 'verified' });
    const [mine] = (await listOwnListings(t.db, seller.id, {}, { page: 1, pageSize: 24 })).items;
    expect(mine).toMatchObject({ status: 'verified', pendingEdit: false, editRejection: 'The name overstates it.' });
    const keys = await storedKeys();
    expect(keys.has(proposed.key)).toBe(false);
    expect(keys.has(logo.key)).toBe(true);
    expect((await verificationQueue(t.db, page)).items).toEqual([]);
    // A decision again is refused; the next edit starts from the live version and waits again.
    expect(await reviewListing(t.db, admin, id, { verdict: 'verify' })).toMatchObject({ ok: false, status: 409 });
    expect((await patch(id, form({ description: 'Cast iron.' }))).json).toMatchObject({
      product_name: draft().productName,
      pending_edit: true,
    });
    expect((await ownListing(t.db, id))!).toMatchObject({ pendingEdit: true, editRejection: null });
  });

  it('a second edit replaces the waiting one and its unused new media are removed', async () => {
    const { id } = await liveDeal();
    await patch(id, form({ product_name: 'First try' }, { product_photo: 1, uploaded_images: 1 }));
    const first = (await t.db.select().from(listingRevisions))[0]!.proposal;
    await patch(id, form({ company_name: 'Bole Home Plc' }, { profile_photo: 1 }));
    const revisions = await t.db.select().from(listingRevisions);
    expect(revisions).toHaveLength(1);
    // The second edit starts from the first: both changes wait together.
    expect(revisions[0]!.proposal).toMatchObject({
      productName: 'First try',
      companyName: 'Bole Home Plc',
      photo: { key: first.photo.key },
    });
    const keys = await storedKeys();
    expect(keys.has(first.photo.key)).toBe(true);
    // Removing the first edit's added image in the next edit removes its file.
    const added = first.images.at(-1)!;
    await patch(id, form({ remove_image: added.key }));
    expect((await storedKeys()).has(added.key)).toBe(false);
    expect((await t.db.select().from(listingRevisions))[0]!.proposal.images.map((i) => i.key)).not.toContain(added.key);
  });

  it('a waiting or rejected listing (never public) changes in place, with only the five spec fields on an old listing', async () => {
    // An old listing without phone or Telegram: spec 7's PATCH of five fields still works.
    const id = await insertListing(t.db, draft({ ownerId: seller.id, contactPhone: null, contactTelegram: null }), { status: 'rejected' });
    const spec = form({
      product_name: 'Mitad',
      company_name: 'Bole Home',
      description: 'A fine mitad.',
      location: 'Bole',
      discount: 'waiting',
    });
    const edited = await patch(id, spec);
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      product_name: 'Mitad',
      discount: 'waiting',
      discount_duration: null,
      status: 'pending',
      pending_edit: false,
    });
    expect(await t.db.$count(listingRevisions)).toBe(0);
    expect((await verificationQueue(t.db, page)).items.map((l) => [l.id, l.edit])).toEqual([[id, null]]);
  });

  it("every field is checked with the new-listing form's rules; a refused edit changes and stores nothing", async () => {
    const { id } = await liveDeal();
    const refused = async (fields: Record<string, string | string[]>, field: string, files: Record<string, number> = {}) => {
      const { status, json } = await patch(id, form(fields, files));
      expect(status, field).toBe(400);
      expect(Object.keys(json.fields as object), field).toContain(field);
    };
    await refused({ contact_telegram: 'no spaces allowed' }, 'contact_telegram');
    await refused({ contact_phone: '12' }, 'contact_phone');
    await refused({ contact_tick: 'not a link' }, 'contact_tick');
    await refused({ category: 'marine-spaceships' }, 'category');
    await refused({ discount_start_date: '3', discount_duration: '7' }, 'discount_start_date');
    await refused({ discount_duration: '31' }, 'discount_duration');
    await refused({ holiday: 'christmas-in-july' }, 'holiday');
    await refused({ latitude: '123', longitude: '38.7' }, 'latitude');
    await refused({ product_name: '  ' }, 'product_name');
    await refused({}, 'uploaded_images', { uploaded_images: 9 });
    expect(await t.db.$count(listingRevisions)).toBe(0);
    expect((await storedKeys()).size).toBe(3);
    // The same fields, valid, are taken.
    const ok = await patch(
      id,
      form({ holiday: 'meskel', contact_tick: 'https://wa.me/251911234567', latitude: '9.01', longitude: '38.76' }),
    );
    expect(ok.status).toBe(200);
    expect((await t.db.select().from(listingRevisions))[0]!.proposal).toMatchObject({
      holiday: 'meskel',
      contactTick: 'https://wa.me/251911234567',
      latitude: 9.01,
      longitude: 38.76,
    });
  });

  it("a video can be removed, and the admin API's verify applies the waiting edit", async () => {
    const poster = await upload();
    const video = { key: 'u/video-test', ext: 'mp4', durationSeconds: 12, poster };
    const id = await insertListing(t.db, draft({ ownerId: seller.id, video }), { status: 'verified' });
    expect((await patch(id, form({ remove_video: '1' }))).status).toBe(200);
    const [queued] = (await verificationQueue(t.db, page)).items;
    expect(queued!.edit!.changes).toEqual([{ kind: 'video', before: video, after: null }]);
    const request = new Request(`http://localhost/api/admin/listings/${id}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verdict: 'verify' }),
    });
    const context = { params: { id: String(id) }, request, locals: { db: t.db, user: admin, now: new Date() }, clientAddress: '10.2.0.1' };
    const response = await REVIEW(context as unknown as Parameters<typeof REVIEW>[0]);
    expect(response.status).toBe(200);
    expect(await getPublicListing(t.db, id)).toMatchObject({ video: null });
    expect((await storedKeys()).has(poster.key)).toBe(false);
  });
});
