/**
 * The search relevance suite of issue 27: a bilingual catalogue (relevance-fixture.ts) and the
 * queries people in Addis type (relevance-queries.ts), each naming the listing it must bring on
 * the first page of the public search. Judges whatever engine is behind listPublicListings, on
 * PGlite and (with TEST_DATABASE_URL) PostgreSQL. Goal: 95 % found overall, every kind 90 %, no
 * precision case broken, nothing found for the nonsense and pending-only queries.
 *
 * Prints the score per kind; with SEFER_RELEVANCE_REPORT=1 also writes it to
 * bench/results/search-relevance.json (kind → { found, total }) for BENCHMARKS.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '#features/listings/categories.ts';
import { insertListing } from '#features/listings/listings.server.ts';
import { listPublicListings } from '#features/listings/public-listings.server.ts';
import { createSeller, draft, FIXED_NOW } from '#fixtures/listings.ts';
import { drivers, useTestDatabase, type TestDatabase } from '#tests/db/test-database.ts';
import { RELEVANCE_LISTINGS } from './relevance-fixture.ts';
import { NOTHING_QUERIES, PRECISION_CASES, RELEVANCE_KINDS, RELEVANCE_QUERIES, SUBSET_QUERIES } from './relevance-queries.ts';
import { formatTable, missedReport, overallTally, shortfalls, tallyByKind, type Outcome, type Tally } from './relevance-score.ts';

const PAGE = { page: 1, pageSize: 24 };
const HOUR = 3_600_000;
const REPORT_FILE = fileURLToPath(new URL('../../../bench/results/search-relevance.json', import.meta.url));

const byKey = new Map(RELEVANCE_LISTINGS.map((l) => [l.key, l]));
const publicKeys = new Set(RELEVANCE_LISTINGS.filter((l) => l.status === 'verified').map((l) => l.key));

/** The spec's search, computed from the fixture: what a substring over name, company and location finds. */
function substringMatches(query: string): string[] {
  const q = query.toLowerCase();
  return RELEVANCE_LISTINGS.filter(
    (l) => l.status === 'verified' && `${l.productName} ${l.companyName} ${l.location}`.toLowerCase().includes(q),
  ).map((l) => l.key);
}

describe('the relevance fixture', () => {
  it('is sound: unique keys, real categories, every query aims at a public listing, enough of each kind', () => {
    const categoryKeys = new Set(CATEGORIES.map((c) => c.key));
    expect(byKey.size).toBe(RELEVANCE_LISTINGS.length);
    expect(RELEVANCE_LISTINGS.filter((l) => !categoryKeys.has(l.category)).map((l) => l.key)).toEqual([]);
    expect(RELEVANCE_QUERIES.filter((q) => !publicKeys.has(q.expect)).map((q) => q.expect)).toEqual([]);
    expect(PRECISION_CASES.flatMap((c) => c.mustNotFind).filter((k) => !publicKeys.has(k))).toEqual([]);
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(160);
    for (const kind of RELEVANCE_KINDS) {
      expect(RELEVANCE_QUERIES.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(12);
    }
    expect(PRECISION_CASES.length).toBeGreaterThanOrEqual(10);
    expect(NOTHING_QUERIES.length).toBeGreaterThanOrEqual(3);
    // A subset query is only a fair test if all its substring matches fit on one page.
    for (const query of SUBSET_QUERIES) {
      expect(substringMatches(query).length, query).toBeGreaterThan(0);
      expect(substringMatches(query).length, query).toBeLessThanOrEqual(PAGE.pageSize);
    }
    // Exact queries must really be substrings of their listing, or the kind would test something else.
    for (const q of RELEVANCE_QUERIES.filter((q) => q.kind === 'exact')) expect(substringMatches(q.query), q.query).toContain(q.expect);
  });
});

interface Run {
  outcomes: Outcome[];
  precision: { query: string; broken: string[] }[];
  nothing: { query: string; found: string[] }[];
  subset: { query: string; missing: string[] }[];
}

async function seed(t: TestDatabase): Promise<Map<number, string>> {
  await createSeller(t.db);
  const keyOfId = new Map<number, string>();
  for (const [i, l] of RELEVANCE_LISTINGS.entries()) {
    const { key, status, ...fields } = l;
    const id = await insertListing(t.db, draft(fields), { status, datePosted: new Date(FIXED_NOW.getTime() - (i + 1) * HOUR) });
    keyOfId.set(id, key);
  }
  return keyOfId;
}

async function runSuite(t: TestDatabase): Promise<Run> {
  const keyOfId = await seed(t);
  const search = async (query: string, page = 1) => {
    const result = await listPublicListings(t.db, { query, now: FIXED_NOW }, { ...PAGE, page });
    return { keys: result.items.map((item) => keyOfId.get(item.id) ?? `#${item.id}`), hasMore: result.hasMore };
  };
  // Every page: a precision case holds only if the listing is nowhere in the results.
  const searchAll = async (query: string) => {
    const keys: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const result = await search(query, page);
      keys.push(...result.keys);
      if (!result.hasMore) break;
    }
    return keys;
  };
  const outcomes: Outcome[] = [];
  for (const q of RELEVANCE_QUERIES) {
    const { keys } = await search(q.query);
    outcomes.push({ ...q, found: keys.includes(q.expect), firstKeys: keys });
  }
  const precision = [];
  for (const c of PRECISION_CASES) {
    const keys = await searchAll(c.query);
    precision.push({ query: c.query, broken: c.mustNotFind.filter((k) => keys.includes(k)) });
  }
  const nothing = [];
  for (const query of NOTHING_QUERIES) nothing.push({ query, found: await searchAll(query) });
  const subset = [];
  for (const query of SUBSET_QUERIES) {
    const { keys } = await search(query);
    subset.push({ query, missing: substringMatches(query).filter((k) => !keys.includes(k)) });
  }
  return { outcomes, precision, nothing, subset };
}

