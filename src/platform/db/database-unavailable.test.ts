import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closedPort } from '#tests/fakes/closed-port.ts';
import { openDatabase } from '#db/client.ts';
import { isDatabaseUnavailable } from './db.server.ts';
import { notAvailable, RETRY_AFTER_SECONDS } from '#platform/http/safe.server.ts';

describe('database unavailability', () => {
  it('tells an unreachable PostgreSQL server (as Drizzle reports it) from a bad query', async () => {
    const down = await openDatabase({ databaseUrl: `postgres://sefer:sefer@127.0.0.1:${await closedPort()}/sefer` });
    const unreachable = await down.db.execute(sql`select 1`).catch((error: unknown) => error);
    await down.close();
    expect(isDatabaseUnavailable(unreachable)).toBe(true);

    // What Drizzle throws for a query the server refused: not an outage.
    const badQuery = new Error('Failed query: select * from no_such_table', {
      cause: Object.assign(new Error('relation "no_such_table" does not exist'), { code: '42P01' }),
    });
    expect(isDatabaseUnavailable(badQuery)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('answers the API with {error} and pages with a friendly page, both 503 with Retry-After and never cached', async () => {
    const api = notAvailable('down', new URL('http://localhost/api/cat'));
    expect(api.status).toBe(503);
    expect(api.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
    expect(api.headers.get('Cache-Control')).toBe('no-store');
    expect(await api.json()).toEqual({ error: 'Sefer is having trouble right now; please try again in a minute.' });

    const page = notAvailable('starting', new URL('http://localhost/listings/4-x?a=<b>'));
    expect(page.status).toBe(503);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Sefer is starting…');
    expect(html).toContain('href="/listings/4-x?a=%3Cb%3E"');
  });

  it('never links "Try again" to another host', async () => {
    const html = await notAvailable('down', new URL('http://localhost//evil.example/x')).text();
    expect(html).toContain('href="/"');
    expect(html).not.toContain('evil.example');
  });
});
