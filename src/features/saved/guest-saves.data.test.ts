/**
 * A guest's saves at the data layer (issue 30): the signed pending action (forged, expired, as
 * asked), finishing it once signed in (a save that is never a toggle, a search), the phone's deals
 * (public ones only, in order) merged into the account once, and the middleware step that does both
 * on the signed-in GET of the page the visitor comes back to, and nothing for a guest.
 */
import { eq } from 'drizzle-orm';
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { listings } from '#db/schema.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { FIXED_NOW, createSeller, draft } from '#fixtures/listings.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { fakeContext, fakeNext, someUser } from '#platform/http/middleware/step-test-kit.ts';
import { PENDING_ACTION_COOKIE, PENDING_ACTION_SECONDS, PHONE_SAVES_COOKIE, finishedOn } from './guest-saves.ts';
import {
  ensureSaved,
  finishPendingAction,
  mergePhoneSaves,
  pendingActionValue,
  phoneSavedDeals,
  readPendingAction,
} from './guest-saves.server.ts';
import { finishGuestSaves } from './guest-actions-step.server.ts';
import { isSaved, listSavedListings, listSavedSearches, toggleSavedListing } from './saved.server.ts';

/** A step's context with cookies: what it read and what it deleted. */
function withCookies(context: APIContext, jar: Record<string, string>) {
  const read: string[] = [];
  const deleted: string[] = [];
  const cookies = {
    get: (name: string) => {
      read.push(name);
      return name in jar ? { value: jar[name] } : undefined;
    },
    delete: (name: string) => deleted.push(name),
  };
  Object.assign(context, { cookies });
  return { context, read, deleted };
}

