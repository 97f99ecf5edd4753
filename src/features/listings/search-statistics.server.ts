/**
 * How common each search key is, from PostgreSQL's own statistics of `listings.search_terms`
 * (ANALYZE's most common elements and the table's row estimate), read at most every ten minutes
 * per database. A search uses it to choose how it finds its newest matches (rankedIds).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';

export interface SearchKeyShares {
  /** About how many deals there are (0 before the first ANALYZE). */
  total: number;
  /** A key's share of deals, 0 for a key too rare to be among the most common. */
  shareOf(key: string): number;
}

const FRESH_MS = 10 * 60_000;
const read = new WeakMap<Database, { at: number; shares: SearchKeyShares }>();

export async function searchKeyShares(db: Database): Promise<SearchKeyShares> {
  const cached = read.get(db);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.shares;
  type Row = { key: string | null; share: number | string | null; total: number | string };
  const result = await db.execute<Row>(sql`
    select element.key, element.share, (select greatest(reltuples, 0) from pg_class where oid = 'listings'::regclass) as total
    from (select 1) as one
    left join pg_stats as stats on stats.schemaname = current_schema() and stats.tablename = 'listings' and stats.attname = 'search_terms'
    left join lateral unnest(stats.most_common_elems::text::text[], stats.most_common_elem_freqs) as element(key, share) on true`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const byKey = new Map<string, number>();
  for (const row of rows) if (row.key !== null && row.share !== null) byKey.set(row.key, Number(row.share));
  const shares: SearchKeyShares = { total: Number(rows[0]?.total ?? 0), shareOf: (key) => byKey.get(key) ?? 0 };
  read.set(db, { at: Date.now(), shares });
  return shares;
}
