/** The query planner's plan for a built query, for data tests that check which index a read uses. */
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';

/** Inlines parameters into SQL for EXPLAIN (test data only: numbers, dates and plain strings). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (typeof v === 'number') return String(v);
    if (v instanceof Date) return `'${v.toISOString()}'::timestamptz`;
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

/** EXPLAIN of `query` (from drizzle's `.toSQL()`), its lines joined. */
export async function explain(db: Database, query: { sql: string; params: unknown[] }): Promise<string> {
  // PGlite answers with rows, node-postgres with a result that holds them.
  const result = (await db.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as unknown as
    { rows: Record<string, string>[] } | Record<string, string>[];
  const rows = 'rows' in result ? result.rows : result;
  return rows.map((r) => Object.values(r)[0]).join('\n');
}
