/**
 * What /saved does for its page: the posts it takes (the Save button and "Email me new deals like
 * these", tapped on other pages, and its own Remove buttons) and the lists it shows. The page
 * guards, calls {@link savedActions}, reads with {@link loadSavedPage} and renders.
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { daysUntil } from '#features/listings/discount.ts';
import { pageNumber } from '#features/listings/listing-query.ts';
import { formAction } from '#platform/http/http.server.ts';
import { allowWrite, clientAddressOf, slowDown } from '#platform/http/rate-limit.server.ts';
import { fail, ok, parseWith, type Notice, type Result } from '#platform/http/result.ts';
import { readOrNull } from '#platform/http/safe.server.ts';
import { m } from '#paraglide/messages.js';
import { SAVED_PAGE_SIZE, saveListingSchema, savedPageActionSchema, savedSearchSchema } from './saved.ts';
import {
  listSavedListings,
  listSavedSearches,
  removeSavedSearch,
  saveSearch,
  toggleSavedListing,
  unsaveListing,
  type SavedDeal,
  type SavedSearch,
} from './saved.server.ts';
import { askToSignIn, guestOwnAction, keepPendingOnPhone, loadPhoneSaves } from './guest-saves.page.server.ts';
import { finishedOn } from './guest-saves.ts';

/** Any form: which intent it is decides which schema reads it (see {@link savedIntent}). */
const savedPostSchema = z.record(z.string(), z.unknown());
type Values = z.output<typeof savedPostSchema>;

/**
 * A post's intent: the buttons of other pages (they may come from a visitor), "Keep it on this
 * phone" (the sign-in screen's, a visitor's) or this page's own.
 */
const savedIntent = (values: Values) =>
  values.action === 'toggle' || values.action === 'save-search' || values.action === 'keep-on-phone' ? values.action : 'own';

/**
 * The page's form posts: null for a GET, a redirect when one is done, else the notice of the
 * refusal (with its status, and `Retry-After` for a 429).
 */
export async function savedActions(page: AstroGlobal): Promise<Response | Notice | null> {
  const { db, now } = page.locals;
  const done = await formAction(page, savedPostSchema, async (values): Promise<Result<Response>> => {
    const intent = savedIntent(values);
    const user = page.locals.user;
    if (!user) {
      // Signed out (issue 30): the phone's own list, or the sign-in screen that says why.
      if (intent === 'keep-on-phone') return keepPendingOnPhone(page);
      if (intent === 'own') return guestOwnAction(page, values);
      return askToSignIn(page, values, intent);
    }
    // Signed in meanwhile (another tab): /saved finishes the pending Save (guest-actions-step.server.ts).
    if (intent === 'keep-on-phone') return ok(page.redirect('/saved', 303));
    if (intent === 'own') {
      const input = parseWith(savedPageActionSchema, values);
      if (!input.ok) return input;
      const removed =
        input.value.action === 'unsave'
          ? await unsaveListing(db, user.id, input.value.listingId)
          : await removeSavedSearch(db, user.id, input.value.searchId);
      return removed.ok ? ok(page.redirect(`/saved?done=${input.value.action}`, 303)) : removed;
    }
    // Tapped on another page: that page is where to come back to.
    const limit = await allowWrite(db, 'like', { userId: user.id, address: clientAddressOf(page) });
    if (!limit.allowed) return { ...fail(429, slowDown()), retryAfter: limit.retryAfter };
    if (intent === 'toggle') {
      const input = parseWith(saveListingSchema, values);
      if (!input.ok) return input;
      const toggled = await toggleSavedListing(db, user.id, input.value.listingId);
      return toggled.ok ? ok(page.redirect(input.value.back, 303)) : toggled;
    }
    const input = parseWith(savedSearchSchema, values);
    if (!input.ok) return input;
    const saved = await saveSearch(db, user.id, input.value, now);
    // A duplicate or one too many is not an error here: the form says so where it was tapped.
    if (!saved.ok && saved.status !== 409 && saved.status !== 422) return saved;
    const outcome = saved.ok ? 'saved' : saved.status === 409 ? 'duplicate' : 'too_many';
    const target = new URL(input.value.back, page.url);
    target.searchParams.set('saved_search', outcome);
    return ok(page.redirect(`${target.pathname}${target.search}#save-search`, 303));
  });
  if (!done) return null;
  if (done.ok) return done.value;
  if (done.retryAfter) page.response.headers.set('Retry-After', String(done.retryAfter));
  return { kind: 'error', text: done.error };
}

/** Whether a saved deal can still be had, and the words for it. */
function stateOf(deal: Pick<SavedDeal, 'available' | 'endsAt'>, now: Date): { open: boolean; text: string } {
  if (!deal.available) return { open: false, text: m.saved_unavailable() };
  if (!deal.endsAt) return { open: true, text: m.saved_no_end() };
  if (deal.endsAt <= now) return { open: false, text: m.saved_ended() };
  const days = daysUntil(deal.endsAt, now);
  return { open: true, text: days <= 0 ? m.saved_ends_today() : m.listings_days_left({ count: days }) };
}

/** What the page says: a refused post, a removal, or a save asked for before signing in and done now. */
function pageNotice(page: AstroGlobal, posted: Notice | null): Notice | null {
  if (posted) return posted;
  const done = page.url.searchParams.get('done');
  if (done === 'unsave') return { kind: 'success', text: m.saved_removed_deal() };
  if (done === 'remove-search') return { kind: 'success', text: m.saved_removed_search() };
  const finished = finishedOn(page.locals);
  if (finished?.kind === 'save-deal' && finished.saved) return { kind: 'success', text: m.saved_done_after_sign_in() };
  if (finished?.kind === 'save-search' && finished.outcome === 'saved') return { kind: 'success', text: m.saved_search_saved() };
  return null;
}

/**
 * The signed-in buyer's saved deals (one page, each with its state) and searches; signed out, the
 * deals kept on this phone (`guest`). Null where a read failed (503).
 */
export async function loadSavedPage(page: AstroGlobal, posted: Notice | null) {
  const { db, now } = page.locals;
  const user = page.locals.user;
  const notice = pageNotice(page, posted);
  if (!user) {
    const phone = await readOrNull('phone-saves', () => loadPhoneSaves(page));
    if (!phone) page.response.status = 503;
    const deals = phone && { items: phone.map((deal) => ({ ...deal, state: stateOf(deal, now) })), page: 1, hasMore: false };
    return { guest: true, notice, deals, searches: [] as SavedSearch[] };
  }
  const paging = { page: pageNumber(page.url.searchParams), pageSize: SAVED_PAGE_SIZE };
  const deals = await readOrNull('saved-deals', () => listSavedListings(db, user.id, paging));
  const searches = await readOrNull('saved-searches', () => listSavedSearches(db, user.id));
  if (!deals || !searches) page.response.status = 503;
  const withState = deals && { ...deals, items: deals.items.map((deal) => ({ ...deal, state: stateOf(deal, now) })) };
  return { guest: false, notice, deals: withState, searches };
}
