/**
 * /form without JavaScript and /form/sent, through their page handlers as the pages call them: a
 * visitor's post is told to sign up and nothing of it is read; a valid post is submitted and goes
 * to its sent page; a refused one comes back with what was typed and every problem; a repeated
 * deal is asked about (and sent with "post again"). The sent page shows a deal to its owner only.
 */
import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { Refusal } from '#platform/http/http.server.ts';
import { bodyCapFor, MAX_REQUEST_BYTES, SMALL_BODY_BYTES } from '#platform/http/body-limit.server.ts';
import { createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { useMediaFolder } from './media-folder.test-kit.server.ts';
import { listingFormPage, sentListingPage, type ListingFormView } from './form.page.server.ts';
import { VALID } from './listing-form.test-kit.ts';
import { insertListing } from './listings.server.ts';

import { person } from '#tests/db/people.ts';
const SITE = 'http://localhost:4321';
const NOW = new Date('2026-03-10T09:00:00.000Z');
const seller = person('seller-1');
const other = person('seller-2');
const admin = person('admin-1', true);

const folder = useMediaFolder('sefer-form-page-');

function listingForm(over: Record<string, string> = {}, files = true): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...VALID, ...over })) if (v !== '') form.set(k, v);
  if (files)
    for (const k of ['profile_photo', 'product_photo'])
      form.set(k, new File([new Uint8Array(folder.png)], `${k}.png`, { type: 'image/png' }));
  return form;
}

let address = 0;
/** The page as Astro gives it to the handler: a GET of `url`, or a multipart post of `form`. */
function fakePage(db: Database, user: SessionUser | null, url: string, form?: FormData) {
  const request = form ? new Request(`${SITE}${url}`, { method: 'POST', body: form }) : new Request(`${SITE}${url}`);
  const page = {
    request,
    url: new URL(request.url),
    locals: { db, user, now: NOW },
    clientAddress: `10.2.0.${++address}`,
    response: { status: 200, headers: new Headers() },
    redirect: (location: string, status: number) => new Response(null, { status, headers: { Location: location } }),
  };
  return page as unknown as AstroGlobal & { response: { status: number; headers: Headers } };
}

describe('the body cap of a post of the form', () => {
  it('lets /form take files in every language, and nothing else of it', () => {
    const multipart = 'multipart/form-data; boundary=x';
    expect(bodyCapFor('POST', '/form', multipart)).toBe(MAX_REQUEST_BYTES);
    expect(bodyCapFor('POST', '/am/form/', multipart)).toBe(MAX_REQUEST_BYTES);
    expect(bodyCapFor('POST', '/form/sent', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/form', 'application/x-www-form-urlencoded')).toBe(SMALL_BODY_BYTES);
  });
});

describe.each(drivers())('/form without JavaScript and /form/sent on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, other, admin]) await createSeller(t.db, u.id, u.email);
    },
  });

  const rows = () => t.db.$count(listings);

  it('a GET shows the empty form', async () => {
    expect(await listingFormPage(fakePage(t.db, seller, '/form'))).toEqual({
      notice: null,
      signUpHref: null,
      duplicateHref: null,
      errors: {},
      typed: {},
    });
  });

  it("a visitor's post is told to sign up, and its body is not read", async () => {
    const page = fakePage(t.db, null, '/form', listingForm());
    const view = (await listingFormPage(page)) as ListingFormView;
    expect(page.response.status).toBe(401);
    expect(view.notice).toEqual({ kind: 'error', text: 'Account not created. Please sign up' });
    expect(view.signUpHref).toBe('/signup?next=/form');
    expect(page.request.bodyUsed).toBe(false);
    expect(await rows()).toBe(0);
  });

  it('a valid post is submitted, waiting for checking, and goes to its sent page', async () => {
    const response = await listingFormPage(fakePage(t.db, seller, '/form', listingForm()));
    expect(response).toBeInstanceOf(Response);
    const [row] = await t.db.select({ id: listings.id, ownerId: listings.ownerId, status: listings.status }).from(listings);
    expect(row).toMatchObject({ ownerId: seller.id, status: 'pending' });
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get('Location')).toBe(`/form/sent?id=${row!.id}`);
  });

  it('a refused post comes back with what was typed and every problem, and stores nothing', async () => {
    const page = fakePage(t.db, seller, '/form', listingForm({ product_name: '' }, false));
    const view = (await listingFormPage(page)) as ListingFormView;
    expect(page.response.status).toBe(400);
    expect(view.notice?.text).toBe('Your deal was not sent. Fix the problems below, choose the photos again and press Submit.');
    expect(Object.keys(view.errors)).toEqual(expect.arrayContaining(['product_name', 'profile_photo', 'product_photo']));
    expect(view.typed).toMatchObject({ company_name: VALID.company_name, description: VALID.description });
    expect(view.typed.product_name).toBeUndefined();
    expect(await rows()).toBe(0);
  });

  it('a deal sent within a day is asked about, and "post again" sends it', async () => {
    const first = await insertListing(t.db, draft({ productName: VALID.product_name!, companyName: VALID.company_name! }), {
      status: 'pending',
      datePosted: new Date(NOW.getTime() - 30 * 60_000),
    });
    const page = fakePage(t.db, seller, '/form', listingForm());
    const view = (await listingFormPage(page)) as ListingFormView;
    expect(page.response.status).toBe(409);
    expect(view.notice).toEqual({ kind: 'info', text: 'You sent this deal 30 minutes ago. Post it again anyway?' });
    expect(view.duplicateHref).toBe(`/form/sent?id=${first}`);
    expect(view.typed.product_name).toBe(VALID.product_name);
    expect(await rows()).toBe(1);

    const again = await listingFormPage(fakePage(t.db, seller, '/form', listingForm({ post_again: 'yes' })));
    expect((again as Response).status).toBe(303);
    expect(await rows()).toBe(2);
  });

  it('the sent page shows the deal to its owner only: anyone else, an admin too, finds nothing', async () => {
    const id = await insertListing(t.db, draft(), { status: 'pending', datePosted: NOW });
    const shown = await sentListingPage(fakePage(t.db, seller, `/form/sent?id=${id}`));
    expect(shown).toMatchObject({ listing: { id, productName: draft().productName, status: 'pending' } });
    expect(typeof shown === 'object' && shown?.listing.images.length).toBe(1);
    for (const who of [other, admin]) expect(await sentListingPage(fakePage(t.db, who, `/form/sent?id=${id}`))).toBe('not-found');
    expect(await sentListingPage(fakePage(t.db, seller, `/form/sent?id=${id + 1}`))).toBe('not-found');
    expect(await sentListingPage(fakePage(t.db, seller, '/form/sent?id=abc'))).toBe('not-found');
  });

  it('the sent page sends a visitor to sign in and back', async () => {
    const refused = await sentListingPage(fakePage(t.db, null, '/form/sent?id=7')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).response.status).toBe(303);
    expect((refused as Refusal).response.headers.get('Location')).toBe('/login?next=/form/sent%3Fid%3D7');
  });
});
