/**
 * Lite mode against normal pages (issue 30): the first visit of home, a category page and a deal's
 * page, in English and Amharic, each with and without `Save-Data: on`, counted on the wire as
 * bench/lite.mjs counts (every byte both ways: the HTML, every image, the worker and what it keeps).
 * Lite mode's promise is at least half: {@link LITE_SAVING}. A deal whose photos are shown is taken
 * from the category page, so the page is one the catalogue has.
 *
 * `node bench/lite-pages.mjs http://localhost:4321 /homes` prints the rows as JSON (the category
 * defaults to /homes; the deal is the category's first card).
 */
import { chromium } from '@playwright/test';
import { firstVisit } from './lite.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './weight.mjs';

/** Lite pages are at least this much lighter than the same normal pages (a fraction of the normal bytes). */
export const LITE_SAVING = 0.5;

/** What lite mode saved on a page: 0.62 is 62 % fewer bytes. */
export const saving = (normal, lite) => (normal.totalBytes > 0 ? 1 - lite.totalBytes / normal.totalBytes : 0);

/**
 * The first card's deal link on a page of cards (`/listings/<id>-<slug>`), in the page's language.
 * @param {string} html
 */
export function firstDealPath(html) {
  const match = /href="((?:\/am)?\/listings\/\d+-[^"?#]+)"/.exec(html);
  if (!match) throw new Error('no deal on the page');
  return match[1];
}

/**
 * Home, the category and its first deal in both languages: `{ 'home': '/', 'home (am)': '/am/', … }`.
 * @param {string} origin
 * @param {string} category  a category path, e.g. /homes
 */
export async function litePages(origin, category = '/homes') {
  const html = await (await fetch(`${origin}${category}`)).text();
  const deal = firstDealPath(html).replace(/^\/am/, '');
  return {
    home: '/',
    category,
    deal,
    'home (am)': '/am/',
    'category (am)': `/am${category}`,
    'deal (am)': `/am${deal}`,
  };
}

/**
 * Each page's first visit without and with Save-Data, and what lite mode saved.
 * @param {{ origin: string, pages: Record<string, string>, log?: (line: string) => void }} o
 */
export async function measureLitePages({ origin, pages, log = () => {} }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  try {
    /** @type {Record<string, { path: string, normal: import('./lite.mjs').Visit, lite: import('./lite.mjs').Visit, saving: number }>} */
    const rows = {};
    for (const [name, path] of Object.entries(pages)) {
      const normal = await firstVisit(browser, origin, path, {});
      const lite = await firstVisit(browser, origin, path, { 'Save-Data': 'on' });
      rows[name] = { path, normal, lite, saving: saving(normal, lite) };
      log(
        `[lite] ${name}: ${kb(lite.totalBytes)} in ${lite.requests} requests lite, ${kb(normal.totalBytes)} in ${normal.requests} without (${Math.round(rows[name].saving * 100)} % lighter)`,
      );
    }
    return rows;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin = 'http://localhost:4321', category = '/homes'] = process.argv.slice(2);
  const rows = await measureLitePages({ origin, pages: await litePages(origin, category), log: (line) => console.error(line) });
  console.log(JSON.stringify(rows, null, 2));
  const short = Object.entries(rows).filter(([, row]) => row.saving < LITE_SAVING);
  if (short.length > 0) {
    console.error(`[lite] under ${LITE_SAVING * 100} % lighter: ${short.map(([name]) => name).join(', ')}`);
    process.exitCode = 1;
  }
}
