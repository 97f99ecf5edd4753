/**
 * Ending a live deal now, on a real database: the owner's deal ends (its stored end at or before
 * now, the form's maths agreeing), leaves the lists of running deals, stays verified and may be
 * renewed; a second end, someone else's deal, and deals that are not live are refused.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { discountState } from './discount.ts';
import { endListingNow } from './end-listing.server.ts';
import { insertListing } from './listings.server.ts';
import { listPublicListings } from './public-listings.server.ts';
import { renewOwnListing } from './renewals/renewals.server.ts';
import { DAY, FIXED_NOW, SELLER_SESSION, createSeller, draft, listingEndingIn } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const seller = SELLER_SESSION;
const other = { ...SELLER_SESSION, id: 'seller-2', email: 'seller-2@test.invalid' };
const admin = { ...SELLER_SESSION, id: 'admin-1', email: 'admin@test.invalid', isAdmin: true };

describe.each(drivers())('ending a deal now on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await createSeller(t.db, seller.id, seller.email);
      await createSeller(t.db, other.id, other.email);
      await createSeller(t.db, admin.id, admin.email);
    },
  });

  const endingSoon = async () =>
    (await listPublicListings(t.db, { list: 'ending-soon', now: FIXED_NOW }, { page: 1, pageSize: 24 })).items.map((l) => l.id);
  const row = async (id: number) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;

  it("ends the owner's live deal once: it leaves the running lists, stays verified and may be renewed", async () => {
    const id = await listingEndingIn(t.db, 3 * DAY);
    expect(await endingSoon()).toEqual([id]);

    const ended = await endListingNow(t.db, seller, id, FIXED_NOW);
    expect(ended).toMatchObject({ ok: true, value: { id, productName: 'Electric Injera Mitad' } });
    const deal = await row(id);
    expect(deal.status).toBe('verified');
    expect(deal.endsAt!.getTime()).toBeLessThanOrEqual(FIXED_NOW.getTime());
    expect(
      discountState(
        {
          discount: deal.discount,
          datePosted: deal.datePosted,
          startDays: deal.discountStartDays,
          durationDays: deal.discountDurationDays,
        },
        FIXED_NOW,
      ).kind,
    ).toBe('expired');
    expect(await endingSoon()).toEqual([]);

    expect(await endListingNow(t.db, seller, id, FIXED_NOW)).toEqual({ ok: false, reason: 'not-live' });
    // Ended, so due: the seller may run it again.
    expect((await renewOwnListing(t.db, seller.id, id, FIXED_NOW)).ok).toBe(true);
  });

  it("refuses someone else's deal (an admin may), a missing one, and deals that are not live", async () => {
    const id = await listingEndingIn(t.db, 3 * DAY);
    expect(await endListingNow(t.db, other, id, FIXED_NOW)).toEqual({ ok: false, reason: 'not-yours' });
    expect(await endListingNow(t.db, null, id, FIXED_NOW)).toEqual({ ok: false, reason: 'not-yours' });
    expect(await endListingNow(t.db, seller, id + 100, FIXED_NOW)).toEqual({ ok: false, reason: 'missing' });
    expect((await row(id)).endsAt!.getTime()).toBeGreaterThan(FIXED_NOW.getTime());
    expect((await endListingNow(t.db, admin, id, FIXED_NOW)).ok).toBe(true);

    const pending = await insertListing(t.db, draft(), { status: 'pending', datePosted: FIXED_NOW });
    const waiting = await listingEndingIn(t.db, 3 * DAY, { discount: 'waiting' });
    const over = await listingEndingIn(t.db, -DAY);
    const hidden = await listingEndingIn(t.db, 3 * DAY);
    await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'reports' }).where(eq(listings.id, hidden));
    for (const deal of [pending, waiting, over, hidden]) {
      expect(await endListingNow(t.db, seller, deal, FIXED_NOW)).toEqual({ ok: false, reason: 'not-live' });
    }
  });
});
