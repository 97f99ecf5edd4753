/**
 * The offline worker's decisions (src/platform/cache/offline-worker.js), run in a context of its own the
 * way the browser runs it, without a service worker scope (so it registers no listeners): what
 * may be kept, the offline line, the offline page's lists, the saved deals a /saved page links to.
 */
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { servedWorker } from './offline-worker-source.ts';
import { SESSION_STATE_HEADER } from './front-cache.server.ts';

const source = readFileSync(new URL('./offline-worker.js', import.meta.url), 'utf8');

interface Entry {
  url: string;
  title: string;
  keptAt: number;
}
interface Worker {
  keepable(url: URL, response: Partial<Response>): boolean;
  languageOf(pathname: string): string;
  withOfflineLine(html: string, shell: string, keptAt: number): string;
  offlinePageWith(shell: string, pages: Entry[], saved: Entry[]): string;
  savedDealLinks(html: string): string[];
  keptResponse(html: string, headers: Headers, keptAt: number): Response;
  signedOut(response: Pick<Response, 'headers'>): boolean;
  knownSignedOut(cookie: string | null | undefined, lastSeen: string | undefined): boolean;
  keptStillFits(response: Pick<Response, 'status' | 'headers'>): boolean;
}

/** The worker as src/pages/sw.js.ts serves it: comments left out, the site's language prefixes written in. */
function loadWorker(): Worker {
  expect(source.split("['__PREFIXES__']")).toHaveLength(2);
  const served = servedWorker(source, ['am']);
  expect(served).not.toContain('__PREFIXES__');
  expect(served.length).toBeLessThan(source.length * 0.8);
  const context = vm.createContext({ self: {}, URL, Headers, Response });
  vm.runInContext(served, context);
  return context as unknown as Worker;
}
const worker = loadWorker();

const KEPT_AT = Date.parse('2026-03-10T09:00:00Z');
const PUBLIC = 'public, max-age=0, s-maxage=30';
const page = (headers: Record<string, string> = {}, more: Partial<Response> = {}): Partial<Response> => ({
  status: 200,
  type: 'basic',
  redirected: false,
  headers: new Headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': PUBLIC, ...headers }),
  ...more,
});
const at = (path: string) => new URL(path, 'https://sefer.example');

/** The offline page's marks and templates, as src/pages/offline.astro renders them. */
const shell = (intl: string) =>
  `<html><body><div data-offline-intl="${intl}" data-offline-zone="Africa/Addis_Ababa">` +
  '<p data-offline-direct>Opened directly</p><p data-offline-served hidden>Served</p><p data-offline-none hidden>Nothing</p>' +
  '<section data-offline-pages hidden><ul class="mt-2" data-offline-list="pages"></ul></section>' +
  '<section data-offline-saved hidden><ul class="mt-2" data-offline-list="saved"></ul></section></div>' +
  '<template data-offline-item><li><a href="{href}">{title}</a><span>{time}</span></li></template>' +
  '<template data-offline-line><p role="status">You are offline: this page is from {time}</p></template></body></html>';

