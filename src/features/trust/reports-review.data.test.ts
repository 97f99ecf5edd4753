import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, listings, moderationDecisions, reports, requests, sessions, users } from '#db/schema.ts';
import { authErrorMessage, createAuth, sessionUser } from '#features/accounts/auth.server.ts';
import { banAccount, bannedAccounts, unbanAccount } from './bans.server.ts';
import { addComment, listComments } from '#features/community/comments.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { createRequest, listRequests } from '#features/community/requests.server.ts';
import { fileReport, hiddenNotices } from './reports.server.ts';
import { decideReport, hiddenItems, reportQueue } from './report-review.server.ts';
import { createSeller, DAY, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { SECRET, admin, everywhere, nowhere, person, report, useReportsData, whereListed } from './reports.test-kit.server.ts';

describe.each(drivers())('reports and bans on %s', (driver) => {
  const { t, verified, file } = useReportsData(driver);

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
