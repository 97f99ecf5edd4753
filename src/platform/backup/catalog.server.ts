/** What the backup reads about the database itself: its tables, keys, order of loading, migrations. */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { MigrationStamp } from './manifest.ts';

/** Both drivers answer `{ rows }` to `execute`. */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The app's tables (the current schema), parents before the tables that refer to them. */
export async function tablesInLoadOrder(db: Pick<Database, 'execute'>): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`)
  ).map((t) => t.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) throw new Error(`Tables refer to each other in a cycle through ${table}; a backup cannot order them.`);
    path.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export interface TableShape {
  /** Columns a row is inserted with (generated ones are computed again). */
  columns: string[];
  primaryKey: string[];
  /** Identity and serial columns, whose sequences continue after the restored rows. */
  sequenced: string[];
}

export async function tableShape(db: Pick<Database, 'execute'>, table: string): Promise<TableShape> {
  const columns = await rowsOf<{ name: string; generated: string; sequenced: boolean }>(
    db,
    sql`select column_name as name, is_generated as generated,
          (is_identity = 'YES' or coalesce(column_default, '') like 'nextval(%') as sequenced
        from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
  );
  const key = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${ident(table)}::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
  );
  return {
    columns: columns.filter((c) => c.generated === 'NEVER').map((c) => c.name),
    primaryKey: key.map((k) => k.name),
    sequenced: columns.filter((c) => c.sequenced).map((c) => c.name),
  };
}

/** The migrations drizzle applied to this database, in order (none before the first migration). */
export async function appliedMigrations(db: Pick<Database, 'execute'>): Promise<MigrationStamp[]> {
  const [exists] = await rowsOf<{ found: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return [];
  const rows = await rowsOf<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}
