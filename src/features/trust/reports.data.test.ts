import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '#db/client.ts';
import { accounts, comments, listings, moderationDecisions, reports, requests, sessions, users } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { authErrorMessage, createAuth, sessionUser } from '#features/accounts/auth.server.ts';
import { banAccount, bannedAccounts, unbanAccount } from './bans.server.ts';
import { addComment, listComments } from '#features/community/comments.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { getPublicListing, listPublicListings, listPublicListingsWithImages } from '#features/listings/public-listings.server.ts';
import { createRequest, listRequests } from '#features/community/requests.server.ts';
import { decideReport, fileReport, hiddenNotices, hiddenItems, reportQueue } from './reports.server.ts';
import { sitemapListings } from '#features/listings/sitemap-listings.server.ts';
import { reportSchema } from './reports.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

// Read by config() on first use, before any test runs.
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
process.env.ADMIN_EMAILS = 'admin-1@test.invalid,admin-2@test.invalid';
process.env.AUTH_SECRET = SECRET;
// Codes go to this run's own outbox.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'sefer-reports-test-'));

const person = (id: string, isAdmin = false): SessionUser => ({
  id,
  email: `${id}@test.invalid`,
  name: id,
  firstName: null,
  lastName: null,
  image: null,
  isAdmin,
});
const admin = person('admin-1', true);
const report = (kind: 'listing' | 'request' | 'comment', id: number, reason = 'scam', details?: string) =>
  reportSchema.parse({ kind, id, reason, details });

/** Where a public listing can be found: category list, search, detail, API and sitemap. */
async function whereListed(db: Database, id: number) {
  const now = FIXED_NOW;
  const paging = { page: 1, pageSize: 50 };
  const inList = (await listPublicListings(db, { category: 'appliances', now }, paging)).items.some((l) => l.id === id);
  const inSearch = (await listPublicListings(db, { query: 'mitad', now }, paging)).items.some((l) => l.id === id);
  const detail = (await getPublicListing(db, id)) !== null;
  const inApi = (await listPublicListingsWithImages(db, { now }, paging)).items.some((l) => l.id === id);
  const inSitemap = (await sitemapListings(db, 1)).some((l) => l.id === id);
  return { inList, inSearch, detail, inApi, inSitemap };
}
const everywhere = { inList: true, inSearch: true, detail: true, inApi: true, inSitemap: true };
const nowhere = { inList: false, inSearch: false, detail: false, inApi: false, inSitemap: false };

/** The established reporters: a month old, with a confirmed email (createSeller's). */
const ESTABLISHED = ['r1', 'r2', 'r3', 'r4', 'r5'];
const before = (ms: number) => new Date(FIXED_NOW.getTime() - ms);

/** An account made `ageMs` before FIXED_NOW that has shown a confirmed email, a linked Telegram, or nothing. */
async function reporter(db: Database, id: string, ageMs: number, shown: 'email' | 'telegram' | 'nothing' = 'email') {
  const email = shown === 'telegram' ? `${id}@telegram.invalid` : `${id}@test.invalid`;
  await db.insert(users).values({ id, name: `Reporter ${id}`, email, emailVerified: shown !== 'nothing', createdAt: before(ageMs) });
  if (shown === 'telegram')
    await db.insert(accounts).values({ id: `tg-${id}`, accountId: `telegram-${id}`, providerId: 'telegram', userId: id });
}

/** An outbox email's headers and its text, decoded (nodemailer picks base64 or quoted-printable). */
function decodedMail(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding: (.+)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(body);
  return { headers, text: bytes.toString('utf8') };
}

/** The emails in this run's outbox whose text mentions `text`. */
async function mailsMentioning(text: string): Promise<{ headers: string; text: string }[]> {
  const outbox = path.join(process.env.DATA_DIR!, 'outbox');
  const files = await readdir(outbox).catch(() => []);
  const mails = await Promise.all(files.map(async (f) => decodedMail(await readFile(path.join(outbox, f), 'utf8'))));
  return mails.filter((mail) => mail.text.includes(text));
}

