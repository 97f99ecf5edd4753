/**
 * The logical dump (decision 31): every table's rows as JSON lines, read in one REPEATABLE READ,
 * read-only transaction, so the rows of every table are of one moment while the app goes on
 * writing (on PGlite, its one connection holds other statements until the dump is read). The
 * secrets (secret-rows.ts) are split off into one JSON document for the sealed box.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { appliedMigrations, ident, rowsOf, tableShape, tablesInLoadOrder } from './catalog.server.ts';
import type { Manifest, MigrationStamp } from './manifest.ts';
import { SECRETS, type SecretPolicy } from './secret-rows.ts';

const PAGE = 2000;

/** The sealed part: whole secret rows by table, and secret columns by table (with the primary key). */
export interface SecretRows {
  rows: Record<string, string[]>;
  columns: Record<string, string[]>;
}

export interface Dump {
  migrations: MigrationStamp[];
  tables: Manifest['tables'];
  secrets: SecretRows;
}

const json = (row: { j: string }) => row.j;

/** Writes `<dir>/<table>.jsonl` for every table; returns the counts, migrations and secrets. */
export async function dumpDatabase(db: Database, dir: string, policy: SecretPolicy = SECRETS): Promise<Dump> {
  return db.transaction(
    async (tx) => {
      const migrations = await appliedMigrations(tx);
      const tables: Manifest['tables'] = {};
      const secrets: SecretRows = { rows: {}, columns: {} };
      for (const table of await tablesInLoadOrder(tx)) {
        const shape = await tableShape(tx, table);
        const t = ident(table);
        const order = shape.primaryKey.map(ident).join(', ') || 'ctid';
        const secretCondition = policy.tables.includes(table) ? 'true' : policy.rows[table];
        const plainWhere = secretCondition ? `where not (${secretCondition})` : '';
        const blanked = (policy.columns[table] ?? []).map((c) => ` - '${c}'`).join('');
        let rows = 0;
        const out = createWriteStream(path.join(dir, `${table}.jsonl`));
        try {
          for (let offset = 0; ; offset += PAGE) {
            const page = await rowsOf<{ j: string }>(
              tx,
              sql.raw(
                `select (to_jsonb(t)${blanked})::text as j from ${t} t ${plainWhere} order by ${order} limit ${PAGE} offset ${offset}`,
              ),
            );
            for (const line of page.map(json)) if (!out.write(`${line}\n`)) await once(out, 'drain');
            rows += page.length;
            if (page.length < PAGE) break;
          }
        } finally {
          out.end();
          await once(out, 'close');
        }
        let secretRows = 0;
        if (secretCondition) {
          const found = (
            await rowsOf<{ j: string }>(tx, sql.raw(`select to_jsonb(t)::text as j from ${t} t where ${secretCondition} order by ${order}`))
          ).map(json);
          if (found.length > 0) secrets.rows[table] = found;
          secretRows = found.length;
        }
        const columns = policy.columns[table];
        if (columns?.length) {
          const pairs = [...shape.primaryKey, ...columns].map((c) => `'${c}', ${ident(c)}`).join(', ');
          const anySet = columns.map((c) => `${ident(c)} is not null`).join(' or ');
          const found = (
            await rowsOf<{ j: string }>(
              tx,
              sql.raw(`select jsonb_build_object(${pairs})::text as j from ${t} where ${anySet} order by ${order}`),
            )
          ).map(json);
          if (found.length > 0) secrets.columns[table] = found;
        }
        tables[table] = { rows, secretRows };
      }
      return { migrations, tables, secrets };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
