/**
 * A request's statements are counted on both drivers (query-count.server.ts): every statement its
 * work starts (a select, a raw statement, a transaction's statements, statements run side by side)
 * and nothing else (another request's, or work outside any request).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appMeta } from '#db/schema.ts';
import { drivers, useTestDatabase } from '#tests/db/test-database.ts';
import { countQueriesOf, newTally, tallyQueries } from './query-count.server.ts';

describe.each(drivers())('statements counted per request on %s', (driver) => {
  const t = useTestDatabase(driver);
  beforeAll(() => countQueriesOf(t));

  it('counts what the work runs, as many as Drizzle sends', async () => {
    const tally = newTally(true);
    t.resetQueryCount();
    const started = performance.now();
    await tallyQueries(tally, async () => {
      await t.db.select().from(appMeta).where(eq(appMeta.key, 'nothing'));
      await t.db.execute(sql`select 1`);
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
        await tx.execute(sql`select 3`);
      });
    });
    const elapsed = performance.now() - started;
    // node-postgres sends a transaction's BEGIN and COMMIT as statements; PGlite runs them itself.
    const transaction = driver === 'postgres' ? ['begin', 'select 2', 'select 3', 'commit'] : ['select 2', 'select 3'];
    expect(tally.sql).toEqual([expect.stringMatching(/^select .* from "app_meta"/), 'select 1', ...transaction]);
    // Drizzle's logger, an independent count: the same statements.
    expect(tally.count).toBe(t.queryCount());
    expect(tally.ms).toBeGreaterThan(0);
    expect(tally.ms).toBeLessThanOrEqual(elapsed);
    expect(tally.running).toBe(0);
  });

  it('keeps two requests apart, and counts nothing outside a request', async () => {
    const one = newTally();
    const two = newTally();
    await Promise.all([
      tallyQueries(one, async () => {
        await Promise.all([t.db.execute(sql`select 1`), t.db.execute(sql`select 2`), t.db.execute(sql`select 3`)]);
      }),
      // A Drizzle query runs when awaited: inside the request's work here.
      tallyQueries(two, async () => await t.db.execute(sql`select 4`)),
      t.db.execute(sql`select 5`),
    ]);
    expect([one.count, two.count]).toEqual([3, 1]);
    expect(one.sql).toBeUndefined();
    expect(one.running + two.running).toBe(0);
  });

  it('counts nothing of work that waited for a connection a request gave back (the pool full)', async () => {
    const tally = newTally();
    const inRequest = tallyQueries(tally, async () => {
      await Promise.all(Array.from({ length: 10 }, () => t.db.execute(sql`select pg_sleep(0.05)`)));
    });
    // Outside any request, queued behind the request's statements for the pool's ten connections.
    const outside = Promise.all(Array.from({ length: 5 }, () => t.db.execute(sql`select 6`)));
    await Promise.all([inRequest, outside]);
    expect(tally.count).toBe(10);
    expect(tally.running).toBe(0);
  });

  it('counts a statement that fails, and its time', async () => {
    const tally = newTally();
    await tallyQueries(tally, async () => {
      await expect(t.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    });
    expect(tally.count).toBe(1);
    expect(tally.running).toBe(0);
    expect(tally.ms).toBeGreaterThan(0);
  });

  it('wraps a driver once, however often it is asked', async () => {
    countQueriesOf(t);
    const tally = newTally();
    await tallyQueries(tally, async () => await t.db.execute(sql`select 1`));
    expect(tally.count).toBe(1);
  });
});
