import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestLikes } from '#db/schema.ts';
import { commentPayloadSchema, requestSchema } from './community.ts';
import { addComment, listComments } from './comments.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { createRequest, listRequests, removeRequest, toggleLike } from './requests.server.ts';
import { createSeller, draft, fakeImage } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

describe('community inputs', () => {
  it('refuses blank and oversized requests, trims the rest', () => {
    expect(requestSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(requestSchema.safeParse({ message: 'x'.repeat(501) }).success).toBe(false);
    expect(requestSchema.parse({ name: 'ignored', message: '  Need a fridge  ' }).message).toBe('Need a fridge');
    expect(requestSchema.safeParse({}).error?.issues[0]?.message).toBe('Please enter a message.');
  });

  it("reads the spec's comment payload and ignores the author it claims", () => {
    const parsed = commentPayloadSchema.parse({
      product_id: '12',
      image_id: 3,
      user_email: 'someone@else',
      comment: ' Nice ',
      date_posted: '1999-01-01',
    });
    expect(parsed).toMatchObject({ product_id: 12, image_id: '3', comment: 'Nice' });
    expect(commentPayloadSchema.safeParse({ product_id: 1, image_id: '../x', comment: 'a' }).success).toBe(false);
    expect(commentPayloadSchema.safeParse({ product_id: 1, comment: '  ' }).success).toBe(false);
  });
});

describe.each(drivers())('requests, likes and comments on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (let i = 1; i <= 20; i++) await createSeller(t.db, `u${i}`);
    },
  });

  it('lists requests newest first with their like counts', async () => {
    const a = await createRequest(t.db, { name: 'Anonymous', message: 'first', userId: null });
    const b = await createRequest(t.db, { name: 'Hana', message: 'second', userId: 'u1' });
    await toggleLike(t.db, a.id, 'u1');
    const { items } = await listRequests(t.db, 8);
    expect(items.map((r) => [r.message, r.likes])).toEqual([
      ['second', 0],
      ['first', 1],
    ]);
    expect(items.map((r) => r.liked)).toEqual([false, false]);
    // The viewer's own likes come with the same query.
    await toggleLike(t.db, a.id, 'u2');
    t.resetQueryCount();
    const seen = await listRequests(t.db, 8, 'u1');
    expect(t.queryCount()).toBe(1);
    expect(seen.items.map((r) => [r.id, r.likes, r.liked])).toEqual([
      [b.id, 0, false],
      [a.id, 2, true],
    ]);
    expect((await listRequests(t.db, 8, 'u3')).items.map((r) => r.liked)).toEqual([false, false]);
  });

  it('a second press takes the like back', async () => {
    const r = await createRequest(t.db, { name: 'Anonymous', message: 'm', userId: null });
    expect(await toggleLike(t.db, r.id, 'u1')).toEqual({ liked: true, likes: 1 });
    expect(await toggleLike(t.db, r.id, 'u2')).toEqual({ liked: true, likes: 2 });
    expect(await toggleLike(t.db, r.id, 'u1')).toEqual({ liked: false, likes: 1 });
    expect(await toggleLike(t.db, 9999, 'u1')).toBeNull();
  });

  it('many users pressing at once count exactly once each', async () => {
    const r = await createRequest(t.db, { name: 'Anonymous', message: 'm', userId: null });
    const users = Array.from({ length: 20 }, (_, i) => `u${i + 1}`);
    const results = await Promise.all(users.map((u) => toggleLike(t.db, r.id, u)));
    expect(results.every((x) => x?.liked)).toBe(true);
    expect(await t.db.$count(requestLikes)).toBe(20);
    // Everyone presses again, at once: all likes are taken back.
    await Promise.all(users.map((u) => toggleLike(t.db, r.id, u)));
    expect(await t.db.$count(requestLikes)).toBe(0);
  });

  it('one user pressing many times at once ends by parity, never double-counted', async () => {
    const r = await createRequest(t.db, { name: 'Anonymous', message: 'm', userId: null });
    await Promise.all(Array.from({ length: 6 }, () => toggleLike(t.db, r.id, 'u1')));
    expect(await t.db.$count(requestLikes)).toBeLessThanOrEqual(1);
  });

  it('removing a request removes its likes', async () => {
    const r = await createRequest(t.db, { name: 'Anonymous', message: 'm', userId: null });
    await toggleLike(t.db, r.id, 'u1');
    expect(await removeRequest(t.db, r.id)).toBe(true);
    expect(await t.db.$count(requestLikes)).toBe(0);
  });

  it('comments belong to one image of a verified listing, newest first', async () => {
    const id = await insertListing(t.db, draft({ ownerId: 'u1', images: [fakeImage('test/a')] }), { status: 'verified' });
    const pending = await insertListing(t.db, draft({ ownerId: 'u1' }), { status: 'pending' });
    const [extra] = await t.db.execute<{ id: number }>(sql`select id from listing_images where listing_id = ${id}`).then((r) => {
      const result = r as unknown as { rows?: { id: number }[] } | { id: number }[];
      return Array.isArray(result) ? result : (result.rows ?? []);
    });
    const author = { id: 'u2', name: 'Seller u2' };
    await addComment(t.db, author, { listingId: id, imageId: 'photo', comment: 'on the photo' });
    await addComment(t.db, author, { listingId: id, imageId: String(extra!.id), comment: 'on the second image' });
    await addComment(t.db, author, { listingId: id, imageId: 'photo', comment: 'again on the photo' });
    expect((await listComments(t.db, id, 'photo')).map((c) => c.comment)).toEqual(['again on the photo', 'on the photo']);
    expect((await listComments(t.db, id, String(extra!.id))).map((c) => c.comment)).toEqual(['on the second image']);
    expect(await addComment(t.db, author, { listingId: pending, imageId: 'photo', comment: 'x' })).toBeNull();
    expect(await addComment(t.db, author, { listingId: id, imageId: '999999', comment: 'x' })).toBeNull();
  });
});
