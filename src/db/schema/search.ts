/** Search (decision 26): the words that occur in listings, for typo tolerance, prefixes and "Did you mean". */
import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every Latin sound key (features/search/text.ts `latinKey`) that some listing holds, with one
 * word as a seller wrote it: a query word that occurs nowhere is compared with these keys.
 * Grows with the catalogue; a key whose listings are gone stays (it then matches nothing).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    key: text('key').primaryKey(),
    word: text('word').notNull(),
  },
  (t) => [
    // Typos: keys that share trigrams with the query's key.
    index('search_vocabulary_trgm_idx').using('gin', sql`${t.key} gin_trgm_ops`),
    // Prefixes and same-first-letter typos: a LIKE 'x%' range whatever the database's collation.
    index('search_vocabulary_prefix_idx').using('btree', sql`${t.key} text_pattern_ops`),
  ],
);
