/**
 * Saved deals and saved searches at the data layer: toggling a saved deal, the /saved list with
 * ended and hidden deals, duplicate and too many saved searches, the daily digest (exactly the new
 * matching deals, one email a day even from two calls at once, none when nothing matched, the
 * unsubscribe headers) and unsubscribing.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listings, savedSearchDigests, savedSearches } from '#db/schema.ts';
import { MAX_SAVED_SEARCHES, savedSearchSchema, type SavedSearchInput } from './saved.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { sendDueDigests } from './saved-search-digest.server.ts';
import {
  listSavedListings,
  listSavedSearches,
  isSaved,
  saveSearch,
  toggleSavedListing,
  unsaveListing,
  unsubscribe,
  unsubscribeTarget,
} from './saved.server.ts';
import { runDueJobs } from '#platform/jobs/queue.server.ts';
import type { APIContext } from 'astro';
import { carriesGuestSaves, saveButtonParts, savedAmong } from './own-parts.server.ts';
import '#features/accounts/notices/jobs.server.ts';
import { DAY, FIXED_NOW, createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';

const HOUR = 3_600_000;
/** 09:00 UTC is 12:00 in Addis Ababa: digests are due. */
const MORNING = FIXED_NOW;

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-saved-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The .eml files written to the outbox so far, oldest first. */
async function outbox(): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
}

