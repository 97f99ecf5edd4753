import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { drivers, openThrowawayPostgres } from '#tests/db/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { CUSTOM_PLAN } from './custom-plan.ts';
import { listings } from './schema.ts';
import { MAX_NAMED } from './postgres-named.ts';

describe.runIf(drivers().includes('postgres'))('node-postgres with named statements', () => {
  // One connection: pg_prepared_statements shows that session's statements.
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openThrowawayPostgres('named', { template: inject('postgresTemplate')!, maxConnections: 1 });
  });
  afterAll(() => handle.close());
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
  const prepared = async () =>
    (await rowsOf<{ statement: string }>(sql`select statement from pg_prepared_statements`)).map((r) => r.statement);

  it('prepares a statement once on a connection and reuses it, with the same answers', async () => {
    const list = () =>
      handle.db
        .select({ id: listings.id })
        .from(listings)
        .where(sql`${listings.category} = ${'homes'}`);
    const first = await list();
    for (let i = 0; i < 5; i++) expect(await list()).toEqual(first);
    expect((await prepared()).filter((s) => s.includes('"category" = $1'))).toHaveLength(1);
  });

  it(`names at most ${MAX_NAMED} distinct texts, then runs the rest unnamed`, async () => {
    for (let i = 0; i < MAX_NAMED + 30; i++) await handle.db.execute(sql`select ${i}::int + ${sql.raw(String(i))} as n`);
    expect((await prepared()).length).toBe(MAX_NAMED);
    expect((await rowsOf<{ n: number }>(sql`select ${2}::int + ${sql.raw(String(MAX_NAMED + 29))} as n`))[0]!.n).toBe(MAX_NAMED + 31);
  });

  it('runs a statement again, unnamed, when its table changed under it', async () => {
    await handle.db.execute(sql`create table named_probe (id int primary key)`);
    await handle.db.execute(sql`insert into named_probe values (1)`);
    const read = () => rowsOf<Record<string, unknown>>(sql`select * from named_probe where id = ${1}`);
    for (let i = 0; i < 3; i++) await read();
    await handle.db.execute(sql`alter table named_probe add column city text`);
    expect((await read())[0]).toEqual({ id: 1, city: null });
  });

  it('leaves a statement marked for a custom plan unnamed', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < 6; i++)
      await rowsOf(sql`select count(*) from ${listings} where ${sql.raw(CUSTOM_PLAN)} ${listings.searchText} like ${'%un%'}`);
    expect((await prepared()).length).toBe(before);
  });

  it('fails a bad statement with its code, as before', async () => {
    await expect(handle.db.execute(sql`select nonsense_column from ${listings}`)).rejects.toMatchObject({ cause: { code: '42703' } });
  });
});
