import { describe, expect, it } from 'vitest';
import { queryLogger } from '#platform/db/query-observers.ts';
import {
  coveredRead,
  coveredWrite,
  EVERY_PAGE,
  onPagesChanged,
  pagesChanged,
  recordingRender,
  recordingWrite,
  tablesOf,
} from './page-dependencies.server.ts';

/** A statement as the database would run it (the driver's logger sees it). */
const run = async (query: string) => queryLogger.logQuery(query);

describe('the tables of a statement', () => {
  it('reads the FROM and JOIN tables, writes the INSERT, UPDATE and DELETE ones', () => {
    const of = (query: string) => {
      const { reads, writes } = tablesOf(query);
      return { reads: [...reads].sort(), writes: [...writes].sort() };
    };
    expect(of('select "id" from "listings" left join "listing_images" on "a" = "b" where "x" = $1')).toEqual({
      reads: ['listing_images', 'listings'],
      writes: [],
    });
    expect(of('insert into "requests" ("name") values ($1) returning "id"')).toEqual({ reads: [], writes: ['requests'] });
    expect(of('update "requests" set "likes" = "likes" + 1 where "id" = $1')).toEqual({ reads: [], writes: ['requests'] });
    expect(of('delete from "request_likes" where "request_id" in (select "id" from "requests")')).toEqual({
      reads: ['requests'],
      writes: ['request_likes'],
    });
    // Locking a row and an upsert's update write nothing more than the statement's own table.
    expect(of('select "id" from "jobs" where "run_at" <= now() for update skip locked')).toEqual({ reads: ['jobs'], writes: [] });
    expect(of('insert into "saved_listings" ("a") values ($1) on conflict ("a") do update set "a" = excluded."a"')).toEqual({
      reads: [],
      writes: ['saved_listings'],
    });
    expect(of('SELECT count(*) FROM listings l JOIN sellers s ON s.id = l.seller_id').reads).toEqual(['listings', 'sellers']);
  });
});

describe('what a page shows and what a write changes', () => {
  it('records the tables a page reads, except those a covered read describes', async () => {
    const { record } = await recordingRender(async () => {
      await run('select * from "requests"');
      await coveredRead(
        ['listings', 'listing_images'],
        async () => {
          await run('select * from "listings" join "listing_images" on true join "telegram_contact_kinds" on true');
          return [12];
        },
        (ids) => ({ tags: ['category:homes', ...ids.map((id) => `listing:${id}`)], changesIn: 5000 }),
      );
      await coveredRead(
        ['listings'],
        async () => run('select 1 from "listings"'),
        () => ({ tags: ['list:daily'], changesIn: 9000 }),
      );
      return 'page';
    });
    expect([...record.tags].sort()).toEqual([
      'category:homes',
      'list:daily',
      'listing:12',
      'table:requests',
      'table:telegram_contact_kinds',
    ]);
    expect(record.changesIn).toBe(5000);
  });

  it("records a write's tables, its declared tags, and every page for a listing write that declared none", async () => {
    const tags = new Set<string>();
    await recordingWrite(async () => {
      await run('insert into "requests" ("name") values ($1)');
      await run('select * from "listings"');
      await coveredWrite(
        ['listings'],
        async () => run('update "listings" set "status" = $1'),
        () => ['listing:3', 'category:foods'],
      );
    }, tags);
    expect([...tags].sort()).toEqual(['category:foods', 'listing:3', 'table:requests']);

    const uncovered = new Set<string>();
    await recordingWrite(() => run('update "listings" set "hidden_at" = now()'), uncovered);
    expect([...uncovered]).toEqual([EVERY_PAGE]);
  });

  it('applies at once what is changed outside a request', async () => {
    const applied: (readonly string[])[] = [];
    onPagesChanged((tags) => applied.push(tags));
    pagesChanged('table:comments');
    await coveredWrite(
      ['listings'],
      async () => {
        await run('update "listings" set "ends_at" = now()');
        await run('insert into "jobs" ("kind") values ($1)');
      },
      () => ['listing:8'],
    );
    expect(applied).toEqual([['table:comments'], ['listing:8', 'table:jobs']]);
    // Reads outside a render describe nothing.
    expect(
      await coveredRead(
        ['listings'],
        async () => 7,
        () => ({ tags: ['listing:7'] }),
      ),
    ).toBe(7);
    expect(applied).toHaveLength(2);
  });

  it("drops the pages of a table a statement outside any request writes (a job's, the bot's), one turn's statements together", async () => {
    const applied: (readonly string[])[] = [];
    onPagesChanged((tags) => applied.push(tags));
    await recordingRender(() => run('select * from "request_likes" join "sellers" on true'));
    await run('update "request_likes" set "n" = 1');
    await run('insert into "sellers" ("name") values ($1)');
    // A table no page read (the job queue), and a fine table, whose writers name their pages.
    await run('insert into "job_leases" ("kind") values ($1)');
    await run('update "listings" set "renewal_reminded_at" = now()');
    await run('select 1 from "sellers"');
    expect(applied).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(applied).toEqual([['table:request_likes', 'table:sellers']]);
  });
});
