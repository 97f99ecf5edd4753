import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comments, listings, requests } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { addComment } from '#features/community/comments.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { moderate } from './moderation.server.ts';
import { createRequest } from '#features/community/requests.server.ts';
import { createSeller, draft } from '#fixtures/listings.ts';
import { createTestDatabase, drivers, type TestDatabase } from '#tests/db/test-database.ts';

const person = (id: string, isAdmin: boolean): SessionUser => ({
  id,
  email: `${id}@test.invalid`,
  name: `Seller ${id}`,
  firstName: id,
  lastName: null,
  image: null,
  isAdmin,
});
const admin = person('admin-1', true);
const seller = person('u1', false);

describe.each(drivers())('the verification queue on %s', (driver) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.execute(sql`truncate requests, request_likes, comments, listings, users restart identity cascade`);
    for (const u of [admin, seller]) await createSeller(t.db, u.id, u.email);
  });

  it('verifies or rejects a waiting listing once; only admins', async () => {
    const a = await insertListing(t.db, draft({ ownerId: seller.id }), { status: 'pending' });
    const b = await insertListing(t.db, draft({ ownerId: seller.id }), { status: 'pending' });
    expect(await moderate(t.db, seller, { action: 'verify', id: a })).toMatchObject({ ok: false, status: 403 });
    expect(await moderate(t.db, admin, { action: 'verify', id: a })).toEqual({ ok: true, value: 'verify' });
    expect(await moderate(t.db, admin, { action: 'reject', id: a, reason: 'Late' })).toMatchObject({ ok: false, status: 409 });
    expect(await moderate(t.db, admin, { action: 'reject', id: b, reason: 'Blurry photo' })).toEqual({ ok: true, value: 'reject' });
    expect(await moderate(t.db, admin, { action: 'verify', id: 99999 })).toMatchObject({ ok: false, status: 404 });
    const rows = await t.db.select({ id: listings.id, status: listings.status, reason: listings.rejectionReason }).from(listings);
    expect(rows.sort((x, y) => x.id - y.id)).toEqual([
      { id: a, status: 'verified', reason: null },
      { id: b, status: 'rejected', reason: 'Blurry photo' },
    ]);
  });

  it('removes a request or a comment; removing it again says it was already gone', async () => {
    const request = await createRequest(t.db, { name: 'Hana', message: 'Need a fridge', userId: seller.id });
    const listing = await insertListing(t.db, draft({ ownerId: seller.id }), { status: 'verified' });
    const comment = await addComment(t.db, seller, { listingId: listing, imageId: 'photo', comment: 'Nice' });
    expect(await moderate(t.db, admin, { action: 'remove-request', id: request.id })).toEqual({ ok: true, value: 'remove-request' });
    expect(await moderate(t.db, admin, { action: 'remove-request', id: request.id })).toMatchObject({
      ok: false,
      status: 404,
      error: 'It was already gone.',
    });
    expect(await moderate(t.db, admin, { action: 'remove-comment', id: comment!.id })).toEqual({ ok: true, value: 'remove-comment' });
    expect(await t.db.$count(requests)).toBe(0);
    expect(await t.db.$count(comments)).toBe(0);
  });
});
