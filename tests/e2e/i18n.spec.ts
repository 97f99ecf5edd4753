import { readFileSync, readdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminPage, collectScriptRequests, openWithIsland, signedInPage } from './support.ts';

/**
 * Every English interface text of the catalogue, as patterns: a message's placeholders match
 * anything. Messages written the same in both languages (names, numbers) are left out.
 */
type Pattern = { key: string; text: string; exact: boolean; regex: RegExp };
function englishPatterns(): Pattern[] {
  const patterns: Pattern[] = [];
  const texts = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.flatMap((variant) => Object.values((variant as { match?: Record<string, string> }).match ?? {}))
        : [];
  const catalogues: [Record<string, unknown>, Record<string, unknown>][] = readdirSync('messages').map((area) => [
    JSON.parse(readFileSync(`messages/${area}/en.json`, 'utf8')) as Record<string, unknown>,
    JSON.parse(readFileSync(`messages/${area}/am.json`, 'utf8')) as Record<string, unknown>,
  ]);
  // The prose pages' words live in content files (src/content/pages/<page>.<locale>.html or .json):
  // each field, each text between tags and each text of a JSON file counts as a message.
  const jsonTexts = (value: unknown, key = ''): string[] =>
    typeof value === 'string'
      ? ['id', 'href', 'icon'].includes(key)
        ? []
        : [value]
      : Array.isArray(value)
        ? value.flatMap((item) => jsonTexts(item))
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => jsonTexts(v, k))
          : [];
  for (const file of readdirSync('src/content/pages').filter((name) => /\.en\.(html|json)$/.test(name))) {
    const segments = (locale: string) => {
      const source = readFileSync(`src/content/pages/${file.replace('.en.', `.${locale}.`)}`, 'utf8');
      if (file.endsWith('.json')) return jsonTexts(JSON.parse(source));
      return source
        .split(/<[^>]*>|\n/)
        .map((text) =>
          text
            .replace(/^[a-zA-Z]+: /, '')
            .replace(/&amp;/g, '&')
            .trim(),
        )
        .filter((text) => text !== '' && text !== '---');
    };
    const am = new Set(segments('am'));
    const en = segments('en').filter((text) => !am.has(text));
    catalogues.push([Object.fromEntries(en.map((text, i) => [`${file}#${i}`, text])), {}]);
  }
  for (const [en, am] of catalogues) {
    for (const [key, value] of Object.entries(en)) {
      // Place names are names: listings written in any language mention them too.
      if (key === '$schema' || key.startsWith('locale_') || key.startsWith('listings_place_')) continue;
      if (JSON.stringify(value) === JSON.stringify(am[key])) continue;
      for (const text of texts(value)) {
        const literal = text.replace(/\{[^}]*\}/g, ' ').trim();
        // Only texts with words in them: a bare "{count}+" says nothing about the language.
        if (!/[A-Za-z]{2,}/.test(literal)) continue;
        // Nor does a lone word between placeholders ("{a} and {b}"): it would match any sentence.
        if (literal !== text && literal.split(/\s+/).length < 2) continue;
        const words = literal.split(/\s+/).length;
        const body = text
          .split(/\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('.+?');
        // One-word texts ("Save", "Hide") must be a whole text or attribute to count; longer ones count anywhere.
        const exact = words < 2;
        patterns.push({ key, text, exact, regex: new RegExp(exact ? `^${body}$` : body) });
      }
    }
  }
  return patterns;
}
const PATTERNS = englishPatterns();

/** The page's interface texts: text nodes and labelling attributes, outside elements in another language. */
async function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const foreign = (element: Element | null) => element?.closest('[lang]')?.getAttribute('lang') !== document.documentElement.lang;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, [data-user-content]') || foreign(parent)) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) found.push(text);
    }
    for (const element of document.querySelectorAll(
      '[placeholder], [aria-label], [title], img[alt], input[type=submit][value], [data-texts]',
    )) {
      if (foreign(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt', 'value']) {
        const value = element.getAttribute(name)?.trim();
        if (value && !(name === 'value' && element.getAttribute('type') !== 'submit')) found.push(value);
      }
      // Texts the page hands to its inline scripts are interface texts too.
      const data = element.getAttribute('data-texts');
      if (data) for (const text of Object.values(JSON.parse(data) as Record<string, string>)) found.push(String(text));
    }
    found.push(document.title, document.querySelector('meta[name=description]')?.getAttribute('content') ?? '');
    return found;
  });
}

