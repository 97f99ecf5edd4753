/**
 * Keeps the listing form's draft (localStorage) and a listing waiting for sign-in with its files
 * (IndexedDB, through idb-keyval). Every call tolerates storage being unavailable: the form still
 * works, only nothing is kept.
 */
import { createStore, del, get, set } from 'idb-keyval';
import { useEffect, useEffectEvent } from 'react';
import { DRAFT_KEY, KEPT_DATABASE, KEPT_STORE, LISTING_KEY, draftOf, readDraft, readKeptListing } from './kept-listing.ts';
import type { Listing, ListingText } from './state.ts';

// createStore opens nothing until the first call, so importing this during the server render is safe.
const store = createStore(KEPT_DATABASE, KEPT_STORE);
const ignore = () => undefined;

function storage(run: (storage: Storage) => void): void {
  try {
    run(localStorage);
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

/** Keeps a listing with its files until it can be sent. */
export const keepListing = (listing: Listing): Promise<void> => set(LISTING_KEY, listing, store).catch(ignore);

/** Forgets the draft and the kept listing (it was sent). */
export function forgetListing(): Promise<void> {
  storage((s) => s.removeItem(DRAFT_KEY));
  return del(LISTING_KEY, store).catch(ignore);
}

interface KeptListingOptions {
  text: ListingText;
  /** Whether the text holds the seller's own edits (a restored text is not written back). */
  edited: boolean;
  signedIn: boolean;
  /** Called on load with the draft, then again with the kept listing once it is read (if any). */
  onRestore: (draft: Partial<ListingText>, kept: Listing | null) => void;
}

export function useKeptListing({ text, edited, signedIn, onRestore }: KeptListingOptions): void {
  const restore = useEffectEvent(onRestore);

  useEffect(() => {
    let cancelled = false;
    let draft: Partial<ListingText> = {};
    storage((s) => (draft = readDraft(s.getItem(DRAFT_KEY))));
    restore(draft, null);
    void get(LISTING_KEY, store)
      .catch(ignore)
      .then((value) => {
        const kept = readKeptListing(value);
        if (kept && !cancelled) restore(draft, kept);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // Keep the text as it is typed.
  useEffect(() => {
    if (!edited) return;
    const draft = draftOf(text, signedIn);
    storage((s) => (draft ? s.setItem(DRAFT_KEY, JSON.stringify(draft)) : s.removeItem(DRAFT_KEY)));
  }, [text, edited, signedIn]);
}
