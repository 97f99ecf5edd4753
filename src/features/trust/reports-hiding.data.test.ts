import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, listings, reports, users } from '#db/schema.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
// The seller's notice is sent by the `notice` job (decision 27).
import '#features/accounts/notices/jobs.server.ts';
import { config } from '#platform/config/config.server.ts';
import { addComment, listComments } from '#features/community/comments.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { createRequest, listRequests } from '#features/community/requests.server.ts';
import { fileReport, hiddenNotices } from './reports.server.ts';
import { decideReport, reportQueue } from './report-review.server.ts';
import { reportSchema } from './reports.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers } from '#tests/db/test-database.ts';
import {
  admin,
  before,
  everywhere,
  mailsMentioning,
  nowhere,
  person,
  report,
  reporter,
  useReportsData,
  whereListed,
} from './reports.test-kit.server.ts';

describe.each(drivers())('reports and bans on %s', (driver) => {
  const { t, verified, file, withThreshold } = useReportsData(driver);

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
    await runDueJobs(t.db);
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
    for (const who of ['r1', 'r2', 'r3']) await file(who, 'listing', tgDeal);
    await runDueJobs(t.db);
    expect(await whereListed(t.db, tgDeal)).toMatchObject({ detail: false });
    expect(await mailsMentioning(tgName)).toEqual([]);
    // Its notice was queued and handled all the same: a linked Telegram chat gets it (notices.data.test.ts).
    const notices = await t.db.select({ payload: jobs.payload, doneAt: jobs.doneAt }).from(jobs).where(eq(jobs.name, 'notice'));
    expect(notices).toContainEqual({
      payload: expect.objectContaining({ userId: 'tg-seller', kind: 'listing-hidden' }),
      doneAt: expect.any(Date),
    });
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
});