/** The email with its headers unfolded and its quoted-printable body decoded. */
function decoded(eml: string): string {
  const split = eml.indexOf('\n\n');
  const head = eml.slice(0, split).replace(/\n[ \t]+/g, ' ');
  return `${head}${eml.slice(split)}`
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

const search = (value: Record<string, unknown>): SavedSearchInput => {
  const parsed = savedSearchSchema.safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};

describe.each(drivers())('saved deals and searches on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await createSeller(t.db, 'seller-1');
      await createSeller(t.db, 'buyer-1', 'buyer-1@test.invalid');
      await createSeller(t.db, 'buyer-2', 'buyer-2@test.invalid');
    },
  });
  let mailsBefore = 0;
  beforeEach(async () => {
    mailsBefore = (await outbox()).length;
  });
  /** The emails sent since the test began, once the queued notices are delivered (the `notice` job). */
  const newMails = async () => {
    await runDueJobs(t.db);
    return (await outbox()).slice(mailsBefore);
  };

  /** A verified deal made public (reviewed) at `reviewedAt`. */
  async function deal(name: string, reviewedAt: Date, overrides: Parameters<typeof draft>[0] = {}) {
    // The description is searched too: each deal describes itself only.
    const id = await insertListing(t.db, draft({ productName: name, description: `About ${name}.`, ...overrides }), {
      status: 'verified',
      datePosted: new Date(reviewedAt.getTime() - HOUR),
    });
    await t.db.update(listings).set({ reviewedAt }).where(eq(listings.id, id));
    return id;
  }

  it('toggles a saved deal: saved, then unsaved; a deal that is not public cannot be saved', async () => {
    const id = await deal('Mitad', FIXED_NOW);
    expect(await toggleSavedListing(t.db, 'buyer-1', id)).toEqual({ ok: true, value: { saved: true } });
    expect(await isSaved(t.db, 'buyer-1', id)).toBe(true);
    expect(await isSaved(t.db, 'buyer-2', id)).toBe(false);
    expect(await toggleSavedListing(t.db, 'buyer-1', id)).toEqual({ ok: true, value: { saved: false } });
    expect(await isSaved(t.db, 'buyer-1', id)).toBe(false);
    const pending = await insertListing(t.db, draft({ productName: 'Pending' }));
    expect(await toggleSavedListing(t.db, 'buyer-1', pending)).toMatchObject({ ok: false, status: 404 });
  });

  it('two taps at once save once', async () => {
    const id = await deal('Mitad', FIXED_NOW);
    await Promise.all([toggleSavedListing(t.db, 'buyer-1', id), toggleSavedListing(t.db, 'buyer-1', id)]);
    const page = await listSavedListings(t.db, 'buyer-1', { page: 1, pageSize: 20 });
    expect(page.items.length).toBeLessThanOrEqual(1);
  });

  it('lists saved deals newest first, paged, saying which are gone; an ended or hidden deal can be removed', async () => {
    const first = await deal('First', FIXED_NOW);
    const second = await deal('Second', FIXED_NOW);
    const third = await deal('Third', FIXED_NOW);
    for (const id of [first, second, third]) await toggleSavedListing(t.db, 'buyer-1', id);
    await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'admin' }).where(eq(listings.id, second));
    const page1 = await listSavedListings(t.db, 'buyer-1', { page: 1, pageSize: 2 });
    expect(page1.hasMore).toBe(true);
    expect(page1.items.map((d) => [d.productName, d.available])).toEqual([
      ['Third', true],
      ['Second', false],
    ]);
    const page2 = await listSavedListings(t.db, 'buyer-1', { page: 2, pageSize: 2 });
    expect(page2.items.map((d) => d.productName)).toEqual(['First']);
    expect(await unsaveListing(t.db, 'buyer-1', second)).toEqual({ ok: true, value: null });
    expect((await listSavedListings(t.db, 'buyer-1', { page: 1, pageSize: 20 })).items.map((d) => d.productName)).toEqual([
      'Third',
      'First',
    ]);
  });

  it('refuses the same search twice and more than the limit', async () => {
    expect(await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'Mitad' }), FIXED_NOW)).toMatchObject({ ok: true });
    expect(await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: ' mitad ' }), FIXED_NOW)).toMatchObject({
      ok: false,
      status: 409,
      error: 'You already follow this. Find it under Saved.',
    });
    // Someone else may follow the same search.
    expect(await saveSearch(t.db, 'buyer-2', search({ kind: 'search', query: 'mitad' }), FIXED_NOW)).toMatchObject({ ok: true });
    const place = { kind: 'nearby', lat: '8.9963', lng: '38.7868', radius: '2', place: 'Bole Medhanialem' };
    expect(await saveSearch(t.db, 'buyer-1', search(place), FIXED_NOW)).toMatchObject({ ok: true });
    expect(await saveSearch(t.db, 'buyer-1', search(place), FIXED_NOW)).toMatchObject({ ok: false, status: 409 });
    for (let i = 2; i < MAX_SAVED_SEARCHES; i++) {
      expect(await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: `word ${i}` }), FIXED_NOW)).toMatchObject({ ok: true });
    }
    expect(await saveSearch(t.db, 'buyer-1', search({ kind: 'category', category: 'appliances' }), FIXED_NOW)).toMatchObject({
      ok: false,
      status: 422,
      error: `You can follow up to ${MAX_SAVED_SEARCHES} searches. Remove one under Saved first.`,
    });
    const saved = await listSavedSearches(t.db, 'buyer-1');
    expect(saved).toHaveLength(MAX_SAVED_SEARCHES);
    expect(saved[0]!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(saved[0]!.checkedUntil).toEqual(FIXED_NOW);
  });

  it('two saves of the same search at once keep one', async () => {
    const input = search({ kind: 'category', category: 'appliances' });
    const results = await Promise.all([saveSearch(t.db, 'buyer-1', input, FIXED_NOW), saveSearch(t.db, 'buyer-1', input, FIXED_NOW)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await listSavedSearches(t.db, 'buyer-1')).toHaveLength(1);
  });

  it('emails exactly the new matching deals since the last digest, once a day', async () => {
    const saveAt = new Date(MORNING.getTime() - 2 * DAY);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'mitad' }), saveAt);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'category', category: 'men' }), saveAt);
    // Far from Bole: only the nearby search of Merkato sees it.
    await saveSearch(t.db, 'buyer-1', search({ kind: 'nearby', lat: '9.0301', lng: '38.7372', radius: '1', place: 'Merkato' }), saveAt);

    const before = new Date(saveAt.getTime() - HOUR);
    const after = new Date(saveAt.getTime() + HOUR);
    await deal('Old Mitad', before);
    await deal('Clay Mitad', after);
    await deal('Steel Mitad', after, { category: 'men' });
    await deal('Mitad Ended', after, { discountDurationDays: 1 });
    await t.db
      .update(listings)
      .set({ endsAt: new Date(MORNING.getTime() - HOUR) })
      .where(eq(listings.productName, 'Mitad Ended'));
    const hidden = await deal('Hidden Mitad', after);
    await t.db.update(listings).set({ hiddenAt: after, hiddenReason: 'reports' }).where(eq(listings.id, hidden));
    await insertListing(t.db, draft({ productName: 'Pending Mitad' }));
    await deal('Sofa', after);
    await deal('Merkato Spices', after, { latitude: 9.0305, longitude: 38.7375, location: 'Merkato' });
    await deal('Later Mitad', new Date(MORNING.getTime() + HOUR));

    expect(await sendDueDigests(t.db, MORNING)).toBe(1);
    const [mail, ...others] = await newMails();
    expect(others).toEqual([]);
    const text = decoded(mail!);
    expect(text).toContain('To: buyer-1@test.invalid');
    for (const name of ['Clay Mitad', 'Steel Mitad', 'Merkato Spices']) expect(text).toContain(name);
    for (const name of ['Old Mitad', 'Mitad Ended', 'Hidden Mitad', 'Pending Mitad', 'Sofa', 'Later Mitad']) {
      expect(text).not.toContain(name);
    }
    expect(text).toContain('Search: “mitad”');
    expect(text).toContain("Category: Men's Fashion and Shoes");
    expect(text).toContain('Within 1 km of Merkato');
    expect(text).toContain('20% off');
    expect(text).toContain('Bole Home Appliances');
    // Amharic first, then English.
    expect(text.indexOf('ፍለጋ፦')).toBeLessThan(text.indexOf('Search:'));
    const tokens = (await listSavedSearches(t.db, 'buyer-1')).map((s) => s.unsubscribeToken);
    for (const token of tokens) expect(text).toContain(`/unsubscribe/${token}`);
    expect(text).toMatch(new RegExp(`^List-Unsubscribe: <http[^>]+/unsubscribe/${tokens[0]}\\?all=1>$`, 'm'));
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The same day: nothing more, even with new deals.
    await deal('Afternoon Mitad', new Date(MORNING.getTime() + 2 * HOUR));
    expect(await sendDueDigests(t.db, new Date(MORNING.getTime() + 3 * HOUR))).toBe(0);
    expect(await newMails()).toHaveLength(1);

    // The next day: only what was made public since.
    expect(await sendDueDigests(t.db, new Date(MORNING.getTime() + DAY))).toBe(1);
    const next = decoded((await newMails())[1]!);
    expect(next).toContain('Afternoon Mitad');
    expect(next).toContain('Later Mitad');
    expect(next).not.toContain('Clay Mitad');
    expect(next).not.toContain("Category: Men's Fashion and Shoes");
    const [digest] = await t.db.select().from(savedSearchDigests).where(eq(savedSearchDigests.day, '2026-03-11'));
    expect(digest?.listingCount).toBe(2);
  });

  it('names 10 deals a search and says how many more, linking to the list', async () => {
    const saveAt = new Date(MORNING.getTime() - DAY);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'category', category: 'appliances' }), saveAt);
    for (let i = 1; i <= 13; i++) await deal(`Deal ${String(i).padStart(2, '0')}`, new Date(saveAt.getTime() + i * 60_000));
    expect(await sendDueDigests(t.db, MORNING)).toBe(1);
    const text = decoded((await newMails())[0]!);
    expect(text).toContain('Deal 10');
    expect(text).not.toContain('Deal 11');
    expect(text).toMatch(/… and 3 more: http\S+\/home-appliances$/m);
  });

  it('sends nothing when nothing new matched, and still marks the searches checked', async () => {
    const saveAt = new Date(MORNING.getTime() - DAY);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'mitad' }), saveAt);
    await deal('Sofa', new Date(saveAt.getTime() + HOUR));
    expect(await sendDueDigests(t.db, MORNING)).toBe(0);
    expect(await newMails()).toEqual([]);
    expect((await listSavedSearches(t.db, 'buyer-1'))[0]!.checkedUntil).toEqual(MORNING);
  });

  it('waits for 07:00 in Addis Ababa', async () => {
    const saveAt = new Date('2026-03-09T09:00:00Z');
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'mitad' }), saveAt);
    await deal('Clay Mitad', new Date(saveAt.getTime() + HOUR));
    // 03:59 UTC is 06:59 in Addis Ababa.
    expect(await sendDueDigests(t.db, new Date('2026-03-10T03:59:00Z'))).toBe(0);
    expect(await sendDueDigests(t.db, new Date('2026-03-10T04:00:00Z'))).toBe(1);
  });

  it('sends one email when two calls run at once', async () => {
    const saveAt = new Date(MORNING.getTime() - DAY);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'mitad' }), saveAt);
    await saveSearch(t.db, 'buyer-2', search({ kind: 'search', query: 'mitad' }), saveAt);
    await deal('Clay Mitad', new Date(saveAt.getTime() + HOUR));
    const counts = await Promise.all([sendDueDigests(t.db, MORNING), sendDueDigests(t.db, MORNING)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    const mails = await newMails();
    expect(mails.filter((m) => m.includes('To: buyer-1@test.invalid'))).toHaveLength(1);
    expect(mails.filter((m) => m.includes('To: buyer-2@test.invalid'))).toHaveLength(1);
  });

  it('unsubscribes one search by its link, or every search of the account with all', async () => {
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'mitad' }), FIXED_NOW);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'sofa' }), FIXED_NOW);
    await saveSearch(t.db, 'buyer-1', search({ kind: 'search', query: 'shoes' }), FIXED_NOW);
    const [one, two] = await listSavedSearches(t.db, 'buyer-1');
    expect((await unsubscribeTarget(t.db, one!.unsubscribeToken, false))?.map((s) => s.query)).toEqual(['mitad']);
    expect((await unsubscribe(t.db, one!.unsubscribeToken, false))?.map((s) => s.query)).toEqual(['mitad']);
    expect(await unsubscribe(t.db, one!.unsubscribeToken, false)).toBeNull();
    expect(await unsubscribeTarget(t.db, one!.unsubscribeToken, false)).toBeNull();
    expect((await unsubscribeTarget(t.db, two!.unsubscribeToken, true))?.map((s) => s.query)).toEqual(['sofa', 'shoes']);
    expect((await unsubscribe(t.db, two!.unsubscribeToken, true))?.map((s) => s.query).sort()).toEqual(['shoes', 'sofa']);
    expect(await t.db.select().from(savedSearches)).toEqual([]);
  });

  it('gives each visitor of a shared copy the Save button of their own saves, reading only theirs', async () => {
    const one = await deal('Mitad', FIXED_NOW);
    const two = await deal('Jebena', FIXED_NOW);
    await toggleSavedListing(t.db, 'buyer-1', one);
    const context = { locals: { db: t.db } } as unknown as APIContext;
    const visitor = (id: string) => ({ id, isAdmin: false }) as unknown as NonNullable<App.Locals['user']>;
    const names = [`save:${one}:unsaved`, `save:${one}:saved`, `save:${two}:unsaved`, `save:${two}:saved`];
    expect(await saveButtonParts.choose(context, visitor('buyer-1'), names)).toEqual(new Set([`save:${one}:saved`, `save:${two}:unsaved`]));
    expect(await saveButtonParts.choose(context, visitor('buyer-2'), names)).toEqual(
      new Set([`save:${one}:unsaved`, `save:${two}:unsaved`]),
    );
    expect(await savedAmong(t.db, 'buyer-1', [one, two])).toEqual(new Set([one]));
    expect(await savedAmong(t.db, 'buyer-1', [])).toEqual(new Set());
    // A request with a guest's saves to finish is done for its visitor, not from a shared copy.
    const request = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });
    expect(carriesGuestSaves(request('sefer.pending_action=abc'))).toBe(true);
    expect(carriesGuestSaves(request('a=1; sefer.phone_saves=1.2'))).toBe(true);
    expect(carriesGuestSaves(request('sefer.session_token=x'))).toBe(false);
  });
});
