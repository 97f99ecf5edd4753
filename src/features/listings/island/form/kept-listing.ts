/**
 * What the listing form keeps in this browser, so nothing a seller types on slow data is lost: the
 * draft (the text as typed, in localStorage: written at once, so a page closed right after a
 * keystroke still has it) and a listing that could not be sent yet (signed out) with its files (in
 * IndexedDB). This module holds the pure parts (what is written, how what is read back is
 * checked); `use-kept-listing.ts` the storage.
 */
import { LISTING_TEXT_FIELDS } from '#features/listings/listing-schema.ts';
import type { Listing, ListingText } from './state.ts';

/** localStorage key of the draft. */
export const DRAFT_KEY = 'sefer:listing-draft';
/** IndexedDB database, store and key of the kept listing (those of the first version, so kept listings still load). */
export const KEPT_DATABASE = 'sefer-listing-form';
export const KEPT_STORE = 'pending';
export const LISTING_KEY = 'listing';

/**
 * The draft to keep for the text as it is now, or null when there is nothing to keep. A signed-in
 * seller's email is the account's, so it is not kept.
 */
export function draftOf(text: ListingText, signedIn: boolean): Partial<ListingText> | null {
  const draft: Partial<ListingText> = signedIn ? { ...text, email: '' } : { ...text };
  return Object.values(draft).some((value) => value.trim() !== '') ? draft : null;
}

/** The text fields of a kept value, or of its JSON (anything else is dropped). */
export function readDraft(value: unknown): Partial<ListingText> {
  if (typeof value === 'string') {
    try {
      return readDraft(JSON.parse(value));
    } catch {
      return {};
    }
  }
  const draft: Partial<ListingText> = {};
  if (typeof value !== 'object' || value === null) return draft;
  for (const name of LISTING_TEXT_FIELDS) {
    const field = (value as Record<string, unknown>)[name];
    if (typeof field === 'string') draft[name] = field;
  }
  return draft;
}

const fileOrNull = (value: unknown): File | null => (value instanceof Blob && 'name' in value ? (value as File) : null);

/** A kept listing, or null when the value is not one. */
export function readKeptListing(value: unknown): Listing | null {
  if (typeof value !== 'object' || value === null || !('text' in value)) return null;
  const kept = value as Record<string, unknown>;
  return {
    text: readDraft(kept.text),
    logo: fileOrNull(kept.logo),
    photo: fileOrNull(kept.photo),
    video: fileOrNull(kept.video),
    images: Array.isArray(kept.images) ? kept.images.map(fileOrNull).filter((f): f is File => f !== null) : [],
  };
}

/** The text to restore: the kept listing's, with the draft's later edits over it. */
export function restoredText(draft: Partial<ListingText>, kept: Listing | null): Partial<ListingText> {
  return { ...kept?.text, ...draft };
}
