import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { getPublicListing } from '#features/listings/public-listings.server.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { editListing, listOwnListings, removeListing, reviewListing, submitListing } from './seller-listings.server.ts';
import { verificationQueue } from './verification-queue.server.ts';
import { createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { person } from '#tests/db/people.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
// The seller's notice is sent by the `notice` job (decision 27).
import '#features/accounts/notices/jobs.server.ts';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';

const seller = person('seller-1');
const other = person('seller-2');
const admin = person('admin-1', true);
const page = { page: 1, pageSize: 24 };

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-seller-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe.each(drivers())('seller listings on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      for (const u of [seller, other, admin]) await createSeller(t.db, u.id, u.email);
    },
  });

  const { ownerId: _owner, ...body } = draft();

  it('a submitted listing waits for verification and is public only once verified', async () => {
    const id = await submitListing(t.db, seller, body);
    expect(await getPublicListing(t.db, id)).toBeNull();
    const mine = await listOwnListings(t.db, seller.id, {}, page);
    expect(mine.items.map((l) => [l.id, l.status])).toEqual([[id, 'pending']]);
    expect((await verificationQueue(t.db, page)).items.map((l) => l.id)).toEqual([id]);
    expect(await reviewListing(t.db, admin, id, { verdict: 'verify' })).toEqual({ ok: true, value: { id, status: 'verified' } });
    expect(await getPublicListing(t.db, id)).not.toBeNull();
    expect((await verificationQueue(t.db, page)).items).toEqual([]);
  });

  it('only the owner or an admin may edit or delete; missing listings are 404', async () => {
    const id = await submitListing(t.db, seller, body);
    expect(await editListing(t.db, other, id, { productName: 'Hijacked' })).toMatchObject({ ok: false, status: 403 });
    expect(await removeListing(t.db, other, id)).toMatchObject({ ok: false, status: 403 });
    expect(await editListing(t.db, seller, 99999, { productName: 'x' })).toMatchObject({ ok: false, status: 404 });
    expect(await removeListing(t.db, seller, 99999)).toMatchObject({ ok: false, status: 404 });
    expect(await editListing(t.db, admin, id, { productName: 'Fixed by admin' })).toMatchObject({ ok: true });
    expect(await removeListing(t.db, seller, id)).toEqual({ ok: true, value: { id } });
    expect(await t.db.$count(listings)).toBe(0);
  });

  it('an edit of a verified listing waits for review while the verified version stays public (issue 29)', async () => {
    const id = await insertListing(t.db, { ...body, ownerId: seller.id }, { status: 'verified' });
    const result = await editListing(t.db, seller, id, { description: 'Now with free delivery.' });
    expect(result).toMatchObject({
      ok: true,
      revision: true,
      value: { status: 'verified', pendingEdit: true, description: body.description },
    });
    expect(await getPublicListing(t.db, id)).toMatchObject({ description: body.description });
  });

  it('an edit of a listing that was never public changes it in place and it waits again', async () => {
    const id = await insertListing(t.db, { ...body, ownerId: seller.id }, { status: 'rejected', rejectionReason: 'Blurry photo.' });
    const result = await editListing(t.db, seller, id, { description: 'Sharper photo now.' });
    expect(result).toMatchObject({
      ok: true,
      revision: false,
      value: { status: 'pending', rejectionReason: null, description: 'Sharper photo now.' },
    });
    expect(await getPublicListing(t.db, id)).toBeNull();
  });

  it('switching to waiting clears the discount days and the end date', async () => {
    const id = await submitListing(t.db, seller, body);
    await editListing(t.db, seller, id, { discount: 'waiting' });
    const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ discount: 'waiting', discountDurationDays: null, discountStartDays: null, endsAt: null });
  });

  it('rejecting needs an admin, keeps the reason for the seller and emails them', async () => {
    const id = await submitListing(t.db, seller, { ...body, productName: 'Miracle tea' });
    expect(await reviewListing(t.db, seller, id, { verdict: 'verify' })).toMatchObject({ ok: false, status: 403 });
    expect(await reviewListing(t.db, admin, id, { verdict: 'reject', reason: 'Health claims we cannot verify.' })).toMatchObject({
      ok: true,
    });
    const mine = await listOwnListings(t.db, seller.id, {}, page);
    expect(mine.items[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Health claims we cannot verify.' });
    expect(await reviewListing(t.db, admin, id, { verdict: 'verify' })).toMatchObject({ ok: false, status: 409 });
    await runDueJobs(t.db);
    const outbox = path.join(dataDir, 'outbox');
    const files = await readdir(outbox);
    const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
    expect(mails.some((m) => m.includes('To: seller-1@test.invalid') && m.includes('Health claims we cannot verify.'))).toBe(true);
  });

  it('a listing name with a line break cannot add headers to the email or lines to the log', async () => {
    const name = 'Tea\r\nBcc: evil@example.com\nX-Injected: yes';
    const id = await insertListing(t.db, { ...body, productName: name, ownerId: seller.id }, { status: 'pending' });
    const log = captureLog();
    try {
      expect(await reviewListing(t.db, admin, id, { verdict: 'verify' })).toMatchObject({ ok: true });
      await runDueJobs(t.db);
    } finally {
      log.stop();
    }
    const logged = log.messages();
    const outbox = path.join(dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox)).map((f) => readFile(path.join(outbox, f), 'utf8')));
    const mail = mails.find((m) => m.includes('evil@example.com') || m.includes('evil=40example'));
    expect(mail).toBeDefined();
    const headers = mail!.slice(0, mail!.indexOf('\n\n'));
    expect(headers).not.toMatch(/^(bcc|x-injected):/im);
    expect(headers).toMatch(/^To: seller-1@test\.invalid$/m);
    expect(headers.split('\n').filter((line) => /^Subject:/i.test(line))).toHaveLength(1);
    const line = logged.find((l) => l.startsWith('[email]') && l.includes('evil@example.com'));
    expect(line).toBeDefined();
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).toContain(String.raw`Tea\r\nBcc: evil@example.com\nX-Injected: yes`);
  });

  it('My Posts searches by product or company name', async () => {
    await submitListing(t.db, seller, { ...body, productName: 'Injera Mitad', companyName: 'Bole Home' });
    await submitListing(t.db, seller, { ...body, productName: 'Sofa', companyName: 'Atlas Interiors' });
    await submitListing(t.db, other, { ...body, productName: 'Other Mitad', companyName: 'X' });
    expect((await listOwnListings(t.db, seller.id, { search: 'MITAD' }, page)).items.map((l) => l.productName)).toEqual(['Injera Mitad']);
    expect((await listOwnListings(t.db, seller.id, { search: 'atlas' }, page)).items.map((l) => l.productName)).toEqual(['Sofa']);
  });
});
