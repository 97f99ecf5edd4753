/**
 * The /admin queue on a real database: counts and filters (new, edited, reported seller), oldest
 * first across new deals and edits, paged in SQL with the item after the page, each seller's
 * history, the duplicate flag, bulk Verify's summary, and a rejection's code and note read by the
 * seller in their language.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, reports } from '#db/schema.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { listOwnListings } from '#features/listings/seller-listings.server.ts';
import { saveEdit } from '#features/listings/listing-revisions.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { createSeller, DAY, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person } from '#tests/db/people.ts';
import { adminQueue } from './queue.server.ts';
import { decideQueued } from './queue-decisions.server.ts';

const admin = person('admin-1', true);
const hana = person('hana');
const abebe = person('abebe');
const T0 = new Date('2026-03-01T08:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe.each(drivers())('the admin queue on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (db) => {
      for (const u of [admin, hana, abebe]) await createSeller(db.db, u.id, u.email);
    },
  });

  /** Hana: a deal waiting since day 1, a live deal edited on day 3, the same deal again on day 4; Abebe (reported): one on day 2. */
  async function seed() {
    const first = await insertListing(t.db, draft({ ownerId: hana.id, productName: 'Teff Flour', companyName: 'Almaz Grains' }), {
      status: 'pending',
      datePosted: at(1),
    });
    const live = await insertListing(t.db, draft({ ownerId: hana.id, productName: 'Shiro', companyName: 'Taitu' }), {
      status: 'verified',
      datePosted: at(-5),
    });
    await saveEdit(t.db, live, { description: 'Now with free delivery.' }, at(3));
    const again = await insertListing(t.db, draft({ ownerId: hana.id, productName: 'teff  flour', companyName: 'ALMAZ Grains' }), {
      status: 'pending',
      datePosted: at(4),
    });
    const theirs = await insertListing(t.db, draft({ ownerId: abebe.id, productName: 'Coffee', companyName: 'Kaldi' }), {
      status: 'pending',
      datePosted: at(2),
    });
    const old = await insertListing(t.db, draft({ ownerId: abebe.id, productName: 'Old', companyName: 'Kaldi' }), { status: 'rejected' });
    await t.db.insert(reports).values({ itemKind: 'listing', itemId: old, reporterId: hana.id, reason: 'scam' });
    return { first, live, again, theirs };
  }

  it('counts each filter, lists oldest first across new deals and edits, and filters in SQL', async () => {
    const { first, live, again, theirs } = await seed();
    const all = await adminQueue(t.db, { show: 'all', page: 1 });
    expect(all.counts).toEqual({ all: 4, new: 3, edited: 1, reported: 1 });
    expect(all.rows.map((r) => [r.id, r.kind])).toEqual([
      [first, 'new'],
      [theirs, 'new'],
      [live, 'edit'],
      [again, 'new'],
    ]);
    expect((await adminQueue(t.db, { show: 'new', page: 1 })).rows.map((r) => r.id)).toEqual([first, theirs, again]);
    expect((await adminQueue(t.db, { show: 'edited', page: 1 })).rows.map((r) => r.id)).toEqual([live]);
    expect((await adminQueue(t.db, { show: 'reported', page: 1 })).rows.map((r) => r.id)).toEqual([theirs]);
    // A dismissed report no longer counts against the seller.
    await t.db.update(reports).set({ resolvedAt: new Date(), resolution: 'dismissed' });
    expect((await adminQueue(t.db, { show: 'reported', page: 1 })).rows).toEqual([]);
  });

  it('pages in SQL and names the item after the page', async () => {
    const { first, live, again, theirs } = await seed();
    const one = await adminQueue(t.db, { show: 'all', page: 1, pageSize: 2 });
    expect([one.rows.map((r) => r.id), one.hasMore, one.following]).toEqual([[first, theirs], true, live]);
    const two = await adminQueue(t.db, { show: 'all', page: 2, pageSize: 2 });
    expect([two.rows.map((r) => r.id), two.hasMore, two.following]).toEqual([[live, again], false, null]);
  });

  it("shows each seller's history and flags a possible duplicate and a reported seller", async () => {
    const { first, live, again, theirs } = await seed();
    const rows = new Map((await adminQueue(t.db, { show: 'all', page: 1 })).rows.map((r) => [r.id, r]));
    expect(rows.get(first)!.history).toMatchObject({ verified: 1, rejected: 0, reports: 0 });
    expect(rows.get(theirs)!.history).toMatchObject({ verified: 0, rejected: 1, reports: 1 });
    expect([rows.get(first)!.duplicateOf, rows.get(again)!.duplicateOf]).toEqual([again, first]);
    expect([rows.get(live)!.duplicateOf, rows.get(theirs)!.duplicateOf]).toEqual([null, null]);
    expect([rows.get(theirs)!.sellerReported, rows.get(first)!.sellerReported]).toEqual([true, false]);
    // More than 30 days apart, or rejected: no flag.
    await t.db
      .update(listings)
      .set({ datePosted: at(40) })
      .where(eq(listings.id, again));
    const later = new Map((await adminQueue(t.db, { show: 'all', page: 1 })).rows.map((r) => [r.id, r]));
    expect(later.get(first)!.duplicateOf).toBeNull();
  });

  it('verifies the selected ones one by one, with a summary and the next item to land on', async () => {
    const { first, live, again, theirs } = await seed();
    await t.db.update(listings).set({ status: 'verified' }).where(eq(listings.id, again));
    const decided = await decideQueued(t.db, admin, {
      action: 'verify-selected',
      ids: [first, again, theirs],
      order: [first, theirs, live, again],
    });
    expect(decided).toEqual({ ok: true, value: { flash: { done: 'bulk', verified: 2, total: 3 }, next: live } });
    expect((await adminQueue(t.db, { show: 'all', page: 1 })).rows.map((r) => r.id)).toEqual([live]);
    expect(await decideQueued(t.db, hana, { action: 'verify-selected', ids: [live], order: [] })).toMatchObject({ ok: false, status: 403 });
  });

  it("keeps a rejection's code and note; the seller reads the code's words in their language", async () => {
    const { first, theirs } = await seed();
    expect(
      await decideQueued(t.db, admin, { action: 'reject', id: first, code: 'photo', reason: 'The label is blurry.', next: theirs }),
    ).toEqual({
      ok: true,
      value: { flash: { done: 'rejected', item: first }, next: theirs },
    });
    const [row] = await t.db.select({ reason: listings.rejectionReason }).from(listings).where(eq(listings.id, first));
    expect(row!.reason).toBe('[reason:photo]\nThe label is blurry.');
    const mine = async () => (await listOwnListings(t.db, hana.id, {}, { page: 1, pageSize: 10 })).items.find((l) => l.id === first)!;
    expect((await mine()).rejectionReason).toBe(
      'The photo is missing or unclear. Please add a clear photo of what you sell.\nThe label is blurry.',
    );
    expect((await inLocale('am', mine)).rejectionReason).toBe('ፎቶው የለም ወይም ግልጽ አይደለም። እባክዎ የሚሸጡትን ምርት ግልጽ ፎቶ ያክሉ።\nThe label is blurry.');
    const [decision] = await t.db
      .execute<{ note: string }>(sql`select note from moderation_decisions where item_id = ${String(first)}`)
      .then((r) => (r as unknown as { rows: { note: string }[] }).rows);
    expect(decision!.note).toBe('[reason:photo]\nThe label is blurry.');
  });
});