describe.each(drivers())('reports and bans on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const id of ['seller-1', ...ESTABLISHED, 'admin-1']) await createSeller(t.db, id);
      await t.db
        .update(users)
        .set({ createdAt: before(30 * DAY) })
        .where(inArray(users.id, ESTABLISHED));
    },
  });
  const verified = (productName?: string) =>
    insertListing(t.db, draft(productName ? { productName } : {}), { status: 'verified', datePosted: new Date(FIXED_NOW.getTime() - DAY) });
  /** A report from `who`, each account from its own address unless `address` is given. */
  const file = (who: string, kind: 'listing' | 'request' | 'comment', id: number, reason = 'scam', address = `address of ${who}`) =>
    fileReport(t.db, person(who), report(kind, id, reason), { address, now: FIXED_NOW });
  /** Runs `test` with REPORT_HIDE_THRESHOLD at `threshold`. */
  async function withThreshold(threshold: number, test: () => Promise<void>) {
    const configured = config().reportHideThreshold;
    config().reportHideThreshold = threshold;
    try {
      await test();
    } finally {
      config().reportHideThreshold = configured;
    }
  }

  it('hides a listing once three different accounts reported it, not before, from every list, search, detail, API and sitemap', async () => {
    const id = await verified();
    expect(await whereListed(t.db, id)).toEqual(everywhere);
    expect(await file('r1', 'listing', id)).toEqual({ ok: true, value: 'sent' });
    expect(await file('r2', 'listing', id, 'prepayment')).toEqual({ ok: true, value: 'sent' });
    expect(await whereListed(t.db, id)).toEqual(everywhere);
    expect(await file('r3', 'listing', id)).toEqual({ ok: true, value: 'sent' });
    expect(await whereListed(t.db, id)).toEqual(nowhere);
    const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ hiddenReason: 'reports', hiddenAt: FIXED_NOW });
    // Its seller sees why in My Posts.
    expect((await hiddenNotices(t.db, [id])).get(id)).toEqual({ reason: 'reports', count: 3, reasons: ['scam', 'prepayment'] });
    // A hidden listing can no longer be reported.
    expect(await file('r4', 'listing', id)).toMatchObject({ ok: false, status: 404 });
  });

  it('three accounts created in the same minute cannot hide a listing by reporting it, and an admin sees their reports first', async () => {
    // An older item with one report from an established account: oldest, but fewer reports.
    const older = await verified('Older mitad');
    await fileReport(t.db, person('r1'), report('listing', older, 'duplicate'), { address: 'address of r1', now: before(5 * 60_000) });
    const id = await verified();
    // Made seconds apart, all with a confirmed email, reporting from one address within the minute.
    for (const [i, who] of ['t1', 't2', 't3'].entries()) await reporter(t.db, who, 50_000 - i * 10_000);
    for (const who of ['t1', 't2', 't3'])
      expect(await file(who, 'listing', id, 'scam', 'one address')).toEqual({ ok: true, value: 'sent' });
    expect(await whereListed(t.db, id)).toEqual(everywhere);
    expect((await t.db.select().from(listings).where(eq(listings.id, id)))[0]).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(await hiddenNotices(t.db, [id])).toEqual(new Map());
    // From three addresses it is the same: a new account counts nothing toward hiding.
    const second = await verified('Second mitad');
    for (const who of ['t1', 't2', 't3']) await file(who, 'listing', second);
    expect(await whereListed(t.db, second)).toMatchObject({ detail: true });

    const queue = await reportQueue(t.db, admin);
    expect(queue.ok && queue.value.map((g) => [g.id, g.count, g.weight])).toEqual([
      [id, 3, 0],
      [second, 3, 0],
      [older, 1, 1],
    ]);
    expect(queue.ok && queue.value[0]!.reports.map((r) => [r.reporterName, r.weight])).toEqual([
      ['Reporter t1', 0],
      ['Reporter t2', 0],
      ['Reporter t3', 0],
    ]);
  });

  it('established reporters from different addresses hide a listing; from one address they count once', async () => {
    const apart = await verified('Apart mitad');
    for (const who of ['r1', 'r2', 'r3']) await file(who, 'listing', apart);
    expect(await whereListed(t.db, apart)).toEqual(nowhere);

    const together = await verified('Together mitad');
    for (const who of ['r1', 'r2', 'r3', 'r4', 'r5'])
      expect(await file(who, 'listing', together, 'scam', 'one office')).toMatchObject({ ok: true });
    expect(await whereListed(t.db, together)).toEqual(everywhere);
    // The addresses are kept only as keyed hashes.
    const rows = await t.db.select().from(reports).where(eq(reports.itemId, together));
    expect(new Set(rows.map((r) => r.addressHash)).size).toBe(1);
    expect(rows[0]!.addressHash).not.toContain('one office');
    expect(rows[0]!.addressHash).toMatch(/^[\w-]{32}$/);
    // Two more addresses make three sources.
    await createSeller(t.db, 'r6');
    await createSeller(t.db, 'r7');
    await t.db
      .update(users)
      .set({ createdAt: before(30 * DAY) })
      .where(inArray(users.id, ['r6', 'r7']));
    await file('r6', 'listing', together);
    expect(await whereListed(t.db, together)).toEqual(everywhere);
    await file('r7', 'listing', together);
    expect(await whereListed(t.db, together)).toEqual(nowhere);
  });

  it('weighs each report by what its reporter had shown: age, a confirmed email or Telegram, a verified listing, an upheld report', async () => {
    const day = DAY;
    await reporter(t.db, 'half-email', 2 * day);
    await reporter(t.db, 'half-telegram', 2 * day, 'telegram');
    await reporter(t.db, 'seller-new', 2 * day);
    await insertListing(t.db, draft({ ownerId: 'seller-new', productName: 'Own deal' }), { status: 'verified', datePosted: before(day) });
    await reporter(t.db, 'upheld', 2 * day);
    await reporter(t.db, 'nothing-shown', 60 * day, 'nothing');
    await reporter(t.db, 'telegram-unlinked', 60 * day);
    await t.db.update(users).set({ email: 'telegram-unlinked@telegram.invalid' }).where(eq(users.id, 'telegram-unlinked'));
    await reporter(t.db, 'a-day-short', day - 60_000);
    await insertListing(t.db, draft({ ownerId: 'a-day-short', productName: 'Fresh deal' }), {
      status: 'verified',
      datePosted: before(day),
    });
    // 'upheld' reported a request that an admin then hid.
    const request = await createRequest(t.db, { name: 'S', message: 'Pay me first', userId: 'seller-1' });
    await file('upheld', 'request', request.id, 'prepayment');
    await decideReport(t.db, admin, { action: 'hide', kind: 'request', id: request.id }, FIXED_NOW);

    const id = await verified();
    const weights: Record<string, number> = {};
    for (const who of ['nothing-shown', 'telegram-unlinked', 'a-day-short', 'half-email', 'half-telegram', 'seller-new']) {
      await file(who, 'listing', id);
      weights[who] = (
        await t.db
          .select()
          .from(reports)
          .where(and(eq(reports.itemId, id), eq(reports.reporterId, who)))
      )[0]!.weight;
    }
    expect(weights).toEqual({
      'nothing-shown': 0,
      'telegram-unlinked': 0,
      'a-day-short': 0,
      'half-email': 0.5,
      'half-telegram': 0.5,
      'seller-new': 1,
    });
    expect(await whereListed(t.db, id)).toEqual(everywhere);
    await file('upheld', 'listing', id);
    expect((await t.db.select().from(reports).where(eq(reports.reporterId, 'upheld'))).map((r) => r.weight).sort()).toEqual([0.5, 1]);
    expect(await whereListed(t.db, id)).toEqual(nowhere);
    // The seller sees every reporter counted, whatever they weighed.
    expect((await hiddenNotices(t.db, [id])).get(id)).toMatchObject({ reason: 'reports', count: 7 });
  });

  it('reads REPORT_HIDE_THRESHOLD: two established reports hide at 2, five are needed at 5', async () => {
    await withThreshold(2, async () => {
      const id = await verified('Two mitad');
      await file('r1', 'listing', id);
      expect(await whereListed(t.db, id)).toEqual(everywhere);
      await file('r2', 'listing', id);
      expect(await whereListed(t.db, id)).toEqual(nowhere);
    });
    await withThreshold(5, async () => {
      const id = await verified('Five mitad');
      for (const who of ['r1', 'r2', 'r3', 'r4']) await file(who, 'listing', id);
      expect(await whereListed(t.db, id)).toEqual(everywhere);
      await file('r5', 'listing', id);
      expect(await whereListed(t.db, id)).toEqual(nowhere);
    });
  });

  it('emails the seller once when reports hide a deal: which deal, the reasons, and that an admin will review it', async () => {
    const productName = `Reported mitad ${driver}`;
    const id = await verified(productName);
    await file('r1', 'listing', id, 'prepayment');
    await file('r2', 'listing', id, 'scam');
    expect(await mailsMentioning(productName)).toEqual([]);
    await file('r3', 'listing', id, 'scam');
    const mails = await mailsMentioning(productName);
    expect(mails).toHaveLength(1);
    const { headers, text } = mails[0]!;
    expect(headers).toMatch(/^To: seller-1@test\.invalid$/m);
    expect(text).toContain(`"${productName}" is hidden from Sefer's public pages`);
    expect(text).toContain('Reasons given: Scam or fake, Asked for payment in advance');
    expect(text).toContain('An admin will review it.');
    expect(text).toContain(`${config().siteUrl}/myposts`);
    // In Amharic too (its reasons in Amharic): the seller's language is not kept.
    expect(text).toContain('ማጭበርበር ወይም ሐሰተኛ, አስቀድሞ ክፍያ ጠየቀ');
    expect(text).toContain(`${config().siteUrl}/am/myposts`);

    // A Telegram seller without an email is not written to.
    await reporter(t.db, 'tg-seller', 60 * DAY, 'telegram');
    const tgName = `Telegram mitad ${driver}`;
    const tgDeal = await insertListing(t.db, draft({ ownerId: 'tg-seller', productName: tgName }), {
      status: 'verified',
      datePosted: before(DAY),
    });
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    try {
      for (const who of ['r1', 'r2', 'r3']) await file(who, 'listing', tgDeal);
    } finally {
      spy.mockRestore();
    }
    expect(await whereListed(t.db, tgDeal)).toMatchObject({ detail: false });
    expect(await mailsMentioning(tgName)).toEqual([]);
    expect(logged.some((line) => line.includes(tgName) && line.includes('not sent'))).toBe(true);
  });

  it('one report per account and item: a second is no error, and does not count twice', async () => {
    const id = await verified();
    expect(await file('r1', 'listing', id)).toEqual({ ok: true, value: 'sent' });
    expect(await file('r1', 'listing', id, 'duplicate')).toEqual({ ok: true, value: 'already' });
    // Even at once: the unique index keeps one.
    await Promise.all([file('r2', 'listing', id), file('r2', 'listing', id)]);
    expect(await t.db.$count(reports)).toBe(2);
    expect(await whereListed(t.db, id)).toEqual(everywhere);
  });

  it('only public items can be reported, and `other` needs details', async () => {
    const pending = await insertListing(t.db, draft(), { status: 'pending' });
    expect(await file('r1', 'listing', pending)).toMatchObject({ ok: false, status: 404 });
    expect(await file('r1', 'request', 999)).toMatchObject({ ok: false, status: 404 });
    expect(reportSchema.safeParse({ kind: 'listing', id: 1, reason: 'other', details: '  ' }).success).toBe(false);
    expect(reportSchema.safeParse({ kind: 'listing', id: 1, reason: 'other', details: 'x'.repeat(501) }).success).toBe(false);
    expect(reportSchema.parse({ kind: 'listing', id: '1', reason: 'other', details: ' Sold fakes ' }).details).toBe('Sold fakes');
  });

  it('is rate-limited per account', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push((await createRequest(t.db, { name: 'A', message: `m${i}`, userId: null })).id);
    const results = [];
    for (const id of ids) results.push(await file('r1', 'request', id));
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, status: 429 });
  });

  it('hides requests and comments at the threshold too', async () => {
    const listingId = await verified();
    const request = await createRequest(t.db, { name: 'Hana', message: 'Selling cheap', userId: 'seller-1' });
    const comment = await addComment(t.db, { id: 'seller-1', name: 'S' }, { listingId, imageId: 'photo', comment: 'pay first' });
    for (const who of ['r1', 'r2', 'r3']) {
      await file(who, 'request', request.id, 'offensive');
      await file(who, 'comment', comment!.id, 'prepayment');
    }
    expect((await listRequests(t.db, 10)).items).toEqual([]);
    expect(await listComments(t.db, listingId, 'photo')).toEqual([]);
  });

  it('the admin queue: open reports grouped by item, the most reported first, each oldest first, with reasons, details and reporters', async () => {
    const a = await verified();
    const b = await verified();
    const at = (minutes: number) => ({ address: null, now: new Date(FIXED_NOW.getTime() + minutes * 60_000) });
    await fileReport(t.db, person('r1'), report('listing', b, 'scam'), at(1));
    await fileReport(t.db, person('r1'), report('listing', a, 'other', 'Fake photos'), at(2));
    await fileReport(t.db, person('r2'), report('listing', b, 'duplicate'), at(3));
    const queue = await reportQueue(t.db, admin);
    expect(queue.ok && queue.value.map((g) => [g.id, g.reports.map((r) => [r.reporterName, r.reason, r.details])])).toEqual([
      [
        b,
        [
          ['Seller r1', 'scam', null],
          ['Seller r2', 'duplicate', null],
        ],
      ],
      [a, [['Seller r1', 'other', 'Fake photos']]],
    ]);
    expect(queue.ok && queue.value.map((g) => [g.count, g.weight])).toEqual([
      [2, 2],
      [1, 1],
    ]);
    expect(queue.ok && queue.value[0]!.item).toMatchObject({ kind: 'listing', author: { id: 'seller-1' }, hiddenReason: null });
    expect(await reportQueue(t.db, person('r1'))).toMatchObject({ ok: false, status: 403 });
  });

  it('dismiss makes a threshold-hidden listing public again and closes its reports; hide hides it', async () => {
    const id = await verified();
    for (const who of ['r1', 'r2', 'r3']) await file(who, 'listing', id);
    expect(await whereListed(t.db, id)).toEqual(nowhere);
    expect(await decideReport(t.db, admin, { action: 'dismiss', kind: 'listing', id }, FIXED_NOW)).toEqual({ ok: true, value: 'dismiss' });
    expect(await whereListed(t.db, id)).toEqual(everywhere);
    const closed = await t.db.select().from(reports).where(eq(reports.itemId, id));
    expect(closed.every((r) => r.resolution === 'dismissed' && r.resolvedBy === 'admin-1' && r.resolvedAt)).toBe(true);
    expect(await reportQueue(t.db, admin)).toEqual({ ok: true, value: [] });
    // One more report does not hide it again (the dismissed ones no longer count).
    await file('r4', 'listing', id);
    expect(await whereListed(t.db, id)).toEqual(everywhere);

    expect(await decideReport(t.db, admin, { action: 'hide', kind: 'listing', id }, FIXED_NOW)).toEqual({ ok: true, value: 'hide' });
    expect(await whereListed(t.db, id)).toEqual(nowhere);
    expect((await hiddenNotices(t.db, [id])).get(id)).toMatchObject({ reason: 'admin' });
    expect((await hiddenItems(t.db, admin)).ok && (await hiddenItems(t.db, admin))).toMatchObject({
      value: [{ id, hiddenReason: 'admin' }],
    });
    const decisions = await t.db.select().from(moderationDecisions).orderBy(moderationDecisions.id);
    expect(decisions.map((d) => [d.itemKind, d.itemId, d.action, d.adminId])).toEqual([
      ['listing', String(id), 'dismiss', 'admin-1'],
      ['listing', String(id), 'hide', 'admin-1'],
    ]);
    expect(await decideReport(t.db, person('r1'), { action: 'hide', kind: 'listing', id })).toMatchObject({ ok: false, status: 403 });
  });

  it("a ban takes the account's listings, requests and comments off every public read at once, ends its sessions, and unbanning brings them back", async () => {
    const id = await verified();
    const other = await insertListing(t.db, draft({ ownerId: 'r4', productName: 'Other mitad' }), {
      status: 'verified',
      datePosted: FIXED_NOW,
    });
    const request = await createRequest(t.db, { name: 'S', message: 'Buy my mitad', userId: 'seller-1' });
    await addComment(t.db, { id: 'seller-1', name: 'S' }, { listingId: other, imageId: 'photo', comment: 'Mine is cheaper' });
    await t.db.insert(sessions).values({ id: 's1', token: 'tok', userId: 'seller-1', expiresAt: new Date(Date.now() + DAY) });
    for (const who of ['r1', 'r2', 'r3']) await file(who, 'listing', id);
    expect(await decideReport(t.db, admin, { action: 'ban', kind: 'listing', id, reason: 'Scams' }, FIXED_NOW)).toEqual({
      ok: true,
      value: 'ban',
    });
    expect(await whereListed(t.db, id)).toEqual(nowhere);
    expect(await whereListed(t.db, other)).toEqual(everywhere);
    expect((await listRequests(t.db, 10)).items.map((r) => r.id)).not.toContain(request.id);
    expect(await listComments(t.db, other, 'photo')).toEqual([]);
    expect(await t.db.$count(sessions, eq(sessions.userId, 'seller-1'))).toBe(0);
    const [user] = await t.db.select().from(users).where(eq(users.id, 'seller-1'));
    expect(user).toMatchObject({ bannedAt: FIXED_NOW, bannedBy: 'admin-1', banReason: 'Scams' });
    expect(await bannedAccounts(t.db)).toMatchObject([{ id: 'seller-1', banReason: 'Scams' }]);
    expect((await t.db.select().from(reports)).map((r) => [r.resolution, r.resolvedBy])).toEqual(Array(3).fill(['banned', 'admin-1']));
    // The ban keeps it hidden now; its threshold hide is closed with its reports.
    expect((await t.db.select().from(listings).where(eq(listings.id, id)))[0]).toMatchObject({ hiddenAt: null, sellerBanned: true });

    expect(await decideReport(t.db, admin, { action: 'unban', user: 'seller-1' }, FIXED_NOW)).toEqual({ ok: true, value: 'unban' });
    expect(await whereListed(t.db, id)).toEqual(everywhere);
    expect((await listRequests(t.db, 10)).items.map((r) => r.id)).toContain(request.id);
    expect(await listComments(t.db, other, 'photo')).toHaveLength(1);
    expect(await bannedAccounts(t.db)).toEqual([]);
    const decisions = await t.db.select().from(moderationDecisions).where(eq(moderationDecisions.itemKind, 'account'));
    expect(decisions.map((d) => [d.itemId, d.action, d.adminId, d.note])).toEqual([
      ['seller-1', 'ban', 'admin-1', 'Scams'],
      ['seller-1', 'unban', 'admin-1', null],
    ]);
    // Unbanning leaves an admin's own hide alone.
    await decideReport(t.db, admin, { action: 'hide', kind: 'request', id: request.id });
    await banAccount(t.db, admin, 'seller-1', null);
    await unbanAccount(t.db, admin, 'seller-1');
    const [req] = await t.db.select().from(requests).where(eq(requests.id, request.id));
    expect(req).toMatchObject({ hiddenReason: 'admin', authorBanned: false });
    expect(await t.db.$count(comments, and(eq(comments.userId, 'seller-1'), eq(comments.authorBanned, true)))).toBe(0);
  });

  it('admins cannot ban themselves or another admin', async () => {
    await createSeller(t.db, 'admin-2');
    expect(await banAccount(t.db, admin, 'admin-1', null)).toMatchObject({ ok: false, status: 403, error: 'You cannot ban yourself.' });
    expect(await banAccount(t.db, admin, 'admin-2', null)).toMatchObject({ ok: false, status: 403, error: 'Admins cannot be banned.' });
    expect(await banAccount(t.db, person('r1'), 'seller-1', null)).toMatchObject({ ok: false, status: 403 });
    expect(await banAccount(t.db, admin, 'nobody', null)).toMatchObject({ ok: false, status: 404 });
  });
});

