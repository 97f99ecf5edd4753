/**
 * The duplicate guard of issue 29 through `POST /api/products/` on a real database: the same
 * seller sending the same deal (any case, any spaces) within a day gets a 409 naming the one
 * sent, in the request's language, and nothing is stored; `post_again=yes`, another seller, or a
 * day later are allowed.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { listings } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { mediaRoot } from '#features/media/media-storage.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { POST } from '#pages/api/products/index.ts';
import { createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { useMediaFolder } from './media-folder.test-kit.server.ts';
import { insertListing } from './listings.server.ts';
import { VALID } from './listing-form.test-kit.ts';
import { DUPLICATE_WINDOW_MS, foldDealName, recentDuplicate, sentAgo } from './duplicate-listings.server.ts';

import { person } from '#tests/db/people.ts';
const seller = person('seller-1');
const other = person('seller-2');
const NOW = new Date('2026-03-10T09:00:00.000Z');
const HOUR = 3_600_000;

const folder = useMediaFolder('sefer-duplicates-');

async function mediaFileCount(): Promise<number> {
  const root = mediaRoot(folder.dir);
  if (!existsSync(root)) return 0;
  return (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

/** A valid listing post (the form's fields, a logo and a photo), with `over` replacing fields. */
function listingForm(over: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...VALID, ...over })) if (v !== '') form.set(k, v);
  for (const k of ['profile_photo', 'product_photo'])
    form.set(k, new File([new Uint8Array(folder.png)], `${k}.png`, { type: 'image/png' }));
  return form;
}

describe('what the guard compares and says', () => {
  it('folds names: spaces anywhere and case do not count, letters do', () => {
    expect(foldDealName('  Roasted  Coffee beans ')).toBe(foldDealName('roasted coffeebeans'));
    expect(foldDealName('ቡና  ቤት')).toBe(foldDealName('ቡና ቤት'));
    expect(foldDealName('Roasted coffee beans')).not.toBe(foldDealName('Roasted coffee bean'));
  });

  it('says how long ago in the request language', () => {
    expect(sentAgo(new Date(NOW.getTime() - HOUR), NOW)).toBe('1 hour ago');
    expect(sentAgo(new Date(NOW.getTime() - 12 * 60_000), NOW)).toBe('12 minutes ago');
    expect(inLocale('am', () => sentAgo(new Date(NOW.getTime() - 3 * HOUR), NOW))).toBe('ከ3 ሰዓቶች በፊት');
  });
});

describe.each(drivers())('the duplicate guard on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, other]) await createSeller(t.db, u.id, u.email);
      await rm(mediaRoot(folder.dir), { recursive: true, force: true });
    },
  });

  let address = 0;
  /** Calls the POST route as `user` at NOW, from a new client address. */
  function post(user: SessionUser, form: FormData) {
    const request = new Request('http://localhost/api/products/', { method: 'POST', body: form });
    const context = {
      params: {},
      request,
      url: new URL(request.url),
      locals: { db: t.db, user, now: NOW },
      clientAddress: `10.1.0.${++address}`,
    };
    return POST(context as unknown as Parameters<typeof POST>[0]);
  }

  /** A deal of `ownerId` sent `ago` ms before NOW, in any state. */
  function sent(ownerId: string, ago: number, status: 'pending' | 'verified' | 'rejected' = 'pending') {
    return insertListing(t.db, draft({ ownerId, productName: VALID.product_name!, companyName: VALID.company_name! }), {
      status,
      datePosted: new Date(NOW.getTime() - ago),
    });
  }

  const count = async (ownerId: string) => t.db.$count(listings, eq(listings.ownerId, ownerId));

  it('the same deal by the same seller within a day is a 409 naming the one sent, and stores nothing', async () => {
    const id = await sent(seller.id, HOUR, 'rejected');
    const response = await post(seller, listingForm({ product_name: ' roasted COFFEE  beans', company_name: 'Abebe coffee ' }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: 'You sent this deal 1 hour ago. Post it again anyway?',
      duplicate: { id, path: `/form/sent?id=${id}` },
    });
    expect(await count(seller.id)).toBe(1);
    expect(await mediaFileCount()).toBe(0);
  });

  it('asks in the language of the request', async () => {
    await sent(seller.id, 2 * HOUR);
    const response = await inLocale('am', () => post(seller, listingForm()));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe('ይህን ቅናሽ ከ2 ሰዓቶች በፊት ልከውታል። ቢሆንም እንደገና ይለጥፉት?');
  });

  it('post_again=yes sends it anyway', async () => {
    await sent(seller.id, HOUR);
    const response = await post(seller, listingForm({ post_again: 'yes' }));
    expect(response.status).toBe(201);
    expect(await count(seller.id)).toBe(2);
  });

  it('another seller, another deal, or a day later is no duplicate', async () => {
    await sent(other.id, HOUR);
    await sent(seller.id, DUPLICATE_WINDOW_MS + 60_000, 'verified');
    expect((await post(seller, listingForm())).status).toBe(201);
    expect((await post(other, listingForm({ product_name: 'Green coffee beans' }))).status).toBe(201);
    expect(await count(seller.id)).toBe(2);
  });

  it('finds the latest copy through the owner index range', async () => {
    const older = await sent(seller.id, 5 * HOUR);
    const newer = await sent(seller.id, HOUR);
    await sent(seller.id, DUPLICATE_WINDOW_MS + HOUR);
    const deal = { productName: VALID.product_name!, companyName: VALID.company_name! };
    expect(await recentDuplicate(t.db, seller.id, deal, NOW)).toEqual({ id: newer, datePosted: new Date(NOW.getTime() - HOUR) });
    expect(older).toBeLessThan(newer);
    expect(await recentDuplicate(t.db, seller.id, { ...deal, companyName: 'Other Coffee' }, NOW)).toBeNull();
    expect(await recentDuplicate(t.db, other.id, deal, NOW)).toBeNull();
  });
});
