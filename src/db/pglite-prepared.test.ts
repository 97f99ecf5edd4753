import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_PLAN } from './custom-plan.ts';
import { MAX_STATEMENTS, withPreparedStatements } from './pglite-prepared.ts';

/** Counts the protocol exchanges with PGlite's Postgres until stopped. */
function countTrips(client: PGlite): { stop(): number } {
  const target = client as unknown as { execProtocolRaw: (...args: unknown[]) => Promise<unknown> };
  const original = target.execProtocolRaw;
  let n = 0;
  target.execProtocolRaw = (...args) => {
    n++;
    return original.apply(client, args);
  };
  return {
    stop() {
      target.execProtocolRaw = original;
      return n;
    },
  };
}

describe('PGlite with prepared statements', () => {
  let raw: PGlite;
  let db: PGlite;
  const kept = async () => Number((await raw.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n);

  beforeAll(async () => {
    raw = await PGlite.create();
    db = withPreparedStatements(raw);
    await raw.exec(
      `create table deals (id serial primary key, name text not null, ends_at timestamptz, tags text[], facts jsonb, live boolean)`,
    );
  }, 60_000);
  afterAll(() => raw.close());

  it('answers as PGlite itself does, in both row modes, with its parsers and serializers', async () => {
    const endsAt = new Date('2026-12-01T10:00:00Z');
    const insert = `insert into deals (name, ends_at, tags, facts, live) values ($1, $2, $3, $4, $5) returning id`;
    const inserted = await db.query(insert, ['Bunna', endsAt, ['coffee', 'ቡና'], { kg: 2 }, true]);
    expect(inserted.affectedRows).toBe(1);
    await db.query(insert, ['Shiro', null, null, null, false]);
    const text = 'select id, name, ends_at, tags, facts, live from deals where id >= $1 order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } }]) {
      expect(await db.query(text, [1], options)).toEqual(await raw.query(text, [1], options));
    }
    const objects = await db.query<{ ends_at: Date; tags: string[]; facts: unknown }>(text, [1]);
    expect(objects.rows[0]).toMatchObject({ ends_at: endsAt, tags: ['coffee', 'ቡና'], facts: { kg: 2 }, live: true });
    expect(objects.rows[1]).toMatchObject({ ends_at: null, tags: null, facts: null, live: false });
  });

  it('parses and plans a statement once, then only binds and executes it', async () => {
    const before = await kept();
    for (let i = 0; i < 5; i++) await db.query('select count(*)::int as n from deals where live = $1', [true]);
    expect(await kept()).toBe(before + 1);
    const { rows } = await raw.query<{ statement: string }>(
      `select statement from pg_prepared_statements where statement like '%live = $1%'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('runs a statement marked for a custom plan as PGlite does, without keeping it', async () => {
    const before = await kept();
    for (let i = 0; i < 6; i++) await db.query(`select count(*)::int as n from deals where ${CUSTOM_PLAN} name like $1`, ['%un%']);
    expect(await kept()).toBe(before);

    const text = `select id, name, ends_at, tags, facts, live from deals where ${CUSTOM_PLAN} (name like $1 or tags && $2) and id >= $3 order by id`;
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      expect(await db.query(text, ['%un%', ['ቡና'], 1], options)).toEqual(await raw.query(text, ['%un%', ['ቡና'], 1], options));
    }
    // Planned for its values each time: the plan names the pattern, where a generic plan says $1.
    const plan = await db.query<{ 'QUERY PLAN': string }>(`explain select id from deals where ${CUSTOM_PLAN} name like $1`, ['Shi%']);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain("'Shi%'");
    expect(await kept()).toBe(before);
  });

  it('runs a custom-plan statement in one trip into Postgres after its first run (PGlite itself takes six)', async () => {
    const text = `select count(*)::int as n from deals where ${CUSTOM_PLAN} name like $1`;
    await db.query(text, ['B%']);
    const trips = countTrips(raw);
    const { rows } = await db.query<{ n: number }>(text, ['S%']);
    expect(rows[0]!.n).toBe(1);
    expect(trips.stop()).toBe(1);
    await expect(db.query(`select nonsense from deals where ${CUSTOM_PLAN} id = $1`, [1])).rejects.toMatchObject({
      code: '42703',
      params: [1],
    });
    expect((await db.query<{ n: number }>(text, ['%'])).rows[0]!.n).toBe(2);
  });

  it('fails a bad statement as PGlite does (its code, query and parameters) and keeps working', async () => {
    await expect(db.query('insert into deals (id, name) values ($1, $2)', [1, 'again'])).rejects.toMatchObject({
      code: '23505',
      query: 'insert into deals (id, name) values ($1, $2)',
      params: [1, 'again'],
    });
    await expect(db.query('select nonsense from deals')).rejects.toMatchObject({ code: '42703' });
    expect((await db.query<{ n: number }>('select count(*)::int as n from deals')).rows[0]!.n).toBe(2);
  });

  it('prepares a statement again when its table changes under it', async () => {
    const text = 'select * from deals where id = $1';
    await db.query(text, [1]);
    await raw.exec('alter table deals add column city text');
    const { rows } = await db.query<Record<string, unknown>>(text, [1]);
    expect(rows[0]).toHaveProperty('city', null);
  });

  it(`keeps at most ${MAX_STATEMENTS} statements, closing the least recently used`, async () => {
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) await db.query(`select $1::int + ${i} as n`, [1]);
    expect(await kept()).toBe(MAX_STATEMENTS);
    // The latest are kept and still answer.
    expect((await db.query<{ n: number }>(`select $1::int + ${MAX_STATEMENTS + 19} as n`, [1])).rows[0]!.n).toBe(MAX_STATEMENTS + 20);
  });

  it('waits for a transaction on the same database, as PGlite does', async () => {
    let inside = false;
    const seen: boolean[] = [];
    const transaction = raw.transaction(async (tx) => {
      inside = true;
      await tx.query(`insert into deals (name) values ('Teff')`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = false;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const count = db.query<{ n: number }>(`select count(*)::int as n from deals where name = 'Teff'`).then((r) => {
      seen.push(inside);
      return r.rows[0]!.n;
    });
    await transaction;
    expect(await count).toBe(1);
    expect(seen).toEqual([false]);
  });

  it('keeps what is set on it (a counting wrapper of its query) to itself', async () => {
    const view = withPreparedStatements(raw);
    const calls: string[] = [];
    const prepared = view.query.bind(view);
    Object.assign(view, { query: (text: string, ...rest: []) => (calls.push(text), prepared(text, ...rest)) });
    await view.query('select 1 as one');
    expect(calls).toEqual(['select 1 as one']);
    expect(Object.hasOwn(raw, 'query')).toBe(false);
  });
});