describe.each(drivers())('a banned account cannot sign in on %s', (driver) => {
  const t = useTestDatabase(driver);

  it('refuses the session with our words, and lets the account in again after the unban', async () => {
    const auth = createAuth(t.db, SECRET);
    const email = 'banned-seller@test.invalid';
    await auth.api.signUpEmail({ body: { email, password: 'a-good-password-1', name: 'Banned' } });
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await createSeller(t.db, 'admin-1');
    expect(await banAccount(t.db, admin, user!.id, 'Scams')).toMatchObject({ ok: true });
    const refused = await auth.api.signInEmail({ body: { email, password: 'a-good-password-1' } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ body: { code: 'ACCOUNT_BANNED' } });
    expect(authErrorMessage(refused, 'fallback')).toMatch(/banned/);
    expect(await t.db.$count(sessions)).toBe(0);
    await unbanAccount(t.db, admin, user!.id);
    const signedIn = await auth.api.signInEmail({ body: { email, password: 'a-good-password-1' }, returnHeaders: true });
    expect(signedIn.response).toMatchObject({ user: { email } });
    // A session read at the very moment of a ban (before its sessions are gone) is nobody's.
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = new Headers({ cookie });
    expect(await sessionUser(t.db, headers)).toMatchObject({ email });
    await t.db.update(users).set({ bannedAt: FIXED_NOW }).where(eq(users.id, user!.id));
    expect(await sessionUser(t.db, headers)).toBeNull();
  });
});