async function englishLeftOn(page: Page): Promise<string[]> {
  const texts = await interfaceTexts(page);
  const left = new Set<string>();
  for (const text of texts) {
    for (const pattern of PATTERNS) {
      if (pattern.regex.test(text)) left.add(`${pattern.key}: "${text.slice(0, 80)}"`);
    }
  }
  return [...left];
}

async function expectAmharicOnly(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  expect(await englishLeftOn(page), `English interface text on ${path}`).toEqual([]);
}

async function firstListingPath(page: Page) {
  await page.goto('/am/weekly-discounts');
  return (await page.getByRole('article').first().getByRole('link').first().getAttribute('href'))!;
}

test.describe('Amharic pages', () => {
  test('the English catalogue gives the test something to look for', () => {
    expect(PATTERNS.length).toBeGreaterThan(300);
    expect(PATTERNS.some((p) => p.regex.test('No posts found.'))).toBe(true);
    expect(PATTERNS.some((p) => p.regex.test('3 days left'))).toBe(true);
  });

  test('every public page type shows no English interface text', async ({ page }) => {
    test.setTimeout(120_000);
    const detail = await firstListingPath(page);
    // A name in Ge'ez script gives no Latin slug: the path is then the id alone (listingPath).
    expect(detail).toMatch(/^\/am\/listings\/\d+(-[a-z0-9-]+)?$/);
    const paths = [
      '/am/',
      '/am/discounts',
      '/am/services',
      '/am/homes',
      '/am/women_fashions',
      '/am/daily-discounts',
      '/am/weekly-discounts',
      '/am/holiday-discounts',
      '/am/upcoming-offers',
      '/am/new-products',
      '/am/recents',
      '/am/videos',
      '/am/nearby-shops',
      '/am/search?query=a',
      '/am/search?query=zzzzqqq',
      detail,
      `/am/comments?listing=${detail.match(/\/listings\/(\d+)/)![1]}&image=photo`,
      '/am/form',
      '/am/signup',
      '/am/login',
      '/am/forgot-password',
      '/am/shop',
      '/am/profile',
      '/am/cancel',
      '/am/language',
      '/am/aboutus',
      '/am/terms',
      '/am/privacy',
      '/am/contact-us',
      '/am/helpcenter',
      '/am/customerservices',
      '/am/technologymethods',
      '/am/brands',
      '/am/notifications',
      '/am/chat',
      '/am/new-advantages',
      '/am/track-order',
      '/am/shipping-info',
      '/am/returns-refunds',
      '/am/payment-methods',
      '/am/this-page-does-not-exist',
    ];
    const problems: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'am');
      problems.push(...(await englishLeftOn(page)).map((problem) => `${path} ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  test('signed-in and admin pages show no English interface text', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { context, page } = await signedInPage(browser, baseURL!);
    const checkout = await page.request.post('/api/create-checkout-session/', { data: { items: [{ id: 1, quantity: 1 }] } });
    expect(checkout.status()).toBe(201);
    const { url } = (await checkout.json()) as { url: string };
    for (const path of [
      '/am/profile',
      '/am/myposts',
      '/am/payment-updates',
      '/am/pending-orders',
      '/am/completed-orders',
      '/am/wallet',
      '/am/subscriptions',
      '/am/refunds',
      `/am${new URL(url, baseURL).pathname}`,
      '/am/success',
      '/am/admin',
    ]) {
      await expectAmharicOnly(page, path);
    }
    await context.close();
    const admin = await adminPage(browser, baseURL!);
    for (const path of ['/am/admin', '/am/admin/orders']) await expectAmharicOnly(admin, path);
    await admin.context().close();
  });

  test('links stay in Amharic, the page names its English version, and English pages are untouched', async ({ page, request }) => {
    await page.goto('/am/homes');
    await expect(page).toHaveTitle(/ሰፈር$/);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/am\/homes$/);
    expect(await page.locator('link[rel=alternate][hreflang=en]').getAttribute('href')).toMatch(/[^m]\/homes$/);
    expect(await page.locator('link[rel=alternate][hreflang=am]').getAttribute('href')).toMatch(/\/am\/homes$/);
    expect(await page.locator('link[rel=alternate][hreflang=x-default]').getAttribute('href')).toMatch(/[^m]\/homes$/);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    const english = hrefs.filter((href) => !href.startsWith('/am/') && !/^\/(api|media|language)\b/.test(href));
    expect(english).toEqual([]);
    const actions = await page.locator('form[action^="/"]').evaluateAll((forms) => forms.map((form) => form.getAttribute('action')!));
    expect(actions.filter((action) => !action.startsWith('/am/') && !action.startsWith('/api/'))).toEqual([]);

    await page.goto('/homes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/· Sefer$/);
    const sitemap = await (await request.get('/sitemaps/pages.xml')).text();
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/am\/homes<\/loc>/);
    expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/homes<\/loc>/);
    expect(sitemap).toContain('hreflang="am"');
  });

  test('redirects and form posts keep the visitor in Amharic', async ({ page, request }) => {
    const wallet = await request.get('/am/wallet', { maxRedirects: 0 });
    expect(wallet.status()).toBe(303);
    expect(wallet.headers().location).toBe('/am/login?next=/wallet');
    const alias = await request.get('/am/daily%20discounts', { maxRedirects: 0 });
    expect(alias.headers().location).toMatch(/^\/am\/daily-discounts/);
    expect((await request.get('/am/api/products/', { maxRedirects: 0 })).status()).toBe(404);

    await page.goto('/am/homes');
    await page.getByRole('search').first().getByRole('searchbox').fill('Bole');
    await page.getByRole('search').first().getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/am\/search\?query=Bole/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  });

  test('content pages stay free of JavaScript files in Amharic too', async ({ page }) => {
    for (const path of ['/am/', '/am/homes', '/am/weekly-discounts', '/am/search?query=a', '/am/holiday-discounts', '/am/aboutus']) {
      const scripts = collectScriptRequests(page);
      await page.goto(path);
      expect(scripts, path).toEqual([]);
    }
  });

  test('the Amharic category page stays under 40 KB of gzip HTML', async ({ request }) => {
    const { gzipSync } = await import('node:zlib');
    for (const path of ['/am/homes', '/am/', '/am/weekly-discounts']) {
      const html = await (await request.get(path)).body();
      expect(gzipSync(html).length, path).toBeLessThan(40 * 1024);
    }
  });

  for (const path of ['/am/', '/am/homes', 'detail', '/am/search?query=a']) {
    test(`no axe violations on the Amharic ${path === 'detail' ? 'detail page' : path}`, async ({ page }) => {
      await page.goto(path === 'detail' ? await firstListingPath(page) : path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('no axe violations on the Amharic listing form', async ({ page }) => {
    await openWithIsland(page, '/am/form');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('the Amharic detail page dates in the Ethiopian calendar; the English one shows it beside', async ({ page }) => {
    const detail = await firstListingPath(page);
    await page.goto(detail);
    await expect(page.locator('main')).toContainText(/መስከረም|ጥቅምት|ኅዳር|ታኅሣሥ|ጥር|የካቲት|መጋቢት|ሚያዝያ|ግንቦት|ሰኔ|ሐምሌ|ነሐሴ|ጳጉሜን/);
    await page.goto(detail.replace(/^\/am/, ''));
    await expect(page.locator('main')).toContainText(
      /Meskerem|Tekemt|Hedar|Tahsas|Ter|Yekatit|Megabit|Miazia|Genbot|Sene|Hamle|Nehasse|Pagumen/,
    );
  });
});

test.describe('choosing the language', () => {
  test('the picker remembers the choice and opens the same page in it', async ({ page, context }) => {
    await page.goto('/homes?page=1');
    await page.getByRole('link', { name: 'አማርኛ', exact: true }).click();
    await expect(page).toHaveURL(/\/am\/homes\?page=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    expect((await context.cookies()).find((c) => c.name === 'sefer_lang')?.value).toBe('am');

    await page.goto('/am/language');
    await expect(page.getByRole('button', { name: /English/ })).toBeVisible();
    await page.getByRole('button', { name: /English/ }).click();
    await expect(page).toHaveURL(/\/language$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((c) => c.name === 'sefer_lang')?.value).toBe('en');
    await page.getByRole('button', { name: /አማርኛ/ }).click();
    await expect(page).toHaveURL(/\/am\/language$/);
  });

  test('a browser that prefers Amharic is offered it in one line, never redirected', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: 'am-ET' });
    const page = await context.newPage();
    const response = await page.goto('/homes');
    expect(response?.url()).toMatch(/[^m]\/homes$/);
    const offer = page.locator('[data-language-offer]');
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('link')).toHaveAttribute('href', /^\/language\?set=am&next=%2Fhomes$/);
    await offer.getByRole('button').click();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(offer).toBeHidden();
    await context.close();

    const english = await browser.newContext({ baseURL, locale: 'en-US' });
    const englishPage = await english.newPage();
    await englishPage.goto('/homes');
    await expect(englishPage.locator('[data-language-offer]')).toBeHidden();
    await english.close();
  });
});
