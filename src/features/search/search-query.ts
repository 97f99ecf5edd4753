/**
 * What a search asks for (decision 26), pure: each query word with the keys that match it
 * exactly and the keys that match it through romanisation, the glossary, a typo or a prefix.
 * The typo and prefix keys come from the vocabulary (search.server.ts asks it, then `withVocabulary`).
 */
import type { Glossary } from './glossary.ts';
import { keysOfWord, phraseOf, SOUND } from './search-document.ts';
import { editDistance, latinKey, typoAllowance, wordsOf } from './text.ts';

/** Words a query may hold that need not match ("the", "and", a separate የ or "ye"). */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'for',
  'in',
  'on',
  'at',
  'to',
  'with',
  'by',
  'from',
  'ye',
  'be',
  'le',
  'ke',
  'na',
  'ena',
  'እና',
  'የ',
  'በ',
  'ለ',
  'ከ',
  'ና',
]);
/** At most this many words of a query count (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 8;
/** Sound keys shorter than this are not completed as a prefix (too many words start with 'ka'). */
const MIN_PREFIX_KEY = 3;
/** The most prefix completions a last word brings. */
export const MAX_PREFIX_KEYS = 30;

export interface QueryWord {
  word: string;
  /** Its Latin sound key (without the `~`). */
  key: string;
  /** Keys that are the word itself, its stems and its own sound. */
  exact: string[];
  /** Keys it meets through the glossary, a typo or a prefix. */
  derived: string[];
  typos: number;
  /** The last word of the query: it may be unfinished. */
  last: boolean;
}

export interface SearchPlan {
  words: QueryWord[];
  /** The query's folded words as a phrase (' w1 w2 '), for the exact-phrase rank. */
  phrase: string;
}

/** The words of a query and their keys, before the vocabulary is asked. */
export function planSearch(text: string, glossary: Glossary): SearchPlan {
  const all = wordsOf(text).slice(0, MAX_QUERY_WORDS);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  const words = meaningful.length > 0 ? meaningful : all;
  return {
    phrase: phraseOf(all),
    words: words.map((word, i) => {
      const exact = keysOfWord(word);
      const derived = new Set<string>();
      for (const other of glossary.equivalents(word)) for (const key of keysOfWord(other)) derived.add(key);
      for (const key of exact) derived.delete(key);
      const key = latinKey(word);
      return { word, key, exact, derived: [...derived], typos: typoBudget(word, key), last: i === words.length - 1 };
    }),
  };
}

/** Typos tolerated: by the typed length (Meilisearch's rule), and never more than the sound key bears. */
function typoBudget(word: string, key: string): number {
  const byKey = key.length >= 7 ? 2 : key.length >= 4 ? 1 : 0;
  return Math.min(typoAllowance(word), byKey);
}

/** What the vocabulary knows about one query word's key. */
export interface VocabularyAnswer {
  /** The key occurs in some listing. */
  known: boolean;
  /** Keys that look alike (shared trigrams or first letter, similar length). */
  near: string[];
  /** Those of them whose word is written in the other script (Ge'ez for a Latin query word, or the reverse). */
  nearOtherScript: string[];
  /** Keys that start with it (last word only). */
  prefixed: string[];
}

/**
 * Adds typo and prefix keys. A word that occurs nowhere gets them all; a word that does occur
 * means what it says ("bread" is not "brand") and is only compared, sound for sound, with words of
 * the other script, where romanisation is approximate (ኮምፒውተር and computer, ሳምሰንግ and Samsung).
 * Only an unknown last word is completed as a prefix: a known one is finished.
 */
export function withVocabulary(plan: SearchPlan, answers: readonly VocabularyAnswer[], glossary: Glossary): SearchPlan {
  return {
    ...plan,
    words: plan.words.map((w, i) => {
      const answer = answers[i];
      if (!answer) return w;
      const unknown = !answer.known && !glossary.has(w.word);
      const derived = new Set(w.derived);
      if (w.typos > 0) {
        for (const near of unknown ? answer.near : answer.nearOtherScript) {
          if (editDistance(near, w.key, w.typos) <= w.typos) derived.add(SOUND + near);
        }
      }
      if (unknown && wantsPrefix(w)) for (const key of answer.prefixed.slice(0, MAX_PREFIX_KEYS)) derived.add(SOUND + key);
      return { ...w, derived: [...derived] };
    }),
  };
}

/** Whether a word is worth asking the vocabulary about prefixes (the last, long enough). */
export function wantsPrefix(w: QueryWord): boolean {
  return w.last && w.key.length >= MIN_PREFIX_KEY;
}

/** The closest vocabulary word for a word that occurs nowhere, for "Did you mean" (at most 2 edits). */
export function closestKey(w: QueryWord, answer: VocabularyAnswer | undefined): string | null {
  if (!answer || answer.known) return null;
  let best: { key: string; distance: number } | null = null;
  for (const key of [...answer.near, ...answer.prefixed]) {
    const distance = editDistance(key, w.key, 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { key, distance };
  }
  return best?.key ?? null;
}

/**
 * Whether the spec's substring (`like '%text%'` over name, company and place) can be looked up in
 * its trigram index. pg_trgm needs a trigram: a word the text also bounds by a space or a mark
 * ('ቡና ቤት', 'tv ') gives one, and so does a lone run of three ASCII letters or digits or of four
 * letters of another script; `%ቡና%`, `%tv%` and `%a1%` give none, and the planner scans every
 * deal (measured on PostgreSQL 15 and PGlite). Such a short text is matched by its words only:
 * whole words, and the last as a prefix (decision 26).
 */
export function substringUsesIndex(text: string): boolean {
  const trimmed = text.trim().toLowerCase();
  const runs = trimmed.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const [only] = runs;
  if (runs.length !== 1 || only !== trimmed) return runs.length > 0;
  return [...only].length >= 4 || (only.length >= 3 && /^[a-z0-9]+$/.test(only));
}

/**
 * The fewest keys that find the same deals as `keys`: a deal holding a word or stem also holds its
 * sound key (searchDocument), so a form whose sound key is among the keys adds no deal. Fewer keys
 * make the overlap cheaper and the planner's estimate truer: it counts a word and its sound key as
 * two independent chances, twice the deals they share ('solar' and '~solar').
 */
export function coveringKeys(keys: readonly string[]): string[] {
  const all = new Set(keys);
  return [...all].filter((key) => key.startsWith(SOUND) || !all.has(SOUND + latinKey(key)));
}
