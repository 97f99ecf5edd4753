import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/**
 * Each page carries only the CSS it uses (page-css.server.ts). These compare every kind of page,
 * pixel for pixel at 390 px, with the same HTML carrying the whole stylesheet: a rule the cut lost
 * would show. /shop loads a script file, so it keeps the whole sheet: that is where it comes from.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

const STYLE = /<style>([\s\S]*?)<\/style>/;
const GREY_PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoaAAAAIIAgd8E1WIAAAAASUVORK5CYII=', 'base64');

async function wholeStylesheet(page: Page): Promise<string> {
  const shop = await (await page.request.get('/shop')).text();
  return STYLE.exec(shop)![1]!;
}

async function firstListingPath(page: Page): Promise<string> {
  const home = await (await page.request.get('/')).text();
  return /href="(\/listings\/\d+-[^"]+)"/.exec(home)![1]!;
}

async function sellerPath(page: Page): Promise<string> {
  const home = await (await page.request.get('/')).text();
  return /href="(\/sellers\/\d+-[^"]+)"/.exec(home)![1]!;
}

/** The page as served, and as it looks with the whole stylesheet in place of its own. */
async function bothWays(page: Page, path: string, whole: string, before?: (page: Page) => Promise<void>) {
  const response = await page.request.get(path);
  const html = await response.text();
  const own = STYLE.exec(html)![1]!;
  expect(own.length, `${path} carries less CSS than the whole stylesheet`).toBeLessThan(whole.length * 0.7);
  const shots: Buffer[] = [];
  const thisPage = (url: URL) => url.pathname + url.search === path;
  // Photos are one grey pixel: Chromium may paint a scaled photo in two passes, and an aborted one
  // shows its alt text or not depending on when it failed, differences no CSS made.
  await page.route(/\/media\//, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: GREY_PIXEL }));
  for (const css of [own, whole]) {
    await page.route(thisPage, (route) =>
      route.fulfill({ status: response.status(), contentType: 'text/html', body: html.replace(STYLE, () => `<style>${css}</style>`) }),
    );
    await page.goto(path);
    if (before) await before(page);
    shots.push(await page.screenshot({ fullPage: true, animations: 'disabled' }));
    await page.unroute(thisPage);
  }
  await page.unrouteAll();
  return shots;
}

/** Every kind of page: a test each, so they run side by side (two loads and screenshots apiece). */
const KINDS: Record<string, string | ((page: Page) => Promise<string>)> = {
  home: '/',
  'home (am)': '/am/',
  category: '/homes',
  deal: firstListingPath,
  // The cut reads markup, not text (issue 31): a page in other words must keep the same rules.
  'deal (am)': async (page) => `/am${await firstListingPath(page)}`,
  search: '/search?query=coffee',
  'search without results': '/search?query=zzzznothing',
  seller: sellerPath,
  'daily discounts': '/daily-discounts',
  'discounts (a rewrite of home)': '/discounts',
  'holiday discounts': '/holiday-discounts',
  nearby: '/nearby-shops',
  'sign in': '/login',
  'sign up': '/signup',
  'about us': '/aboutus',
  language: '/language',
  'lite mode': '/lite-mode',
  offline: '/offline',
  'not found': '/no-such-page-here',
};

for (const [kind, where] of Object.entries(KINDS)) {
  test(`${kind}: looks the same with its own CSS as with the whole stylesheet`, async ({ page }) => {
    const path = typeof where === 'string' ? where : await where(page);
    const [own, full] = await bothWays(page, path, await wholeStylesheet(page));
    expect(own!.equals(full!), `${path} looks different with its own CSS`).toBe(true);
  });
}

test("the slide-out menu looks the same with the page's own CSS", async ({ page }) => {
  const whole = await wholeStylesheet(page);
  const [own, full] = await bothWays(page, '/', whole, async (p) => {
    await p.getByRole('button', { name: 'Open menu' }).click();
    await expect(p.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  });
  expect(own!.equals(full!)).toBe(true);
});

test("a page's policy names only the inline scripts it has", async ({ page }) => {
  const response = await page.request.get('/homes');
  const html = await response.text();
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\/ld\+json"/.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  expect(inline.length).toBeGreaterThan(0);
  const policy = response.headers()['content-security-policy']!;
  const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'))!;
  const hashes = scriptSrc.match(/'sha256-[^']+'/g) ?? [];
  expect(hashes.sort()).toEqual([...new Set(inline)].sort());
});