describe.each(drivers())('a guest’s saves on %s', (driver) => {
  const t = useTestDatabase(driver, {
    fresh: true,
    beforeEach: async (t) => {
      await createSeller(t.db, 'seller-1');
      await createSeller(t.db, 'u1', 'u1@test.invalid');
    },
  });
  const verified = (name: string) => insertListing(t.db, draft({ productName: name }), { status: 'verified', datePosted: FIXED_NOW });

  it('a pending action reads back as signed; forged, tampered or expired it is nothing', async () => {
    const value = await pendingActionValue(t.db, { kind: 'save-deal', listingId: 7, back: '/listings/x-7' }, FIXED_NOW);
    expect(await readPendingAction(t.db, value, FIXED_NOW)).toMatchObject({ kind: 'save-deal', listingId: 7, back: '/listings/x-7' });
    const [body, signature] = value.split('.');
    const other = Buffer.from(JSON.stringify({ kind: 'save-deal', listingId: 8, back: '/', until: FIXED_NOW.getTime() + 9e9 })).toString(
      'base64url',
    );
    expect(await readPendingAction(t.db, `${other}.${signature}`, FIXED_NOW)).toBeNull();
    expect(await readPendingAction(t.db, `${body}.${signature!.slice(1)}x`, FIXED_NOW)).toBeNull();
    expect(await readPendingAction(t.db, body, FIXED_NOW)).toBeNull();
    const later = new Date(FIXED_NOW.getTime() + PENDING_ACTION_SECONDS * 1000 + 1);
    expect(await readPendingAction(t.db, value, later)).toBeNull();
  });

  it('finishing a Save saves the deal, and a deal already saved stays saved (never a toggle)', async () => {
    const id = await verified('Mitad');
    const action = { kind: 'save-deal' as const, listingId: id, back: '/listings/x', until: 0 };
    expect(await finishPendingAction(t.db, 'u1', action, FIXED_NOW)).toEqual({ kind: 'save-deal', listingId: id, saved: true });
    expect(await finishPendingAction(t.db, 'u1', action, FIXED_NOW)).toEqual({ kind: 'save-deal', listingId: id, saved: true });
    expect(await isSaved(t.db, 'u1', id)).toBe(true);
    const waiting = await insertListing(t.db, draft({ productName: 'Waiting' }));
    expect(await ensureSaved(t.db, 'u1', waiting)).toBe(false);
    expect(await isSaved(t.db, 'u1', waiting)).toBe(false);
  });

  it('finishing a saved search follows it once; a second time is a duplicate; a bad one is refused', async () => {
    const search = { kind: 'save-search' as const, search: { kind: 'search', query: 'mitad' }, back: '/search?query=mitad', until: 0 };
    expect(await finishPendingAction(t.db, 'u1', search, FIXED_NOW)).toEqual({ kind: 'save-search', outcome: 'saved' });
    expect(await finishPendingAction(t.db, 'u1', search, FIXED_NOW)).toEqual({ kind: 'save-search', outcome: 'duplicate' });
    expect(await listSavedSearches(t.db, 'u1')).toHaveLength(1);
    const bad = { ...search, search: { kind: 'category', category: 'no-such-thing' } };
    expect(await finishPendingAction(t.db, 'u1', bad, FIXED_NOW)).toEqual({ kind: 'save-search', outcome: 'refused' });
  });

  it("the phone's deals: public ones only, in the phone's order; merged once, newest first, hidden ones left out", async () => {
    const older = await verified('Older');
    const newer = await verified('Newer');
    const hidden = await verified('Hidden');
    await t.db.update(listings).set({ hiddenAt: FIXED_NOW, hiddenReason: 'admin' }).where(eq(listings.id, hidden));
    const waiting = await insertListing(t.db, draft({ productName: 'Waiting' }));
    const phone = [newer, hidden, waiting, older, 999_999];
    expect((await phoneSavedDeals(t.db, phone)).map((d) => d.productName)).toEqual(['Newer', 'Older']);

    await toggleSavedListing(t.db, 'u1', older);
    expect(await mergePhoneSaves(t.db, 'u1', phone, FIXED_NOW)).toBe(1);
    expect(await mergePhoneSaves(t.db, 'u1', phone, FIXED_NOW)).toBe(0);
    const saved = await listSavedListings(t.db, 'u1', { page: 1, pageSize: 20 });
    expect(saved.items.map((d) => d.productName).sort()).toEqual(['Newer', 'Older']);
    expect(await isSaved(t.db, 'u1', waiting)).toBe(false);
  });

  it('the step: nothing read for a guest; signed in, merges the phone and finishes the Save on its page only', async () => {
    const id = await verified('Mitad');
    const kept = await verified('Kept');
    const pending = await pendingActionValue(t.db, { kind: 'save-deal', listingId: id, back: '/am/listings/mitad' }, FIXED_NOW);
    const jar = { [PHONE_SAVES_COOKIE]: String(kept), [PENDING_ACTION_COOKIE]: pending };
    const locals = { db: t.db, now: FIXED_NOW };

    const guest = withCookies(fakeContext({ url: 'http://x/listings/mitad', locals }), jar);
    await finishGuestSaves(guest.context, fakeNext());
    expect(guest.read).toEqual([]);

    const elsewhere = withCookies(
      fakeContext({ url: 'http://x/welcome?next=/listings/mitad', locals: { ...locals, user: someUser() } }),
      jar,
    );
    await finishGuestSaves(elsewhere.context, fakeNext());
    expect(elsewhere.deleted).toEqual([PHONE_SAVES_COOKIE]);
    expect(await isSaved(t.db, 'u1', kept)).toBe(true);
    expect(await isSaved(t.db, 'u1', id)).toBe(false);

    const post = withCookies(fakeContext({ url: 'http://x/listings/mitad', method: 'POST', locals: { ...locals, user: someUser() } }), jar);
    await finishGuestSaves(post.context, fakeNext());
    expect(post.read).toEqual([]);

    const back = withCookies(fakeContext({ url: 'http://x/listings/mitad', locals: { ...locals, user: someUser() } }), jar);
    const next = fakeNext();
    await finishGuestSaves(back.context, next);
    expect(next.calls).toHaveLength(1);
    expect(back.deleted).toContain(PENDING_ACTION_COOKIE);
    expect(await isSaved(t.db, 'u1', id)).toBe(true);
    expect(finishedOn(back.context.locals)).toEqual({ kind: 'save-deal', listingId: id, saved: true });
  });
});
