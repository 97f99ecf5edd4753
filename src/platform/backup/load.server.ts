/**
 * Loads a logical dump into a database migrated to the dump's migrations: every table's rows,
 * parents first, in one transaction; then the secrets when given; then each identity sequence
 * continues after the highest restored value.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { ident, rowsOf, tableShape, tablesInLoadOrder, type TableShape } from './catalog.server.ts';
import type { SecretRows } from './dump.server.ts';

const BATCH = 500;

type Tx = Pick<Database, 'execute'>;

async function insertRows(tx: Tx, table: string, shape: TableShape, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  const columns = shape.columns.map(ident).join(', ');
  await tx.execute(
    sql`${sql.raw(`insert into ${ident(table)} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${ident(table)}, `)}${`[${lines.join(',')}]`}::jsonb)`,
  );
}

async function insertFile(tx: Tx, table: string, shape: TableShape, file: string): Promise<void> {
  let batch: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      await insertRows(tx, table, shape, batch);
      batch = [];
    }
  }
  await insertRows(tx, table, shape, batch);
}

async function restoreColumns(tx: Tx, table: string, shape: TableShape, lines: readonly string[]): Promise<void> {
  const first = lines[0];
  if (!first) return;
  const set = Object.keys(JSON.parse(first) as object).filter((c) => !shape.primaryKey.includes(c));
  const t = ident(table);
  const assignments = set.map((c) => `${ident(c)} = s.${ident(c)}`).join(', ');
  const match = shape.primaryKey.map((c) => `t.${ident(c)} = s.${ident(c)}`).join(' and ');
  for (let i = 0; i < lines.length; i += BATCH) {
    const chunk = `[${lines.slice(i, i + BATCH).join(',')}]`;
    await tx.execute(
      sql`${sql.raw(`update ${t} t set ${assignments} from jsonb_populate_recordset(null::${t}, `)}${chunk}${sql.raw(`::jsonb) s where ${match}`)}`,
    );
  }
}

/** Empties every table of the app (restart identity): `restore --force`. */
export async function emptyTables(db: Tx): Promise<void> {
  const tables = await tablesInLoadOrder(db);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.map(ident).join(', ')} restart identity cascade`));
}

/** Rows of every table of the app. */
export async function countRows(db: Tx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInLoadOrder(db)) {
    const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${ident(table)}`));
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** Loads `<dir>/<table>.jsonl` of every table named in `tables`, and `secrets` when given. */
export async function loadDatabase(db: Database, dir: string, tables: readonly string[], secrets: SecretRows | null): Promise<void> {
  await db.transaction(async (tx) => {
    const present = await tablesInLoadOrder(tx);
    const missing = tables.filter((t) => !present.includes(t));
    if (missing.length > 0) throw new Error(`The database has no table ${missing.join(', ')}; are its migrations the backup's?`);
    for (const table of present.filter((t) => tables.includes(t))) {
      const shape = await tableShape(tx, table);
      await insertFile(tx, table, shape, path.join(dir, `${table}.jsonl`));
      await insertRows(tx, table, shape, secrets?.rows[table] ?? []);
      await restoreColumns(tx, table, shape, secrets?.columns[table] ?? []);
      for (const column of shape.sequenced) {
        const c = ident(column);
        await tx.execute(
          sql.raw(
            `select setval(pg_get_serial_sequence('${ident(table)}', '${column}'), coalesce(max(${c}), 0) + 1, false) from ${ident(table)}`,
          ),
        );
      }
    }
  });
}
