/**
 * Search in SQL (decision 26): a query becomes one condition and one rank over `listings.search_*`
 * (a GIN index on search_terms), after one question to the vocabulary for typos and prefixes.
 * Every search of the site (pages, API, saved searches and their digests, Telegram alerts) uses it.
 */
import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { CUSTOM_PLAN } from '#db/custom-plan.ts';
import { listings, searchVocabulary } from '#db/schema.ts';
import { likePattern } from '#platform/db/like.ts';
import { glossary } from './glossary-data.ts';
import { isEthiopic } from './text.ts';
import { searchKeyHashes } from './key-hashes.ts';
import { vocabularyOf, type SearchableListing } from './search-document.ts';
import {
  closestKey,
  coveringKeys,
  planSearch,
  wantsPrefix,
  withVocabulary,
  MAX_PREFIX_KEYS,
  substringUsesIndex,
  type SearchPlan,
  type VocabularyAnswer,
} from './search-query.ts';

/** Typo candidates asked per word: by shared trigrams, and by first letter and length. */
const NEAR_BY_TRIGRAMS = 40;
const NEAR_BY_LETTER = 120;

export interface SearchMatch {
  /** Which listings match: every word, in any order, or the spec's substring of product, company and location. */
  where: SQL;
  /** Higher first: exact phrase in the product name, all words in the name, then weaker matches. */
  rank: SQL;
  plan: SearchPlan;
  answers: VocabularyAnswer[];
}

function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Keys as the hashes of listings.search_hashes (migration 0014), computed here (key-hashes.ts): one
 * integer-array parameter, which the GIN index uses and Postgres need not compute while planning.
 */
function keyHashes(keys: readonly string[]): SQL {
  return sql`${`{${searchKeyHashes(keys).join(',')}}`}::int[]`;
}

/** One round trip: for each word, whether its key occurs, keys that look alike, keys it starts. */
export async function askVocabulary(db: Database, plan: SearchPlan): Promise<VocabularyAnswer[]> {
  const parts: SQL[] = [];
  plan.words.forEach((w, i) => {
    const k = w.key;
    const v = searchVocabulary;
    parts.push(sql`(select ${i}::int as i, 'known' as kind, ${v.key} as key, ${v.word} as word from ${v} where ${v.key} = ${k})`);
    if (k.length >= 3) {
      // Trigram neighbours are only sought for a word that occurs nowhere (a typo): the scan of the
      // vocabulary is the costliest part of a search's first question (6–9 ms on PGlite), and a
      // word that occurs is compared only with words of the other script, which the same-letter
      // lookup below finds.
      parts.push(sql`(select ${i}::int, 'near', ${v.key}, ${v.word} from ${v}
        where not exists (select 1 from ${v} where ${v.key} = ${k}) and ${v.key} % ${k} limit ${NEAR_BY_TRIGRAMS})`);
      parts.push(sql`(select ${i}::int, 'near', ${v.key}, ${v.word} from ${v}
        where ${v.key} like ${`${k[0]}%`} and length(${v.key}) between ${k.length - 2} and ${k.length + 2}
        limit ${NEAR_BY_LETTER})`);
    }
    if (wantsPrefix(w)) {
      parts.push(sql`(select ${i}::int, 'prefix', ${v.key}, ${v.word} from ${searchVocabulary}
        where ${searchVocabulary.key} like ${`${k}%`} and ${searchVocabulary.key} <> ${k}
        order by length(${searchVocabulary.key}), ${searchVocabulary.key} limit ${MAX_PREFIX_KEYS})`);
    }
  });
  const answers: VocabularyAnswer[] = plan.words.map(() => ({ known: false, near: [], nearOtherScript: [], prefixed: [] }));
  if (parts.length === 0) return answers;
  type Row = { i: number; kind: string; key: string; word: string };
  const result = await db.execute<Row>(sql.join(parts, sql` union all `));
  const rows = (result as unknown as { rows: Row[] }).rows;
  for (const row of rows) {
    const answer = answers[Number(row.i)];
    const w = plan.words[Number(row.i)];
    if (!answer || !w) continue;
    if (row.kind === 'known') answer.known = true;
    else if (row.kind === 'prefix') answer.prefixed.push(row.key);
    else {
      answer.near.push(row.key);
      if (isEthiopic(row.word) !== isEthiopic(w.word)) answer.nearOtherScript.push(row.key);
    }
  }
  return answers;
}

