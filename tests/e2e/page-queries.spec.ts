import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInPage } from './support.ts';

/**
 * The database statements each kind of page runs when it is rendered (issue 31), as the
 * production build says in `Server-Timing: db;dur=…;desc="N queries"` (the countQueries step).
 * The bounds are the counts measured after issue 31's cuts: a page that gains a query fails here.
 * Each URL carries a parameter of its own so that it is rendered, not answered from the page cache
 * (signed in: not from the copy signed-in visitors share, keep-signed-in-pages.server.ts). The
 * signed-in bounds include reading the session (one statement: the session with its user).
 */
const PAGES: { name: string; path: string | 'detail'; signedOut: number; signedIn: number }[] = [
  { name: 'home', path: '/', signedOut: 2, signedIn: 3 },
  { name: 'home in Amharic', path: '/am/', signedOut: 2, signedIn: 3 },
  { name: 'a category', path: '/homes', signedOut: 2, signedIn: 3 },
  { name: "a category's second page", path: '/homes?page=2', signedOut: 2, signedIn: 3 },
  // The listing with its gallery, and the view it counts (a write; signed in, also the Save button's state).
  { name: "a deal's page", path: 'detail', signedOut: 2, signedIn: 4 },
  { name: 'a search', path: '/search?query=coffee', signedOut: 3, signedIn: 4 },
  { name: 'an Amharic search', path: `/search?query=${encodeURIComponent('ቡና')}`, signedOut: 3, signedIn: 4 },
  { name: 'recents', path: '/recents', signedOut: 2, signedIn: 3 },
  { name: 'nearby shops', path: '/nearby-shops', signedOut: 3, signedIn: 4 },
  { name: 'the sitemap', path: '/sitemap.xml', signedOut: 2, signedIn: 3 },
];

let probe = 0;
/** The path with a parameter no page reads: a URL no one asked for yet, so it is rendered. */
const unseen = (path: string) => `${path}${path.includes('?') ? '&' : '?'}probe=${process.pid}-${Date.now()}-${probe++}`;

/**
 * A current deal's page (from the daily list: it has not ended). An ended deal's page reads one
 * statement more: its seller's other current deals, shown in its place.
 */
async function detailPath(request: APIRequestContext): Promise<string> {
  const daily = await (await request.get(unseen('/daily-discounts'))).text();
  return /href="(\/listings\/\d+[^"]*)"/.exec(daily)![1]!;
}

/** The statements a page ran, from its Server-Timing. */
async function queriesOf(request: APIRequestContext, path: string): Promise<number> {
  return (await answerOf(request, path)).queries;
}

async function answerOf(request: APIRequestContext, path: string): Promise<{ queries: number; cache: string | undefined }> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  const timing = response.headers()['server-timing'] ?? '';
  const count = /\bdb;dur=[\d.]+;desc="(\d+) quer(?:y|ies)"/.exec(timing)?.[1];
  expect(count, `${path}: Server-Timing "${timing}"`).toMatch(/^\d+$/);
  return { queries: Number(count), cache: response.headers()['x-page-cache'] };
}

/**
 * The pages signed-in visitors are served from a shared copy (keep-signed-in-pages.server.ts), and
 * the statements such an answer runs: the session, and on a deal's page its Save button's state and
 * the view it counts.
 */
const FROM_SHARED_COPY: Record<string, number> = {
  home: 1,
  'home in Amharic': 1,
  'a category': 1,
  "a category's second page": 1,
  "a deal's page": 3,
  'a search': 1,
  'an Amharic search': 1,
};

test('each kind of page runs no more statements than it did after issue 31, signed out and signed in', async ({
  browser,
  baseURL,
  request,
}) => {
  const detail = await detailPath(request);
  // The day's first counted view also sweeps old view records (once a day): not what a page costs.
  await request.get(unseen(detail));
  const counts: Record<string, { out: number; in?: number }> = {};
  for (const page of PAGES) {
    const path = page.path === 'detail' ? detail : page.path;
    counts[page.name] = { out: await queriesOf(request, unseen(path)) };
  }
  const { context, page } = await signedInPage(browser, baseURL!);
  const filled: Record<string, number> = {};
  for (const kind of PAGES) {
    const path = unseen(kind.path === 'detail' ? detail : kind.path);
    counts[kind.name]!.in = await queriesOf(page.request, path);
    if (!(kind.name in FROM_SHARED_COPY)) continue;
    // Asked again, from the copy the first answer made (another test's write may drop it meanwhile).
    for (let tries = 0; tries < 3 && filled[kind.name] === undefined; tries++) {
      const again = await answerOf(page.request, path);
      if (again.cache === 'filled') filled[kind.name] = again.queries;
    }
  }
  await context.close();
  const costly = Object.entries(FROM_SHARED_COPY)
    .filter(([name, bound]) => !(filled[name]! >= 1 && filled[name]! <= bound))
    .map(([name, bound]) => `${name}: ${filled[name] ?? 'never from the copy'}, at most ${bound}`);
  expect(costly, JSON.stringify(filled)).toEqual([]);
  // Every page reads something (the count is live), and none reads more than its bound.
  const wrong = PAGES.filter(({ name, signedOut, signedIn }) => {
    const { out, in: signed } = counts[name]!;
    return out < 1 || out > signedOut || signed! <= out || signed! > signedIn;
  }).map(
    ({ name, signedOut, signedIn }) =>
      `${name}: ${JSON.stringify(counts[name])}, at most ${signedOut} signed out and ${signedIn} signed in`,
  );
  expect(wrong, JSON.stringify(counts)).toEqual([]);
});
