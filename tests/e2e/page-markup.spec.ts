/**
 * Issue 30, item 9. The hero's "Browse discounts" goes to /discounts, as the spec says (2.1): that is
 * the home screen itself, so the link goes on to its deals (`#category-groups`) rather than reload
 * the top of the page the buyer is on. And the main pages parse as written: no `</p>` the browser
 * has to turn into an empty paragraph (the W3C checker's one error on deal pages: a Save form inside
 * a `<p>`).
 */
import { expect, test, type Page } from '@playwright/test';

const LANGUAGES = [
  { lang: 'en', prefix: '', browse: 'Browse discounts' },
  { lang: 'am', prefix: '/am', browse: 'ቅናሾችን ይመልከቱ' },
] as const;

/** How many more paragraphs the browser makes of `path`'s HTML than it has `<p>` tags: each stray `</p>` makes one. */
async function strayParagraphEnds(page: Page, path: string): Promise<number> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return page.evaluate((html) => {
    const parsed = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('p').length;
    const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template|textarea|title)\b[\s\S]*?<\/\1>/gi, '');
    return parsed - (markup.match(/<p[\s>]/gi) ?? []).length;
  }, html);
}

for (const words of LANGUAGES) {
  test(`the hero's Browse discounts goes to /discounts and on to its deals (${words.lang})`, async ({ page }) => {
    await page.goto(`${words.prefix}/`);
    const browse = page.getByRole('link', { name: words.browse });
    await expect(browse).toHaveAttribute('href', `${words.prefix}/discounts#category-groups`);
    await browse.click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/discounts#category-groups$`));
    await expect(page.locator('#category-groups')).toBeInViewport();
    await page.screenshot({ path: `test-results/shots/issue30-9-${words.lang}.png` });
    // On /discounts itself the same link only moves down the page.
    await page.evaluate(() => scrollTo(0, 0));
    const opened: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) opened.push(request.url());
    });
    await page.getByRole('link', { name: words.browse }).click();
    await expect(page.locator('#category-groups')).toBeInViewport();
    expect(opened).toEqual([]);
  });

  test(`a deal page and the main pages have no stray </p> (${words.lang})`, async ({ page }) => {
    await page.goto(`${words.prefix}/weekly-discounts`);
    const deal = (await page.locator('main article a[href*="/listings/"]').first().getAttribute('href'))!;
    const paths = [
      deal,
      '/',
      '/weekly-discounts',
      '/services',
      '/categories',
      '/search?query=coffee',
      '/nearby-shops',
      '/recents',
      '/form',
      '/aboutus',
    ];
    for (const path of paths) {
      const local = path === deal ? deal : `${words.prefix}${path}`;
      expect(await strayParagraphEnds(page, local), `stray </p> on ${local}`).toBe(0);
    }
  });
}