/** The condition and rank of a search text (one vocabulary query). */
export async function searchMatch(db: Database, text: string): Promise<SearchMatch> {
  const planned = planSearch(text, glossary);
  const answers = await askVocabulary(db, planned);
  const plan = withVocabulary(planned, answers, glossary);
  return { ...matchOf(plan, text), plan, answers };
}

/** The SQL of a completed plan, pure apart from the column names. */
export function matchOf(plan: SearchPlan, text: string): { where: SQL; rank: SQL } {
  // The spec's search: a substring of product, company and location (search_text, trigram-indexed).
  const substring = sql`${listings.searchText} like ${likePattern(text.trim())}`;
  // A query of stop words only ('የ') has nothing else to match by, indexed or not.
  if (plan.words.length === 0) return { where: sql`(${sql.raw(CUSTOM_PLAN)} ${substring})`, rank: sql`0` };
  const everyWord = and(...plan.words.map((w) => sql`${listings.searchHashes} && ${keyHashes(coveringKeys([...w.exact, ...w.derived]))}`))!;
  const perWord = plan.words.map((w) => {
    const exact = textArray(w.exact);
    const derived = textArray(w.derived);
    return sql`(case when ${listings.searchName} && ${exact} then 8 when ${listings.searchName} && ${derived} then 4
      when ${listings.searchPlace} && ${exact} then 3 when ${listings.searchHashes} && ${keyHashes(w.exact)} then 2 else 1 end)`;
  });
  const allInName = and(...plan.words.map((w) => sql`${listings.searchName} && ${textArray(w.exact)}`))!;
  const rank = sql`((case when ${listings.searchPhrase} like ${`%${plan.phrase}%`} then 1000 else 0 end)
    + (case when ${allInName} then 100 else 0 end) + ${sql.join(perWord, sql` + `)})`;
  const where = substringUsesIndex(text) ? or(everyWord, substring)! : everyWord;
  // Every statement that selects by a search is planned for its words (custom-plan.ts).
  return { where: sql`(${sql.raw(CUSTOM_PLAN)} ${where})`, rank };
}

/** Remembers a listing's words (on insert and edit): typos and prefixes are looked up among them. */
export async function rememberWords(db: Pick<Database, 'insert'>, listing: SearchableListing): Promise<void> {
  const words = vocabularyOf(listing);
  if (words.length === 0) return;
  await db.insert(searchVocabulary).values(words).onConflictDoNothing();
}

/** The keys a followed word (Telegram alerts) matches: the same keys a search for it would use. */
export async function keysOfFollowedWord(db: Database, word: string): Promise<string[]> {
  const { plan } = await searchMatch(db, word);
  return [...new Set(plan.words.flatMap((w) => [...w.exact, ...w.derived]))];
}

/** The display word of vocabulary keys, for "Did you mean". */
export async function wordsOfKeys(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: searchVocabulary.key, word: searchVocabulary.word })
    .from(searchVocabulary)
    .where(inArray(searchVocabulary.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.word]));
}

/** What a search that found nothing offers instead: the closest words that occur, and matching categories. */
export interface SearchHelp {
  /** The query with each word that occurs nowhere replaced by the closest that does; null when none. */
  didYouMean: string | null;
  /** Category keys the words suggest (through the glossary), most specific first. */
  categories: string[];
}

export async function searchHelp(db: Database, match: SearchMatch): Promise<SearchHelp> {
  // A word the glossary knows finds deals through its equivalents: it is not a typo to correct.
  const closest = match.plan.words.map((w, i) => (glossary.has(w.word) ? null : closestKey(w, match.answers[i])));
  const words = await wordsOfKeys(
    db,
    closest.filter((k): k is string => k !== null),
  );
  // Each word that occurs nowhere becomes the closest that does, or goes when none is close.
  const suggested = match.plan.words.flatMap((w, i) => {
    const key = closest[i];
    if (key) return [words.get(key) ?? w.word];
    return match.answers[i]?.known || glossary.has(w.word) ? [w.word] : [];
  });
  const original = match.plan.words.map((w) => w.word).join(' ');
  const didYouMean = suggested.length > 0 && suggested.join(' ') !== original ? suggested.join(' ') : null;
  const categories = [...new Set(match.plan.words.flatMap((w) => glossary.categoriesOf(w.word)))];
  return { didYouMean, categories };
}