describe('what the offline worker keeps', () => {
  it('keeps a public page of a visitor', () => {
    for (const path of ['/', '/discounts', '/am/discounts', '/listings/12-fresh-coffee', '/search?query=coffee', '/am/'])
      expect(worker.keepable(at(path), page()), path).toBe(true);
  });

  it('never keeps a page the server did not mark public', () => {
    for (const cacheControl of ['private, no-store', 'private, max-age=0', 'public, no-store', 'no-cache', ''])
      expect(worker.keepable(at('/'), page({ 'cache-control': cacheControl })), cacheControl).toBe(false);
  });

  it('never keeps a page that says its visitor is signed in, whatever its headers say (issue 30)', () => {
    expect(worker.keepable(at('/'), page({ [SESSION_STATE_HEADER]: 'signed-in' }))).toBe(false);
    expect(worker.keepable(at('/'), page({ [SESSION_STATE_HEADER]: 'signed-out' }))).toBe(true);
  });

  it('never keeps an error, a redirect, a page that sets a cookie or something that is not a page', () => {
    expect(worker.keepable(at('/'), page({}, { status: 404 }))).toBe(false);
    expect(worker.keepable(at('/'), page({}, { status: 0, type: 'opaqueredirect' }))).toBe(false);
    expect(worker.keepable(at('/'), page({}, { redirected: true }))).toBe(false);
    expect(worker.keepable(at('/'), page({ 'set-cookie': 'a=b' }))).toBe(false);
    expect(worker.keepable(at('/sitemap.xml'), page({ 'content-type': 'application/xml' }))).toBe(false);
  });

  it('never keeps an account, sign-in or offline page, even marked public', () => {
    for (const path of [
      '/profile',
      '/am/profile',
      '/myposts',
      '/saved',
      '/am/saved',
      '/checkout/3',
      '/admin/orders',
      '/login?next=/saved',
      '/welcome',
      '/offline',
      '/am/offline',
    ])
      expect(worker.keepable(at(path), page()), path).toBe(false);
  });

  it('reads the language from the path prefix, and only from a language the site has', () => {
    expect(worker.languageOf('/am/discounts')).toBe('am');
    expect(worker.languageOf('/am')).toBe('am');
    expect(worker.languageOf('/discounts')).toBe('');
    // /go/… is a page of the base language, not a language.
    expect(worker.languageOf('/go/12/telegram')).toBe('');
  });

  it('stores the title and the time with the page, and only the headers it answers with again', async () => {
    const headers = new Headers({
      'content-type': 'text/html',
      'content-security-policy': "default-src 'self'",
      etag: '"abc"',
      'set-cookie': 'x=y',
      vary: '*',
    });
    const kept = worker.keptResponse('<html><head><title>Caf&amp;é &lt;3 · Sefer</title></head></html>', headers, KEPT_AT);
    expect(decodeURIComponent(kept.headers.get('x-sefer-title')!)).toBe('Caf&é <3 · Sefer');
    expect(kept.headers.get('x-sefer-kept-at')).toBe(String(KEPT_AT));
    expect(kept.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(kept.headers.get('etag')).toBe('"abc"');
    expect(kept.headers.has('set-cookie')).toBe(false);
    expect(kept.headers.has('vary')).toBe(false);
  });
});

describe('what the offline worker shows', () => {
  it('puts the offline line with the kept time first in the body, in the offline page’s language', () => {
    const html = worker.withOfflineLine('<html><body class="x"><main>Deal</main></body></html>', shell('en-GB'), KEPT_AT);
    expect(html).toBe(
      '<html><body class="x"><p role="status">You are offline: this page is from 10 Mar, 12:00</p><main>Deal</main></body></html>',
    );
    // Amharic pages date in the Ethiopian calendar: Megabit 1.
    expect(worker.withOfflineLine('<body>', shell('am-ET-u-ca-ethiopic'), KEPT_AT)).toContain('መጋቢት 1');
  });

  it('lists the kept pages and saved deals on the offline page, escaped', () => {
    const html = worker.offlinePageWith(
      shell('en-GB'),
      [{ url: '/discounts?x="1"', title: '<b>Shops</b> · Sefer', keptAt: KEPT_AT }],
      [{ url: '/listings/7-tea', title: 'Tea & cake', keptAt: KEPT_AT }],
    );
    expect(html).toContain(
      '<ul class="mt-2" data-offline-list="pages"><li><a href="/discounts?x=&#34;1&#34;">&#60;b&#62;Shops&#60;/b&#62; · Sefer</a><span>10 Mar, 12:00</span></li></ul>',
    );
    expect(html).toContain('<ul class="mt-2" data-offline-list="saved"><li><a href="/listings/7-tea">Tea &#38; cake</a>');
    expect(html).toContain('<section data-offline-pages>');
    expect(html).toContain('<section data-offline-saved>');
    expect(html).toContain('<p data-offline-served>');
    expect(html).toContain('<p data-offline-direct hidden>');
    expect(html).toContain('<p data-offline-none hidden>');
  });

  it('says that nothing is kept yet when nothing is', () => {
    const html = worker.offlinePageWith(shell('en-GB'), [], []);
    expect(html).toContain('<p data-offline-none>');
    expect(html).toContain('<section data-offline-pages hidden>');
    expect(html).toContain('<section data-offline-saved hidden>');
  });
});

describe('saved deals', () => {
  it('finds each deal a /saved page links to once, in either language, and nothing else', () => {
    const html =
      '<a href="/listings/12-fresh-coffee">Coffee</a><a href="/listings/12-fresh-coffee">Again</a>' +
      '<a href="/am/listings/40-%E1%89%A1%E1%8A%93">ቡና</a><a href="/listings?page=2">More</a><a href="/saved?page=2">Next</a>' +
      '<a href="/sellers/3-abebe">Seller</a>';
    expect(worker.savedDealLinks(html)).toEqual(['/listings/12-fresh-coffee', '/am/listings/40-%E1%89%A1%E1%8A%93']);
  });

  it('are forgotten on an answer that says its visitor is signed out, in the header every page carries', () => {
    const answer = (state?: string) => ({ headers: new Headers(state ? { [SESSION_STATE_HEADER]: state } : {}) });
    expect(worker.signedOut(answer('signed-out'))).toBe(true);
    expect(worker.signedOut(answer('signed-in'))).toBe(false);
    // An answer that says nothing (an image, another server's error page) forgets nothing.
    expect(worker.signedOut(answer())).toBe(false);
  });

  it('keeps at most 30', () => {
    const html = Array.from({ length: 40 }, (_, i) => `<a href="/listings/${i + 1}-deal">Deal</a>`).join('');
    expect(worker.savedDealLinks(html)).toHaveLength(30);
  });
});

describe('signing in or out with the worker on (issue 30)', () => {
  it('shows a kept copy (a signed-out page) while online only to a visitor it knows is signed out', () => {
    // The state cookie, where a worker can read cookies, decides.
    expect(worker.knownSignedOut(null, 'signed-in')).toBe(true);
    expect(worker.knownSignedOut('in', 'signed-out')).toBe(false);
    // Elsewhere the last page's word; nothing known (a form was just sent, the worker just started) is not signed out.
    expect(worker.knownSignedOut(undefined, 'signed-out')).toBe(true);
    expect(worker.knownSignedOut(undefined, 'signed-in')).toBe(false);
    expect(worker.knownSignedOut(undefined, undefined)).toBe(false);
  });

  it('answers a 304 with the kept copy only when the 304 says signed-out', () => {
    const answer = (status: number, state?: string) => ({ status, headers: new Headers(state ? { [SESSION_STATE_HEADER]: state } : {}) });
    expect(worker.keptStillFits(answer(304, 'signed-out'))).toBe(true);
    expect(worker.keptStillFits(answer(304, 'signed-in'))).toBe(false);
    expect(worker.keptStillFits(answer(304))).toBe(false);
    expect(worker.keptStillFits(answer(200, 'signed-out'))).toBe(false);
  });
});
