/**
 * Deals that renew, on a real database: the reminder a day before the end (once per run, its link
 * read back from the outbox), the link's single use and expiry, a date-only renewal that keeps the
 * deal verified and public, a content edit that sends it back to review, and the scheduler that runs them.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { listingRenewals, listings, users, workerLeases } from '#db/schema.ts';
import { registeredSchedule, type Schedule } from '#platform/jobs/registry.server.ts';
import { startScheduler } from '#platform/jobs/scheduler.server.ts';
import './jobs.server.ts';
import '#features/accounts/notices/jobs.server.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { listPublicListings } from '#features/listings/public-listings.server.ts';
import { renewalLink, renewOwnListing, renewWithToken, sendRenewalReminders } from './renewals.server.ts';
import { editListing } from '#features/listings/seller-listings.server.ts';
import { DAY, FIXED_NOW, createSeller, draft, listingEndingIn, SELLER_SESSION } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(FIXED_NOW.getTime() + ms);
const seller = SELLER_SESSION;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-renewals-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The emails in the outbox, decoded from quoted-printable, oldest first. */
async function outbox(): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const decode = (t: string) =>
    Buffer.from(
      t.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return texts.map(decode);
}

/** The /renew/{token} links of an email (English and Amharic pages, the same token). */
function tokensIn(mail: string): string[] {
  return [...new Set([...mail.matchAll(/\/renew\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!))];
}

describe.each(drivers())('renewals on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await rm(path.join(dataDir, 'outbox'), { recursive: true, force: true });
      await createSeller(t.db, seller.id, seller.email);
      await createSeller(t.db, 'seller-2');
    },
  });

  const row = async (id: number) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;
  /** The outbox once the queued notices are sent (the reminder is a notice: decision 27). */
  const mailed = async () => {
    await runDueJobs(t.db);
    return outbox();
  };
  const publicIds = async (now: Date) => (await listPublicListings(t.db, { now }, { page: 1, pageSize: 48 })).items.map((l) => l.id);

  /** The ending-soon list (deals with 1 to 6 days left): a deal past its end is not in it. */
  const endingSoon = async (when: Date) =>
    (await listPublicListings(t.db, { now: when, list: 'ending-soon' }, { page: 1, pageSize: 48 })).items.map((l) => l.id);

  /** A deal ending 12 hours after FIXED_NOW, reminded; its emailed token. */
  async function remindedDeal(duration = 10) {
    const id = await insertListing(t.db, draft({ discountDurationDays: duration }), {
      status: 'verified',
      datePosted: at(12 * HOUR - duration * DAY),
    });
    expect(await sendRenewalReminders(t.db, FIXED_NOW)).toBe(1);
    const mails = await mailed();
    const tokens = tokensIn(mails.at(-1)!);
    expect(tokens).toHaveLength(1);
    return { id, token: tokens[0]!, mail: mails.at(-1)! };
  }

  it('emails the seller of a public deal ending within a day, once per run, with a link only hashed in the database', async () => {
    const due = await listingEndingIn(t.db, 12 * HOUR);
    const later = await listingEndingIn(t.db, 3 * DAY);
    const ended = await listingEndingIn(t.db, -HOUR);
    const pending = await listingEndingIn(t.db, 12 * HOUR);
    await t.db.update(listings).set({ status: 'pending' }).where(eq(listings.id, pending));
    const hidden = await listingEndingIn(t.db, 12 * HOUR);
    await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'admin' }).where(eq(listings.id, hidden));

    expect(await sendRenewalReminders(t.db, FIXED_NOW)).toBe(1);
    expect(await sendRenewalReminders(t.db, at(HOUR))).toBe(0); // the same run: no second email
    const mails = await mailed();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain(`To: ${seller.email}`);
    expect(mail).toContain('Run it again for 2 days');
    expect(mail).toContain('እንደገና'); // Amharic too
    const [token] = tokensIn(mail);
    expect(mail).toContain(`/am/renew/${token}`);

    const [stored] = await t.db.select().from(listingRenewals);
    expect(stored).toMatchObject({ listingId: due, days: 2, usedAt: null });
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(stored!.tokenHash).not.toContain(token!);
    expect(stored!.expiresAt).toEqual(at(12 * HOUR + 7 * DAY));
    expect((await row(due)).renewalRemindedAt).toEqual(FIXED_NOW);
    for (const id of [later, ended, pending, hidden]) expect((await row(id)).renewalRemindedAt).toBeNull();
  });

  it("skips a Telegram account's placeholder address but still claims the deal", async () => {
    await t.db.update(users).set({ email: 'tg-123@telegram.invalid' }).where(eq(users.id, seller.id));
    await listingEndingIn(t.db, 12 * HOUR);
    await sendRenewalReminders(t.db, FIXED_NOW);
    expect(await mailed()).toHaveLength(0);
    expect(await sendRenewalReminders(t.db, FIXED_NOW)).toBe(0);
  });

  it("the email's link extends a running deal once: still verified, still public, and the next run gets its own reminder", async () => {
    const { id, token } = await remindedDeal(10);
    const before = await row(id);
    const shown = await renewalLink(t.db, token, at(HOUR));
    expect(shown).toMatchObject({ ok: true, value: { listingId: id, days: 10 } });

    const renewed = await renewWithToken(t.db, token, at(HOUR));
    expect(renewed).toMatchObject({ ok: true, value: { id } });
    const after = await row(id);
    expect(after.status).toBe('verified');
    expect(after.reviewedAt).toEqual(before.reviewedAt);
    expect(after.datePosted).toEqual(before.datePosted);
    expect(after.endsAt).toEqual(new Date(before.endsAt!.getTime() + 10 * DAY));
    expect(after.discountDurationDays).toBe(20);
    expect(after.renewalRemindedAt).toBeNull();
    expect(await endingSoon(at(5 * DAY))).toContain(id); // days past its old end, still listed

    // Single use: the second press is refused and changes nothing.
    expect(await renewWithToken(t.db, token, at(2 * HOUR))).toEqual({ ok: false, reason: 'used' });
    expect(await renewalLink(t.db, token, at(2 * HOUR))).toEqual({ ok: false, reason: 'used' });
    expect((await row(id)).endsAt).toEqual(after.endsAt);

    // The next run's last day brings a new reminder (and a new link).
    expect(await sendRenewalReminders(t.db, at(2 * HOUR))).toBe(0);
    expect(await sendRenewalReminders(t.db, new Date(after.endsAt!.getTime() - 6 * HOUR))).toBe(1);
    const mails = await mailed();
    expect(mails).toHaveLength(2);
    expect(tokensIn(mails[1]!)[0]).not.toBe(token);
  });

  it('an ended deal renewed by its link runs again from now and is back in the public lists, without review', async () => {
    const { id, token } = await remindedDeal(5);
    const now = at(3 * DAY);
    expect(await endingSoon(now)).not.toContain(id);
    expect(await renewWithToken(t.db, token, now)).toMatchObject({ ok: true });
    const after = await row(id);
    expect(after).toMatchObject({ status: 'verified', discountStartDays: null, discountDurationDays: 5, renewalRemindedAt: null });
    expect(after.datePosted).toEqual(now);
    expect(after.startsAt).toEqual(now);
    expect(after.endsAt).toEqual(new Date(now.getTime() + 5 * DAY));
    expect(await endingSoon(now)).toContain(id);
    expect(await publicIds(now)).toContain(id);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { id, token } = await remindedDeal(10);
    const before = await row(id);
    const expiry = at(12 * HOUR + 7 * DAY);
    expect(await renewalLink(t.db, token, expiry)).toEqual({ ok: false, reason: 'expired' });
    expect(await renewWithToken(t.db, token, expiry)).toEqual({ ok: false, reason: 'expired' });
    expect(await row(id)).toEqual(before);
    const [link] = await t.db.select().from(listingRenewals);
    expect(link!.usedAt).toBeNull();
    // A moment before, it works.
    expect(await renewWithToken(t.db, token, new Date(expiry.getTime() - 1))).toMatchObject({ ok: true });
  });

  it('refuses unknown and malformed links', async () => {
    await remindedDeal();
    expect(await renewWithToken(t.db, 'A'.repeat(43), FIXED_NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(await renewWithToken(t.db, 'not-a-token', FIXED_NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await renewalLink(t.db, "'; drop table listings; --", FIXED_NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('renews only a verified deal that is not hidden and whose seller is not banned (the link stays unused)', async () => {
    const { id, token } = await remindedDeal();
    for (const change of [{ hiddenAt: FIXED_NOW }, { sellerBanned: true }, { status: 'pending' as const }]) {
      const before = await row(id);
      await t.db.update(listings).set(change).where(eq(listings.id, id));
      expect(await renewWithToken(t.db, token, at(HOUR))).toEqual({ ok: false, reason: 'not-renewable' });
      await t.db
        .update(listings)
        .set({ hiddenAt: before.hiddenAt, sellerBanned: before.sellerBanned, status: before.status })
        .where(eq(listings.id, id));
    }
    expect(await renewWithToken(t.db, token, at(HOUR))).toMatchObject({ ok: true });
  });

  it("My Posts' Renew: only the owner, only a deal that ended or ends within a day, and it spends the emailed link", async () => {
    const { id, token } = await remindedDeal(5);
    const far = await listingEndingIn(t.db, 5 * DAY);
    expect(await renewOwnListing(t.db, 'seller-2', id, FIXED_NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(await renewOwnListing(t.db, seller.id, far, FIXED_NOW)).toEqual({ ok: false, reason: 'not-renewable' });
    expect(await renewOwnListing(t.db, seller.id, 999_999, FIXED_NOW)).toEqual({ ok: false, reason: 'missing' });
    const before = await row(id);
    expect(await renewOwnListing(t.db, seller.id, id, FIXED_NOW)).toMatchObject({ ok: true });
    expect((await row(id)).endsAt).toEqual(new Date(before.endsAt!.getTime() + 5 * DAY));
    expect(await renewWithToken(t.db, token, FIXED_NOW)).toEqual({ ok: false, reason: 'used' });
  });

  it("My Posts' Renew runs a deal that ended weeks ago again from now, still verified; never a hidden, waiting or rejected one", async () => {
    const old = await listingEndingIn(t.db, -40 * DAY);
    expect(await publicIds(FIXED_NOW)).toContain(old);
    expect(await endingSoon(FIXED_NOW)).not.toContain(old);
    expect(await renewOwnListing(t.db, seller.id, old, FIXED_NOW)).toMatchObject({ ok: true });
    expect(await row(old)).toMatchObject({ status: 'verified', datePosted: FIXED_NOW, endsAt: at(DAY) });
    expect(await endingSoon(FIXED_NOW)).toContain(old);
    for (const change of [{ hiddenAt: FIXED_NOW }, { status: 'pending' as const }, { status: 'rejected' as const }]) {
      const id = await listingEndingIn(t.db, -3 * DAY);
      await t.db.update(listings).set(change).where(eq(listings.id, id));
      const before = await row(id);
      expect(await renewOwnListing(t.db, seller.id, id, FIXED_NOW)).toEqual({ ok: false, reason: 'not-renewable' });
      expect(await row(id)).toEqual(before);
    }
  });

  it('a content edit of a verified deal waits for review while the renewed deal stays public (issue 29)', async () => {
    const { id } = await remindedDeal();
    await renewOwnListing(t.db, seller.id, id, FIXED_NOW);
    expect((await row(id)).status).toBe('verified');
    const before = await row(id);
    const edited = await editListing(t.db, seller, id, { description: 'Now with free delivery.' });
    expect(edited).toMatchObject({ ok: true, revision: true });
    expect(await row(id)).toMatchObject({ status: 'verified', endsAt: before.endsAt, description: before.description });
    expect(await publicIds(FIXED_NOW)).toContain(id);
  });

  describe('the scheduler', () => {
    let errors: ReturnType<typeof captureLog>;
    beforeEach(() => {
      errors = captureLog();
      return () => errors.stop();
    });

    it('runs every periodic job under the scheduler lease, one process at a time, with the given clock; a failing job is logged', async () => {
      const ran: { who: string; now: Date }[] = [];
      const schedules = (who: string): Schedule[] => [
        { name: 'boom', everyMs: 20, run: () => Promise.reject(new Error('boom')) },
        { name: 'record', everyMs: 20, run: (_db, now) => Promise.resolve(ran.push({ who, now })) },
      ];
      const a = startScheduler(t.db, { now: () => FIXED_NOW, everyMs: 20, schedules: schedules('a') });
      await vi.waitFor(() => expect(ran.length).toBeGreaterThanOrEqual(2), { timeout: 5000 });
      const b = startScheduler(t.db, { now: () => FIXED_NOW, everyMs: 20, schedules: schedules('b') });
      const [lease] = await t.db.select().from(workerLeases).where(eq(workerLeases.name, 'scheduler'));
      expect(lease).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.stop();
      expect(ran.every((r) => r.who === 'a' && r.now.getTime() === FIXED_NOW.getTime())).toBe(true);
      expect(errors.lines).toContainEqual(
        expect.objectContaining({ msg: '[jobs] boom failed', err: expect.objectContaining({ message: expect.any(String) }) }),
      );
      // The lease is released on stop: the other process takes over.
      await vi.waitFor(() => expect(ran.some((r) => r.who === 'b')).toBe(true), { timeout: 5000 });
      await b.stop();
      expect(await t.db.select().from(workerLeases).where(eq(workerLeases.name, 'scheduler'))).toEqual([]);
    });

    it('sends the renewal reminders by itself, every minute', async () => {
      const reminders = registeredSchedule('renewal-reminders')!;
      expect(reminders).toMatchObject({ everyMs: 60_000, run: sendRenewalReminders });
      await listingEndingIn(t.db, 12 * HOUR);
      const worker = startScheduler(t.db, { now: () => FIXED_NOW, schedules: [reminders] });
      await vi.waitFor(async () => expect(await mailed()).toHaveLength(1), { timeout: 5000 });
      await worker.stop();
    });
  });
});
