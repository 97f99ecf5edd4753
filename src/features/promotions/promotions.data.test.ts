/**
 * Promoted listings at the data layer: the plans, pricing a seller's promotion, the promotion the
 * paid checkout makes, the labelled slots (at most 3 a page, fair turns, never for listings that
 * are not verified or have ended), days left for My Posts, and an admin ending one with a refund.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, paymentUpdates, promotionPlans, promotions, walletEntries } from '#db/schema.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { startCheckout, testCheckoutProvider } from '#features/payments/payments.server.ts';
import {
  PROMOTED_PER_PAGE,
  ROTATION_MS,
  activePromotions,
  endPromotion,
  listPromotedListings,
  listPromotionPlans,
  promotionStates,
  seedPromotionPlans,
} from './promotions.server.ts';
import { fulfilCheckout } from '#features/payments/fulfilment.server.ts';
import '#platform/process/fulfillers.server.ts';
import { walletOf } from '#features/payments/wallet.server.ts';
import { DAY, FIXED_NOW, createSeller, listingEndingIn, SELLER_SESSION } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const seller = SELLER_SESSION;
const other: SessionUser = { ...seller, id: 'seller-2', email: 'seller-2@test.invalid' };
const admin: SessionUser = { ...seller, id: 'admin-1', email: 'admin@test.invalid', isAdmin: true };
const HOUR = 3_600_000;

describe.each(drivers())('promoted listings on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, other, admin]) await createSeller(t.db, u.id, u.email);
      await seedPromotionPlans(t.db);
    },
  });

  async function promote(user: SessionUser, listingId: number, days: number, at = FIXED_NOW) {
    const started = await startCheckout(t.db, user, { promotion: { listingId, days } }, testCheckoutProvider, at);
    if (!started.ok) throw new Error(started.error);
    const paid = await fulfilCheckout(t.db, started.value.id, at);
    if (!paid.ok) throw new Error(paid.error);
    return started.value.id;
  }

  it('sells 3, 7 and 14 days, seeded once however often the app starts', async () => {
    await seedPromotionPlans(t.db);
    expect(await listPromotionPlans(t.db)).toEqual([
      { days: 3, priceBirr: 150 },
      { days: 7, priceBirr: 300 },
      { days: 14, priceBirr: 500 },
    ]);
    // An operator's price is kept at the next start.
    await t.db.update(promotionPlans).set({ priceBirr: 350 }).where(eq(promotionPlans.days, 7));
    await seedPromotionPlans(t.db);
    expect((await listPromotionPlans(t.db))[1]).toEqual({ days: 7, priceBirr: 350 });
  });

  it("prices a promotion from the database, only for the seller's own verified deal that has not ended", async () => {
    const live = await listingEndingIn(t.db, 10 * DAY);
    const pending = await listingEndingIn(t.db, 10 * DAY);
    await t.db.update(listings).set({ status: 'pending' }).where(eq(listings.id, pending));
    const ended = await listingEndingIn(t.db, -DAY);
    const check = (user: SessionUser, body: unknown) => startCheckout(t.db, user, body, testCheckoutProvider, FIXED_NOW);
    expect(await check(seller, { promotion: { listingId: live, days: 7, price: 1 } })).toMatchObject({ ok: true });
    expect(await check(other, { promotion: { listingId: live, days: 7 } })).toMatchObject({ ok: false, status: 404 });
    expect(await check(seller, { promotion: { listingId: pending, days: 7 } })).toMatchObject({
      ok: false,
      status: 409,
      error: 'Only a verified deal can be promoted.',
    });
    expect(await check(seller, { promotion: { listingId: ended, days: 3 } })).toMatchObject({ ok: false, status: 409 });
    expect(await check(seller, { promotion: { listingId: live, days: 5 } })).toMatchObject({
      ok: false,
      status: 400,
      error: 'Choose 3, 7 or 14 days.',
    });
    expect(await check(seller, { promotion: { listingId: 'x', days: 3 } })).toMatchObject({ ok: false, status: 400 });
  });

  it('the promotion starts when the payment is fulfilled, and days bought again follow the ones already paid', async () => {
    const listing = await listingEndingIn(t.db, 20 * DAY);
    const started = await startCheckout(t.db, seller, { promotion: { listingId: listing, days: 7 } }, testCheckoutProvider, FIXED_NOW);
    if (!started.ok) throw new Error(started.error);
    expect(started.value).toMatchObject({ url: expect.stringContaining('/checkout/') });
    // Not paid yet: nothing is promoted.
    expect(await listPromotedListings(t.db, { now: FIXED_NOW })).toEqual([]);
    const paidAt = new Date(FIXED_NOW.getTime() + HOUR);
    await fulfilCheckout(t.db, started.value.id, paidAt);
    await fulfilCheckout(t.db, started.value.id, paidAt); // a second report makes nothing more
    const rows = await t.db.select().from(promotions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ listingId: listing, sellerId: seller.id, days: 7, priceBirr: 300, startsAt: paidAt });
    expect(rows[0]!.endsAt).toEqual(new Date(paidAt.getTime() + 7 * DAY));

    await promote(seller, listing, 3, paidAt);
    const both = await t.db.select().from(promotions).orderBy(promotions.id);
    expect(both[1]!.startsAt).toEqual(both[0]!.endsAt);
    expect((await promotionStates(t.db, [listing], paidAt)).get(listing)).toMatchObject({ daysLeft: 10 });
    const [update] = await t.db.select().from(paymentUpdates).where(eq(paymentUpdates.status, 'paid')).limit(1);
    expect(update!.message).toBe('Payment of 300 Birr received for a 7-day promotion of Electric Injera Mitad.');
  });

  it('shows at most 3 a page, of its category, never for deals unverified or ended, nor after the promotion ends', async () => {
    const appliances = [];
    for (let i = 0; i < 5; i++) appliances.push(await listingEndingIn(t.db, 20 * DAY, { productName: `Mitad ${i}` }));
    const phone = await listingEndingIn(t.db, 20 * DAY, { category: 'phones', productName: 'Phone' });
    for (const l of [...appliances, phone]) await promote(seller, l, 3);
    const page1 = await listPromotedListings(t.db, { category: 'appliances', now: FIXED_NOW }, 1);
    expect(page1).toHaveLength(PROMOTED_PER_PAGE);
    expect(page1.every((l) => l.category === 'appliances')).toBe(true);
    // The next page shows the next ones round the circle.
    const page2 = await listPromotedListings(t.db, { category: 'appliances', now: FIXED_NOW }, 2);
    expect(new Set([...page1, ...page2].map((l) => l.id)).size).toBe(5);
    expect((await listPromotedListings(t.db, { category: 'phones', now: FIXED_NOW })).map((l) => l.id)).toEqual([phone]);

    // Unverified (an edit waiting for review) and ended deals are not shown.
    await t.db.update(listings).set({ status: 'pending' }).where(eq(listings.id, phone));
    expect(await listPromotedListings(t.db, { category: 'phones', now: FIXED_NOW })).toEqual([]);
    const later = new Date(FIXED_NOW.getTime() + 2 * DAY);
    await t.db
      .update(listings)
      .set({ endsAt: new Date(later.getTime() - HOUR) })
      .where(eq(listings.id, appliances[0]!));
    const all = async (now: Date) => {
      const seen = new Set<number>();
      for (let k = 0; k < 5; k++)
        for (const l of await listPromotedListings(t.db, { category: 'appliances', now: new Date(now.getTime() + k * ROTATION_MS) }))
          seen.add(l.id);
      return seen;
    };
    expect((await all(later)).has(appliances[0]!)).toBe(false);
    expect((await all(later)).size).toBe(4);
    // After the 3 days, nothing is promoted.
    expect(await listPromotedListings(t.db, { category: 'appliances', now: new Date(FIXED_NOW.getTime() + 3 * DAY + 1) })).toEqual([]);
  });

  it('takes turns fairly: over n turns each of n promoted deals is shown 3 times, once in each place', async () => {
    const n = 5;
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await listingEndingIn(t.db, 20 * DAY, { productName: `Deal ${i}` }));
    for (const id of ids) await promote(seller, id, 14);
    const shown = new Map(ids.map((id) => [id, [0, 0, 0]]));
    for (let turn = 0; turn < n; turn++) {
      const slot = await listPromotedListings(t.db, { category: 'appliances', now: new Date(FIXED_NOW.getTime() + turn * ROTATION_MS) });
      expect(slot).toHaveLength(3);
      slot.forEach((l, place) => shown.get(l.id)![place]!++);
    }
    for (const id of ids) expect(shown.get(id)).toEqual([1, 1, 1]);
  });

  it('the home page takes promoted deals of any category', async () => {
    const a = await listingEndingIn(t.db, 20 * DAY);
    const b = await listingEndingIn(t.db, 20 * DAY, { category: 'phones' });
    await promote(seller, a, 3);
    await promote(seller, b, 3);
    expect((await listPromotedListings(t.db, { now: FIXED_NOW })).map((l) => l.id).sort()).toEqual([a, b].sort());
  });

  it('an admin ends a promotion, once: the unused days back to the wallet, or no refund', async () => {
    const listing = await listingEndingIn(t.db, 20 * DAY);
    await promote(seller, listing, 14);
    await promote(seller, listing, 3);
    const [first, second] = await t.db.select().from(promotions).orderBy(promotions.id);
    const halfway = new Date(FIXED_NOW.getTime() + 7 * DAY);
    expect(await endPromotion(t.db, seller, { id: first!.id, refund: 'unused' }, halfway)).toMatchObject({ ok: false, status: 403 });
    const active = await activePromotions(t.db, admin, halfway);
    expect(active.ok && active.value.map((p) => p.id)).toEqual([first!.id, second!.id]);

    expect(await endPromotion(t.db, admin, { id: first!.id, refund: 'unused' }, halfway)).toEqual({
      ok: true,
      value: { id: first!.id, refundBirr: 250, refundMethod: 'wallet' },
    });
    expect(await endPromotion(t.db, admin, { id: first!.id, refund: 'unused' }, halfway)).toMatchObject({ ok: false, status: 409 });
    // The queued one has not started: its whole price is unused; this one ends without a refund.
    expect(await endPromotion(t.db, admin, { id: second!.id, refund: 'none' }, halfway)).toMatchObject({
      ok: true,
      value: { refundBirr: 0 },
    });
    expect((await walletOf(t.db, seller.id, { page: 1, pageSize: 10 })).balance).toBe(250);
    expect(await t.db.select().from(walletEntries)).toHaveLength(1);
    expect(await listPromotedListings(t.db, { now: halfway })).toEqual([]);
    expect(await promotionStates(t.db, [listing], halfway)).toEqual(new Map());
    const updates = await t.db.select().from(paymentUpdates).where(eq(paymentUpdates.userId, seller.id)).orderBy(paymentUpdates.id);
    expect(updates.slice(-2).map((u) => u.message)).toEqual([
      'Sefer ended the promotion of Electric Injera Mitad; 250 Birr for the unused days was refunded.',
      'Sefer ended the promotion of Electric Injera Mitad.',
    ]);
  });
});
