/**
 * Keeps the listing form's draft and a listing waiting for sign-in in IndexedDB (idb-keyval).
 * Every call tolerates storage being unavailable: the form still works, only nothing is kept.
 */
import { createStore, del, delMany, getMany, set } from 'idb-keyval';
import { useEffect, useEffectEvent } from 'react';
import { DRAFT_KEY, KEPT_DATABASE, KEPT_STORE, LISTING_KEY, draftOf, readDraft, readKeptListing } from './kept-listing.ts';
import type { Listing, ListingText } from './state.ts';

// createStore opens nothing until the first call, so importing this during the server render is safe.
const store = createStore(KEPT_DATABASE, KEPT_STORE);
const ignore = () => undefined;

/** Keeps a listing with its files until it can be sent. */
export const keepListing = (listing: Listing): Promise<void> => set(LISTING_KEY, listing, store).catch(ignore);

/** Forgets the draft and the kept listing (it was sent). */
export const forgetListing = (): Promise<void> => delMany([DRAFT_KEY, LISTING_KEY], store).catch(ignore);

interface KeptListingOptions {
  text: ListingText;
  /** Whether the text holds the seller's own edits (a restored text is not written back). */
  edited: boolean;
  signedIn: boolean;
  /** Called once on load with the draft and the kept listing (null when none). */
  onRestore: (draft: Partial<ListingText>, kept: Listing | null) => void;
}

export function useKeptListing({ text, edited, signedIn, onRestore }: KeptListingOptions): void {
  const restore = useEffectEvent(onRestore);

  useEffect(() => {
    let cancelled = false;
    void getMany([DRAFT_KEY, LISTING_KEY], store)
      .catch(() => [undefined, undefined])
      .then(([draft, kept]) => {
        if (!cancelled) restore(readDraft(draft), readKeptListing(kept));
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // Keep the text as it is typed.
  useEffect(() => {
    if (!edited) return;
    const draft = draftOf(text, signedIn);
    void (draft ? set(DRAFT_KEY, draft, store) : del(DRAFT_KEY, store)).catch(ignore);
  }, [text, edited, signedIn]);
}
