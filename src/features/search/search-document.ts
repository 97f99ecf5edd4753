/**
 * A listing's search keys (decision 26), pure: what `listings.search_*` hold. A key is a folded
 * word, one of its stems, or `~` and its Latin sound key; a query word matches a listing when one
 * of the word's keys is among the listing's.
 */
import type { Glossary } from './glossary.ts';
import { latinKey, stemsOf, wordsOf } from './text.ts';

/** Bump when keys are made differently: rows of an older version are re-indexed at boot. */
export const SEARCH_VERSION = 1;
/** Words of a description that are indexed (its first ones). */
const MAX_DESCRIPTION_WORDS = 300;
/** The prefix that keeps sound keys apart from words. */
export const SOUND = '~';

export interface SearchableListing {
  productName: string;
  companyName: string;
  location: string;
  description: string;
  category: string;
}

export interface VocabularyWord {
  key: string;
  word: string;
}

export interface SearchDocument {
  searchName: string[];
  searchPlace: string[];
  searchTerms: string[];
  searchPhrase: string;
  searchVersion: number;
}

/** The keys of one folded word: itself, its stems, and their sound keys. */
export function keysOfWord(word: string): string[] {
  const forms = [word, ...stemsOf(word)];
  const keys = new Set(forms);
  for (const form of forms) keys.add(SOUND + latinKey(form));
  return [...keys];
}

function keysOf(words: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const word of words) for (const key of keysOfWord(word)) keys.add(key);
  return keys;
}

/** A phrase of folded words with a space on each side, so a LIKE on ' words ' matches whole words. */
export function phraseOf(words: readonly string[]): string {
  return words.length > 0 ? ` ${words.join(' ')} ` : '';
}

/**
 * The search document of a listing. `categoryNames` is the category's visible name in every
 * language (the caller knows the category registry); the glossary adds the words people type for it.
 */
export function searchDocument(listing: SearchableListing, categoryNames: string, glossary: Glossary): SearchDocument {
  const product = wordsOf(listing.productName);
  const name = [...product, ...wordsOf(listing.companyName)];
  const place = wordsOf(listing.location);
  const more = [
    ...wordsOf(listing.description).slice(0, MAX_DESCRIPTION_WORDS),
    ...wordsOf(categoryNames),
    ...glossary.categoryWords(listing.category),
  ];
  const nameKeys = keysOf(name);
  const placeKeys = keysOf(place);
  const terms = new Set([...nameKeys, ...placeKeys, ...keysOf(more)]);
  return {
    searchName: [...nameKeys],
    searchPlace: [...placeKeys],
    searchTerms: [...terms],
    searchPhrase: phraseOf(product),
    searchVersion: SEARCH_VERSION,
  };
}

/** The vocabulary a listing adds: each sound key with a word as written (for "Did you mean"). */
export function vocabularyOf(listing: SearchableListing): VocabularyWord[] {
  const words = [
    ...wordsOf(listing.productName),
    ...wordsOf(listing.companyName),
    ...wordsOf(listing.location),
    ...wordsOf(listing.description).slice(0, MAX_DESCRIPTION_WORDS),
  ];
  const out = new Map<string, string>();
  for (const word of words) {
    // Numbers and single letters make poor suggestions and no typo is allowed on them anyway.
    if (word.length < 2 || /^\d+$/u.test(word)) continue;
    for (const form of [word, ...stemsOf(word)]) {
      const key = latinKey(form);
      if (!out.has(key)) out.set(key, form);
    }
  }
  return [...out].map(([key, word]) => ({ key, word }));
}
