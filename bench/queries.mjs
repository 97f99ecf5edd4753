/**
 * What people type into the search box, for the mixed workload (bench/mixed.mjs): the relevance
 * suite's queries (src/features/search/relevance-queries.ts: exact words, other spellings, Amharic
 * typed in Latin letters, loanwords, translations, typos, word order, affixes, prefixes) and a few
 * that find nothing, each once.
 */
import { NOTHING_QUERIES, PRECISION_CASES, RELEVANCE_QUERIES } from '#features/search/relevance-queries.ts';

export const REALISTIC_QUERIES = [
  ...new Set([...RELEVANCE_QUERIES.map((q) => q.query), ...PRECISION_CASES.map((c) => c.query), ...NOTHING_QUERIES]),
];
