/**
 * Seller pages at the data layer: the profile and its badge rules, current deals paged in SQL,
 * banned and unknown sellers, the seller sitemap, the other deals under an ended deal, and a
 * deleted deal recorded for its 410.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, moderationDecisions, removedListings, sellers, users } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { removeListing } from '#features/listings/seller-listings.server.ts';
import { otherDeals, removedListing, sellerDeals, sellerDealsQuery, sellerProfile, setSellerVerified } from './sellers.server.ts';
import { sellerSitemapPageCount, sitemapSellers } from './sitemap-sellers.server.ts';
import { DAY, FIXED_NOW, createSeller, draft, listingEndingIn, SELLER_SESSION } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { explain } from '#tests/db/explain.ts';

const owner = SELLER_SESSION;
const admin: SessionUser = { ...owner, id: 'admin-1', email: 'admin@test.invalid', isAdmin: true };

describe.each(drivers())('seller pages on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await createSeller(t.db, 'seller-1');
      await createSeller(t.db, 'seller-2');
      await createSeller(t.db, 'admin-1', admin.email);
    },
  });

  /** A verified listing running 10 more days, posted `ageDays` ago. */
  const live = (overrides: Parameters<typeof draft>[0] = {}, ageDays = 1) =>
    insertListing(t.db, draft({ discountDurationDays: 11, ...overrides }), {
      status: 'verified',
      datePosted: new Date(FIXED_NOW.getTime() - ageDays * DAY),
    });
  const sellerOf = async (listingId: number) =>
    (await t.db.select({ id: listings.sellerId }).from(listings).where(eq(listings.id, listingId)))[0]!.id;

  it('shows the newest public listing’s name, logo and place and the account’s age', async () => {
    await live({ companyName: 'Old Name', location: 'Piassa' }, 5);
    const newest = await live({ companyName: 'Bole Home Appliances', location: 'Bole' }, 1);
    // A pending listing (newer still) does not name the page.
    await insertListing(t.db, draft({ companyName: 'Draft Name' }), { status: 'pending', datePosted: FIXED_NOW });
    const profile = await sellerProfile(t.db, await sellerOf(newest));
    expect(profile).toMatchObject({ companyName: 'Bole Home Appliances', location: 'Bole', verifiedAt: null, verified: false });
    expect(profile?.logo?.key).toBe('test/logo');
    const [account] = await t.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, 'seller-1'));
    expect(profile?.memberSince).toEqual(account!.createdAt);
  });

  it('earns the badge with 3 verified listings, not 2; an admin mark gives it at once and is recorded', async () => {
    const first = await live();
    await live();
    const sellerId = await sellerOf(first);
    expect(await sellerProfile(t.db, sellerId)).toMatchObject({ verifiedListings: 2, verified: false });
    await live();
    expect(await sellerProfile(t.db, sellerId)).toMatchObject({ verifiedListings: 3, verified: true });

    const other = await live({ ownerId: 'seller-2', companyName: 'Piassa Cafe' });
    const otherSeller = await sellerOf(other);
    expect((await sellerProfile(t.db, otherSeller))?.verified).toBe(false);
    expect(await setSellerVerified(t.db, owner, otherSeller, true, FIXED_NOW)).toMatchObject({ ok: false, status: 403 });
    expect(await setSellerVerified(t.db, admin, otherSeller, true, FIXED_NOW)).toEqual({ ok: true, value: { verified: true } });
    expect(await sellerProfile(t.db, otherSeller)).toMatchObject({ verified: true, verifiedAt: FIXED_NOW });
    const [row] = await t.db.select().from(sellers).where(eq(sellers.id, otherSeller));
    expect(row?.verifiedBy).toBe('admin-1');
    await setSellerVerified(t.db, admin, otherSeller, false, FIXED_NOW);
    expect((await sellerProfile(t.db, otherSeller))?.verified).toBe(false);
    const decisions = await t.db.select().from(moderationDecisions).orderBy(moderationDecisions.id);
    expect(decisions.map((d) => [d.itemKind, d.itemId, d.action, d.adminId])).toEqual([
      ['seller', String(otherSeller), 'verify-seller', 'admin-1'],
      ['seller', String(otherSeller), 'unverify-seller', 'admin-1'],
    ]);
    expect(await setSellerVerified(t.db, admin, 999_999, true, FIXED_NOW)).toMatchObject({ ok: false, status: 404 });
  });

  it('is null (404) for an unknown seller, one with no public listing ever, and a banned account', async () => {
    expect(await sellerProfile(t.db, 999_999)).toBeNull();
    const pending = await insertListing(t.db, draft({ ownerId: 'seller-2' }), { status: 'pending' });
    expect(await sellerProfile(t.db, await sellerOf(pending))).toBeNull();
    const id = await live();
    const sellerId = await sellerOf(id);
    expect(await sellerProfile(t.db, sellerId)).not.toBeNull();
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.id, 'seller-1'));
    expect(await sellerProfile(t.db, sellerId)).toBeNull();
  });

  it('pages its current public deals in SQL, newest first, one query a page', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await live({ productName: `Deal ${i}` }, 10 - i));
    const sellerId = await sellerOf(ids[0]!);
    // Not shown: an ended deal, a hidden one, a pending one, another seller's.
    await listingEndingIn(t.db, -DAY, { productName: 'Ended' });
    await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'reports' }).where(eq(listings.id, ids[4]!));
    await insertListing(t.db, draft({ productName: 'Pending' }), { status: 'pending' });
    await live({ ownerId: 'seller-2', productName: 'Other seller' });

    t.resetQueryCount();
    const first = await sellerDeals(t.db, sellerId, FIXED_NOW, { page: 1, pageSize: 2 });
    expect(t.queryCount()).toBe(1);
    expect(first.items.map((l) => l.productName)).toEqual(['Deal 3', 'Deal 2']);
    expect(first.hasMore).toBe(true);
    const second = await sellerDeals(t.db, sellerId, FIXED_NOW, { page: 2, pageSize: 2 });
    expect(second.items.map((l) => l.productName)).toEqual(['Deal 1', 'Deal 0']);
    expect(second.hasMore).toBe(false);
  });

  it('reads a seller’s deals through listings_public_seller_idx, in its order (no sort)', async () => {
    const sellerId = await sellerOf(await live());
    const query = sellerDealsQuery(t.db, sellerId, FIXED_NOW, { page: 2, pageSize: 24 }).toSQL();
    // A few rows never need an index: the planner is told to avoid scans so the check is whether it can use one.
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await explain(t.db, query);
      expect(plan).toContain('listings_public_seller_idx');
      expect(plan).not.toContain('Sort');
    } finally {
      await t.db.execute(sql`reset enable_seqscan`);
    }
  });

  it('lists up to 6 other current deals under an ended one, in one query', async () => {
    const ended = await listingEndingIn(t.db, -DAY, { productName: 'Ended deal' });
    for (let i = 0; i < 8; i++) await live({ productName: `Deal ${i}` }, 9 - i);
    await live({ ownerId: 'seller-2', productName: 'Other seller' });
    const sellerId = await sellerOf(ended);
    t.resetQueryCount();
    const others = await otherDeals(t.db, sellerId, ended, FIXED_NOW);
    expect(t.queryCount()).toBe(1);
    expect(others.map((l) => l.productName)).toEqual(['Deal 7', 'Deal 6', 'Deal 5', 'Deal 4', 'Deal 3', 'Deal 2']);
  });

  it('records a deleted public deal for its 410, with the seller’s other deals; a draft or unknown id stays unknown', async () => {
    const gone = await live({ productName: 'Gone deal', companyName: 'Bole Home Appliances' });
    const kept = await live({ productName: 'Kept deal' });
    const draftId = await insertListing(t.db, draft({ productName: 'Never public' }), { status: 'pending' });
    const sellerId = await sellerOf(gone);
    expect(await removeListing(t.db, owner, gone)).toEqual({ ok: true, value: { id: gone } });
    expect(await removeListing(t.db, owner, draftId)).toEqual({ ok: true, value: { id: draftId } });
    expect(await removedListing(t.db, gone)).toEqual({
      listingId: gone,
      sellerId,
      productName: 'Gone deal',
      companyName: 'Bole Home Appliances',
    });
    expect((await otherDeals(t.db, sellerId, gone, FIXED_NOW)).map((l) => l.id)).toEqual([kept]);
    expect(await removedListing(t.db, draftId)).toBeNull();
    expect(await removedListing(t.db, 999_999)).toBeNull();
    expect(await t.db.select().from(removedListings)).toHaveLength(1);
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.id, 'seller-1'));
    expect(await removedListing(t.db, gone)).toBeNull();
  });

  it('lists in the sitemap only sellers with a current public deal and an account not banned', async () => {
    const current = await sellerOf(await live({ companyName: 'Bole Home Appliances' }));
    const endedOnly = await sellerOf(await listingEndingIn(t.db, -DAY, { ownerId: 'seller-2' }));
    await createSeller(t.db, 'seller-3');
    const banned = await sellerOf(await live({ ownerId: 'seller-3' }));
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.id, 'seller-3'));
    expect(await sellerSitemapPageCount(t.db)).toBe(1);
    const rows = await sitemapSellers(t.db, 1, FIXED_NOW);
    expect(rows.map((r) => [r.sellerId, r.companyName])).toEqual([[current, 'Bole Home Appliances']]);
    expect(rows.map((r) => r.sellerId)).not.toContain(endedOnly);
    expect(rows.map((r) => r.sellerId)).not.toContain(banned);
    expect(await sitemapSellers(t.db, 2, FIXED_NOW)).toEqual([]);
  });
});