describe.each(drivers())('search relevance on %s', (driver) => {
  let run: Run | undefined;
  useTestDatabase(driver, { beforeAll: async (t) => void (run = await runSuite(t)), timeout: 120_000 });
  const results = () => {
    if (!run) throw new Error('The relevance suite did not run (see the beforeAll error).');
    return run;
  };

  afterAll(() => {
    if (!run) return;
    const tallies = tallyByKind(run.outcomes, RELEVANCE_KINDS);
    const overall = overallTally(run.outcomes);
    const held = (cases: { ok: boolean }[]): Tally => ({ found: cases.filter((c) => c.ok).length, total: cases.length });
    const precision = held(run.precision.map((c) => ({ ok: c.broken.length === 0 })));
    const nothing = held(run.nothing.map((c) => ({ ok: c.found.length === 0 })));
    console.log(
      `Search relevance on ${driver} (first page of ${PAGE.pageSize}):\n${formatTable(tallies, overall)}\n` +
        `precision cases held: ${precision.found}/${precision.total}; nothing-queries empty: ${nothing.found}/${nothing.total}` +
        // The misses are worth fixing even when the goal is met.
        (overall.found < overall.total ? `\nMissed:\n${missedReport(run.outcomes)}` : ''),
    );
    // One file for BENCHMARKS.md, from PGlite (every run has it; PostgreSQL must score the same).
    if (process.env.SEFER_RELEVANCE_REPORT === '1' && driver === 'pglite') {
      mkdirSync(dirname(REPORT_FILE), { recursive: true });
      writeFileSync(REPORT_FILE, `${JSON.stringify({ ...tallies, overall, precision, nothing }, null, 2)}\n`);
    }
  });

  it('finds 95 % of the listings on the first page, and every kind at least 90 %', () => {
    const { outcomes } = results();
    expect(shortfalls(outcomes, RELEVANCE_KINDS), `Missed queries:\n${missedReport(outcomes)}\n`).toEqual([]);
  });

  it('does not show listings that only share letters or a topic with the query', () => {
    const broken = results().precision.filter((c) => c.broken.length > 0);
    expect(broken.map((c) => `${JSON.stringify(c.query)} showed ${c.broken.join(', ')}`)).toEqual([]);
  });

  it('finds nothing for words in no public listing (pending ones included)', () => {
    const found = results().nothing.filter((c) => c.found.length > 0);
    expect(found.map((c) => `${JSON.stringify(c.query)} found ${c.found.join(', ')}`)).toEqual([]);
  });

  it("still finds everything the spec's substring search finds (name, company, location)", () => {
    const missing = results().subset.filter((c) => c.missing.length > 0);
    expect(missing.map((c) => `${JSON.stringify(c.query)} lost ${c.missing.join(', ')}`)).toEqual([]);
  });
});
