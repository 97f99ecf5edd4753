/**
 * Seller statistics at the data layer: who is counted (once per visitor, listing and day; never the
 * owner, an admin or a crawler; at most a few a day from one client address, whatever its user
 * agents), the daily salt and the deletion of earlier days' salts, visitor rows and address counts,
 * the /go redirects (they count once and lead only to the listing's own contact), and the
 * 7- and 30-day figures My Posts shows.
 */
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appMeta, listingAddressCounts, listingDailyStats, listings, listingVisitors, type ListingEvent } from '#db/schema.ts';
import {
  countListingEvent,
  forgetEarlierVisitors,
  MAX_COUNTS_PER_ADDRESS,
  saltOfDay,
  statsOfListings,
  type ListingVisit,
} from './listing-stats.server.ts';
import { countPageView } from './view-counting.server.ts';
import { registeredSchedule } from '#platform/jobs/registry.server.ts';
import './jobs.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { GET } from '#pages/go/[id]/[kind].ts';
import { DAY, FIXED_NOW, createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const OTHER_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const owner = { id: 'seller-1', isAdmin: false };
const buyer = { id: 'buyer-1', isAdmin: false };
const admin = { id: 'admin-1', isAdmin: true };

describe.each(drivers())('seller statistics on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const id of ['seller-1', 'seller-2', 'buyer-1', 'admin-1']) await createSeller(t.db, id);
    },
  });

  const verified = (overrides: Parameters<typeof draft>[0] = {}) =>
    insertListing(t.db, draft(overrides), { status: 'verified', datePosted: new Date(FIXED_NOW.getTime() - DAY) });

  const visit = (listingId: number, over: Partial<ListingVisit> = {}): ListingVisit => ({
    listingId,
    event: 'view',
    viewer: null,
    address: '196.188.0.1',
    userAgent: PHONE,
    now: FIXED_NOW,
    ...over,
  });

  async function figures(listingId: number) {
    const rows = await t.db.select().from(listingDailyStats).where(eq(listingDailyStats.listingId, listingId));
    const sum = (k: 'views' | 'telegramTaps' | 'phoneTaps' | 'shares') => rows.reduce((a, r) => a + r[k], 0);
    return { views: sum('views'), telegram: sum('telegramTaps'), phone: sum('phoneTaps'), shares: sum('shares') };
  }

  it('counts a visitor once a day: again the next day, and two visitors twice', async () => {
    const id = await verified();
    expect(await countListingEvent(t.db, visit(id))).toBe(true);
    expect(await countListingEvent(t.db, visit(id, { now: new Date(FIXED_NOW.getTime() + 3_600_000) }))).toBe(false);
    expect(await figures(id)).toMatchObject({ views: 1 });
    expect(await countListingEvent(t.db, visit(id, { address: '196.188.0.2' }))).toBe(true);
    expect(await countListingEvent(t.db, visit(id, { userAgent: OTHER_PHONE }))).toBe(true);
    expect(await figures(id)).toMatchObject({ views: 3 });
    expect(await countListingEvent(t.db, visit(id, { now: new Date(FIXED_NOW.getTime() + DAY) }))).toBe(true);
    expect(await figures(id)).toMatchObject({ views: 4 });
    const stats = await statsOfListings(t.db, [id], new Date(FIXED_NOW.getTime() + DAY));
    expect(stats.get(id)?.dailyViews.slice(-2)).toEqual([3, 1]);
  });

  /** A phone's User-Agent, different for each `i`: what a script changing its User-Agent sends. */
  const agent = (i: number) => PHONE.replace('Chrome/130.0.0.0', `Chrome/130.0.${i}.0`);

  it('counts at most a few views and taps a day from one address, whatever its User-Agent (issue 25)', async () => {
    expect(MAX_COUNTS_PER_ADDRESS).toBe(3);
    const id = await verified();
    for (const event of ['view', 'telegram'] as const) {
      for (let i = 0; i < 25; i++) await countListingEvent(t.db, visit(id, { event, userAgent: agent(i) }));
    }
    expect(await figures(id)).toMatchObject({ views: 3, telegram: 3 });
    // Another address counts again, up to its own few.
    for (let i = 0; i < 5; i++) await countListingEvent(t.db, visit(id, { address: '196.188.0.2', userAgent: agent(i) }));
    expect(await figures(id)).toMatchObject({ views: 6, telegram: 3 });
    // Another listing from the first address counts on its own.
    const other = await verified();
    expect(await countListingEvent(t.db, visit(other, { userAgent: agent(99) }))).toBe(true);
    // The next day the first address counts again.
    const nextDay = new Date(FIXED_NOW.getTime() + DAY);
    for (const event of ['view', 'telegram'] as const) {
      for (let i = 0; i < 25; i++) await countListingEvent(t.db, visit(id, { event, userAgent: agent(i), now: nextDay }));
    }
    const stats = await statsOfListings(t.db, [id], nextDay);
    expect(stats.get(id)).toMatchObject({ views7: 9, telegram7: 6 });
    expect(stats.get(id)?.dailyViews.slice(-2)).toEqual([6, 3]);
  });

  it('keeps to the cap when one address sends its visits all at once', async () => {
    const id = await verified();
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => countListingEvent(t.db, visit(id, { userAgent: agent(i) }))));
    expect(results.filter(Boolean)).toHaveLength(MAX_COUNTS_PER_ADDRESS);
    expect(await figures(id)).toMatchObject({ views: MAX_COUNTS_PER_ADDRESS });
  });

  it('takes the addresses of one IPv6 /64 as one client address', async () => {
    const id = await verified();
    for (let i = 1; i <= 10; i++) {
      await countListingEvent(t.db, visit(id, { address: `2a0d:5600:24:aa01::${i.toString(16)}`, userAgent: agent(i) }));
    }
    expect(await figures(id)).toMatchObject({ views: 3 });
    await countListingEvent(t.db, visit(id, { address: '2a0d:5600:24:aa02::1', userAgent: agent(1) }));
    expect(await figures(id)).toMatchObject({ views: 4 });
  });

  it('counts page views and /go taps through their routes at most a few times from one address', async () => {
    const id = await verified({ contactTelegram: 'https://t.me/bole_home' });
    for (let i = 0; i < 25; i++) {
      const request = new Request(`http://localhost/listings/${id}`, { headers: { 'user-agent': agent(i) } });
      const context = { request, locals: { db: t.db, user: null, now: FIXED_NOW }, clientAddress: '196.188.0.1' };
      await countPageView(context as unknown as Parameters<typeof countPageView>[0], `/listings/${id}`, new Response('ok'));
      const url = new URL(`http://localhost/go/${id}/telegram`);
      const tapped = await GET({
        params: { id: String(id), kind: 'telegram' },
        url,
        request: new Request(url, { headers: { 'user-agent': agent(i) } }),
        locals: { db: t.db, user: null, now: FIXED_NOW, locale: 'en' },
        clientAddress: '196.188.0.1',
      } as unknown as Parameters<typeof GET>[0]);
      expect(tapped.status).toBe(302);
    }
    expect(await figures(id)).toMatchObject({ views: 3, telegram: 3 });
  });

  it("never counts the listing's owner, an admin, a crawler or a request without a user agent", async () => {
    const id = await verified();
    expect(await countListingEvent(t.db, visit(id, { viewer: owner }))).toBe(false);
    expect(await countListingEvent(t.db, visit(id, { viewer: admin }))).toBe(false);
    expect(await countListingEvent(t.db, visit(id, { userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))).toBe(false);
    expect(await countListingEvent(t.db, visit(id, { userAgent: null }))).toBe(false);
    expect(await countListingEvent(t.db, visit(id, { userAgent: '' }))).toBe(false);
    expect(await figures(id)).toEqual({ views: 0, telegram: 0, phone: 0, shares: 0 });
    expect(await t.db.select().from(listingVisitors)).toEqual([]);
    // A signed-in buyer from the very same address and browser is counted.
    expect(await countListingEvent(t.db, visit(id, { viewer: buyer }))).toBe(true);
    expect(await figures(id)).toMatchObject({ views: 1 });
  });

  it("counts only public listings: not a pending, hidden or banned seller's one, nor an unknown id", async () => {
    const pending = await insertListing(t.db, draft(), { status: 'pending', datePosted: FIXED_NOW });
    const hidden = await verified();
    await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'reports' }).where(eq(listings.id, hidden));
    const banned = await verified();
    await t.db.update(listings).set({ sellerBanned: true }).where(eq(listings.id, banned));
    for (const id of [pending, hidden, banned, 99_999]) expect(await countListingEvent(t.db, visit(id))).toBe(false);
    expect(await t.db.select().from(listingDailyStats)).toEqual([]);
  });

  it('counts each kind of event on its own: a view does not stop a tap, and a tap counts once a day', async () => {
    const id = await verified();
    for (const event of ['view', 'telegram', 'phone', 'share', 'telegram', 'share'] as ListingEvent[]) {
      await countListingEvent(t.db, visit(id, { event }));
    }
    expect(await figures(id)).toEqual({ views: 1, telegram: 1, phone: 1, shares: 1 });
  });

  it('is one statement per count once the day has its salt', async () => {
    const id = await verified();
    await countListingEvent(t.db, visit(id));
    t.resetQueryCount();
    await countListingEvent(t.db, visit(id, { address: '196.188.0.9' }));
    expect(t.queryCount()).toBe(1);
  });

  it("deletes earlier days' salts and visitor rows when a day's salt is first made", async () => {
    const id = await verified();
    await countListingEvent(t.db, visit(id));
    const salt1 = await saltOfDay(t.db, '2026-03-10');
    expect(await t.db.select().from(listingVisitors)).toHaveLength(1);
    const nextDay = new Date(FIXED_NOW.getTime() + DAY);
    await countListingEvent(t.db, visit(id, { now: nextDay, address: '196.188.0.7' }));
    const salts = await t.db.select().from(appMeta).where(like(appMeta.key, 'stats_salt:%'));
    expect(salts.map((s) => s.key)).toEqual(['stats_salt:2026-03-11']);
    expect(salts[0]!.value).not.toBe(salt1);
    expect(salts[0]!.value.length).toBeGreaterThanOrEqual(40);
    const visitors = await t.db.select().from(listingVisitors);
    expect(visitors.map((v) => v.day)).toEqual(['2026-03-11']);
    const addresses = await t.db.select().from(listingAddressCounts);
    expect(addresses.map((a) => a.day)).toEqual(['2026-03-11']);
    // Nothing of the visitor or the address is stored but the hash.
    expect(JSON.stringify([visitors, addresses])).not.toContain('196.188');
    // The daily figures stay.
    expect(await figures(id)).toMatchObject({ views: 2 });
  });

  it("forgets earlier days' salts, visitors and address counts by the scheduler, even when nobody counts", async () => {
    expect(registeredSchedule('forget-earlier-visitors')).toMatchObject({ everyMs: 60_000, run: forgetEarlierVisitors });
    const id = await verified();
    await countListingEvent(t.db, visit(id));
    expect(await t.db.select().from(listingAddressCounts)).toHaveLength(1);
    await forgetEarlierVisitors(t.db, FIXED_NOW);
    expect(await t.db.select().from(listingAddressCounts)).toHaveLength(1);
    await forgetEarlierVisitors(t.db, new Date(FIXED_NOW.getTime() + DAY));
    expect(await t.db.select().from(listingAddressCounts)).toEqual([]);
    expect(await t.db.select().from(listingVisitors)).toEqual([]);
    expect(await t.db.select().from(appMeta).where(like(appMeta.key, 'stats_salt:%'))).toEqual([]);
    expect(await figures(id)).toMatchObject({ views: 1 });
  });

  it('sums the 7 and 30 days of every listing of a page in one query, zeros for a listing without figures', async () => {
    const a = await verified();
    const b = await verified();
    const quiet = await verified();
    const day = (n: number) => new Date(FIXED_NOW.getTime() - n * DAY).toISOString().slice(0, 10);
    await t.db.insert(listingDailyStats).values([
      { listingId: a, day: day(0), views: 4, telegramTaps: 2, phoneTaps: 1, shares: 1 },
      { listingId: a, day: day(6), views: 3, telegramTaps: 1 },
      { listingId: a, day: day(7), views: 10, phoneTaps: 5 },
      { listingId: a, day: day(29), views: 20, shares: 2 },
      { listingId: a, day: day(30), views: 1000, telegramTaps: 1000 },
      { listingId: b, day: day(1), views: 1 },
    ]);
    t.resetQueryCount();
    const stats = await statsOfListings(t.db, [a, b, quiet], FIXED_NOW);
    expect(t.queryCount()).toBe(1);
    expect(stats.get(a)).toMatchObject({
      views7: 7,
      views30: 37,
      telegram7: 3,
      telegram30: 3,
      phone7: 1,
      phone30: 6,
      shares7: 1,
      shares30: 3,
    });
    expect(stats.get(a)?.dailyViews).toHaveLength(30);
    expect(stats.get(b)).toMatchObject({ views7: 1, views30: 1 });
    expect(stats.get(quiet)).toMatchObject({ views7: 0, views30: 0, telegram30: 0 });
    expect(await statsOfListings(t.db, [], FIXED_NOW)).toEqual(new Map());
  });

  describe('the /go redirects', () => {
    function tap(id: number | string, kind: string, options: { query?: string; viewer?: typeof buyer | null; locale?: 'en' | 'am' } = {}) {
      const url = new URL(`http://localhost${options.locale === 'am' ? '/am' : ''}/go/${id}/${kind}${options.query ?? ''}`);
      const request = new Request(url, { headers: { 'user-agent': PHONE } });
      const context = {
        params: { id: String(id), kind },
        url,
        request,
        locals: { db: t.db, user: options.viewer ?? null, now: FIXED_NOW, locale: options.locale ?? 'en' },
        clientAddress: '196.188.0.1',
      };
      return inLocale(options.locale ?? 'en', () => GET(context as unknown as Parameters<typeof GET>[0]));
    }

    it("count the tap once and lead to the listing's own Telegram, whatever the query says", async () => {
      const id = await verified({ contactTelegram: 'https://t.me/bole_home' });
      const first = await tap(id, 'telegram', { query: '?url=https://evil.example&to=https://evil.example' });
      expect(first.status).toBe(302);
      // A contact not known to be a channel gets a message naming the deal (contact-links.ts).
      expect(first.headers.get('location')).toMatch(/^https:\/\/t\.me\/bole_home\?text=[^&]+$/);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const again = await tap(id, 'telegram');
      expect(again.headers.get('location')).toMatch(/^https:\/\/t\.me\/bole_home\?text=/);
      expect(await figures(id)).toEqual({ views: 0, telegram: 1, phone: 0, shares: 0 });
    });

    it("lead to another listing's own contact for another listing's id", async () => {
      const mine = await verified({ contactTelegram: 'https://t.me/bole_home' });
      const theirs = await verified({
        ownerId: 'seller-2',
        contactTelegram: 'https://t.me/piassa_shop',
        contactPhone: '+251 922 11 22 33',
      });
      expect((await tap(theirs, 'telegram')).headers.get('location')).toMatch(/^https:\/\/t\.me\/piassa_shop\?text=/);
      expect((await tap(theirs, 'phone')).headers.get('location')).toBe('tel:+251922112233');
      expect(await figures(theirs)).toMatchObject({ telegram: 1, phone: 1 });
      expect(await figures(mine)).toMatchObject({ telegram: 0, phone: 0 });
    });

    it('share through Telegram with the listing page in the page language', async () => {
      const id = await verified({ productName: 'Mitad', companyName: 'Bole Home', discount: '20' });
      const en = new URL((await tap(id, 'share', { query: '?url=https://evil.example' })).headers.get('location')!);
      expect(`${en.origin}${en.pathname}`).toBe('https://t.me/share/url');
      expect(new URL(en.searchParams.get('url')!).pathname).toBe(`/listings/${id}-mitad`);
      expect(en.searchParams.get('text')).toBe('Mitad — 20% OFF — Bole Home');
      const am = new URL((await tap(id, 'share', { locale: 'am' })).headers.get('location')!);
      expect(new URL(am.searchParams.get('url')!).pathname).toBe(`/am/listings/${id}-mitad`);
      expect(await figures(id)).toMatchObject({ shares: 1 });
    });

    it('are a 404 page for a listing without that contact, a bad Telegram address, a hidden or unknown listing, or an unknown kind', async () => {
      const noTelegram = await verified({ contactTelegram: null, contactPhone: null });
      const badTelegram = await verified({ contactTelegram: 'https://evil.example/t.me' });
      const hidden = await verified();
      await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'admin' }).where(eq(listings.id, hidden));
      const pending = await insertListing(t.db, draft(), { status: 'pending', datePosted: FIXED_NOW });
      const ok = await verified();
      for (const [id, kind] of [
        [noTelegram, 'telegram'],
        [noTelegram, 'phone'],
        [badTelegram, 'telegram'],
        [hidden, 'telegram'],
        [pending, 'telegram'],
        [99_999, 'telegram'],
        [ok, 'website'],
        [`${ok}x`, 'telegram'],
      ] as const) {
        const response = await tap(id, kind);
        expect(response.status, `${id}/${kind}`).toBe(404);
        expect(response.headers.get('location')).toBeNull();
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(await response.text()).toContain('This contact link does not work');
      }
      expect(await t.db.select().from(listingDailyStats)).toEqual([]);
    });

    it("redirect the owner without counting the owner's tap", async () => {
      const id = await verified();
      const response = await tap(id, 'telegram', { viewer: { ...owner } });
      expect(response.status).toBe(302);
      expect(await figures(id)).toMatchObject({ telegram: 0 });
    });
  });
});
