/**
 * Two app processes on one PostgreSQL, started together (as a deployment behind a balancer does):
 * they migrate one after the other, gather planner statistics once between them, and a write
 * through one empties the other's page cache within a second (NOTIFY), where before it kept
 * serving its cached page for up to 30 s. Needs PostgreSQL: runs where TEST_DATABASE_URL is set
 * (as .ci/run does) and is skipped elsewhere.
 */
import { expect, test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { freePort, freshDatabase, postgresAppEnv, startApp, stopApp, type AppProcess } from './app-processes.ts';
import { postFoodsDeal, signUp, uniqueEmail } from './support.ts';

const SKIP_NOTE = 'two-process test skipped: TEST_DATABASE_URL is not set (.ci/run sets it; it needs PostgreSQL installed)';
if (!process.env.TEST_DATABASE_URL) console.log(`note: ${SKIP_NOTE}`);

const CATEGORY_PAGE = '/food-and-beverages';

/** The category page as a visitor who is not signed in gets it. */
async function categoryPage(base: string): Promise<{ cache: string | null; html: string }> {
  const response = await fetch(`${base}${CATEGORY_PAGE}`);
  return { cache: response.headers.get('x-page-cache'), html: await response.text() };
}

/** Milliseconds until `base`'s category page does (or does not) list `product`; fails after 5 s. */
async function untilListed(base: string, product: string, listed: boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 5000) {
    if ((await categoryPage(base)).html.includes(product) === listed) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${product} still ${listed ? 'missing from' : 'listed on'} ${base}${CATEGORY_PAGE} after 5 s`);
}

test.describe('two app processes on one PostgreSQL', { tag: '@slow' }, () => {
  test.skip(!process.env.TEST_DATABASE_URL, SKIP_NOTE);

  test("a deal verified, then deleted, through one process shows in the other's cached category page within 2 s; planner statistics run once", async ({
    browser,
  }) => {
    // Two processes start on one machine with the main e2e server; their start alone takes 10-20 s in CI.
    test.setTimeout(120_000);
    const database = await freshDatabase(process.env.TEST_DATABASE_URL!);
    const adminEmail = uniqueEmail('admin');
    const apps: AppProcess[] = [];
    try {
      const ports = [await freePort(), await freePort()];
      // One data folder, the e2e server's: support.ts reads the emailed sign-up code from its outbox.
      const env = (port: number) =>
        postgresAppEnv(database.url, port, process.env.SEFER_E2E_DATA!, { ADMIN_EMAILS: adminEmail, PAGE_CACHE_SECONDS: '30' });
      apps.push(startApp(env(ports[0]!)), startApp(env(ports[1]!)));
      await Promise.all(apps.map((app) => app.ready));
      const [one, two] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];

      const gathered = apps.map((app) => app.log.join('').match(/planner statistics gathered/g)?.length ?? 0);
      expect(gathered[0]! + gathered[1]!, `planner statistics per process: ${gathered.join(', ')}`).toBe(1);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const runs = await client.query(`select runs from scheduled_runs where name = 'planner-statistics'`);
      await client.end();
      expect(runs.rows).toEqual([{ runs: 1 }]);

      const admin = await browser.newPage({ baseURL: one });
      await signUp(admin, { email: adminEmail, firstName: 'Admin' });
      const product = `Two-process injera ${Date.now()}`;
      const image = {
        name: 'p.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 240, height: 180, channels: 3, background: '#2a7' } })
          .png()
          .toBuffer(),
      };
      const id = await postFoodsDeal(admin.request, one, product, image);

      // The second process renders the category page once, then serves it from its cache.
      expect((await categoryPage(two)).html).not.toContain(product);
      const cached = await categoryPage(two);
      expect(cached.cache).toBe('hit');
      expect(cached.html).not.toContain(product);

      const verified = await admin.request.post(`${one}/api/admin/listings/${id}/`, {
        headers: { Origin: one },
        data: { verdict: 'verify' },
      });
      expect(verified.status()).toBe(200);
      expect(await untilListed(two, product, true)).toBeLessThanOrEqual(2000);
      expect((await categoryPage(two)).cache).toBe('hit');

      const deleted = await admin.request.delete(`${one}/api/delete/products/${id}/`, { headers: { Origin: one } });
      expect(deleted.status()).toBeLessThan(300);
      expect(await untilListed(two, product, false)).toBeLessThanOrEqual(2000);
      await admin.close();
    } finally {
      await Promise.all(apps.map((app) => stopApp(app.child)));
      await database.drop();
    }
  });
});
