import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectScriptRequests } from './support.ts';

/** A listing as GET /api/products/ answers it (the fields these tests read). */
interface ApiListing {
  url: string;
  product_name: string;
  company_name: string;
  discount: string;
  product_photo: string;
}

/** A verified listing of the demo catalogue (its media are the seed's, never a test's upload). */
async function seededListing(request: APIRequestContext, query: string, wanted: (listing: ApiListing) => boolean): Promise<ApiListing> {
  const listings = (await (await request.get(`/api/products/?limit=48${query}`)).json()) as ApiListing[];
  const listing = listings.find((l) => l.product_photo.startsWith('/media/seed/') && wanted(l));
  expect(listing, `a seeded listing for ${query || 'all'}`).toBeDefined();
  return listing!;
}

/**
 * The url and text a Telegram share link sends, decoded: the link goes through /go/{id}/share (it
 * counts the share for the seller), which redirects to Telegram's share page.
 */
async function shared(page: Page, name: string): Promise<{ url: string | null; text: string | null }> {
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  const path = (await link.getAttribute('href'))!;
  expect(path).toMatch(/^(\/am)?\/go\/\d+\/share$/);
  const redirect = await page.request.get(path, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const href = new URL(redirect.headers()['location']!);
  expect(`${href.origin}${href.pathname}`).toBe('https://t.me/share/url');
  return { url: href.searchParams.get('url'), text: href.searchParams.get('text') };
}

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);

test.describe('sharing a listing', () => {
  test('the detail page links to Telegram with its address, product, discount and company, and loads no script file', async ({
    page,
    baseURL,
  }) => {
    const listing = await seededListing(page.request, '&category=homes', (l) => /^\d+$/.test(l.discount));
    const scripts = collectScriptRequests(page);
    await page.goto(listing.url, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: listing.product_name })).toBeVisible();
    // The discount is worded as the page shows it.
    await expect(page.locator('main').getByText(`${listing.discount}% OFF`, { exact: true })).toBeVisible();
    expect(await shared(page, 'Share on Telegram')).toEqual({
      url: `${baseURL}${listing.url}`,
      text: `${listing.product_name} — ${listing.discount}% OFF — ${listing.company_name}`,
    });
    expect(scripts).toEqual([]);
  });

  test("the link preview shows the listing's photo, product, discount and company", async ({ page, baseURL }) => {
    const listing = await seededListing(page.request, '&category=homes', (l) => /^\d+$/.test(l.discount));
    await page.goto(listing.url);
    await expect(meta(page, 'og:title')).toHaveAttribute('content', listing.product_name);
    await expect(meta(page, 'twitter:title')).toHaveAttribute('content', listing.product_name);
    await expect(meta(page, 'og:type')).toHaveAttribute('content', 'article');
    await expect(meta(page, 'og:url')).toHaveAttribute('content', `${baseURL}${listing.url}`);
    const description = (await meta(page, 'og:description').getAttribute('content'))!;
    expect(description).toContain(`${listing.discount}% OFF`);
    expect(description).toContain(listing.company_name);
    const image = `${baseURL}${listing.product_photo}`;
    await expect(meta(page, 'og:image')).toHaveAttribute('content', image);
    await expect(meta(page, 'twitter:image')).toHaveAttribute('content', image);
    await expect(meta(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
    await expect(meta(page, 'og:image:alt')).toHaveAttribute('content', `Photo of ${listing.product_name} from ${listing.company_name}`);
    const width = Number(await meta(page, 'og:image:width').getAttribute('content'));
    const height = Number(await meta(page, 'og:image:height').getAttribute('content'));
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
    // The photo is served, at the size the preview announces.
    const response = await page.request.get(image);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    const served = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, image);
    expect(served).toEqual({ width, height });
  });

  test('a listing still waiting for its discount is shared with that state', async ({ page, baseURL }) => {
    const listing = await seededListing(page.request, '&window=upcoming', (l) => l.discount === 'waiting');
    await page.goto(listing.url);
    expect(await shared(page, 'Share on Telegram')).toEqual({
      url: `${baseURL}${listing.url}`,
      text: `${listing.product_name} — Waiting for discount — ${listing.company_name}`,
    });
    expect(await meta(page, 'og:description').getAttribute('content')).toContain('Waiting for discount');
  });

  test('the Amharic page shares the Amharic address with an Amharic text', async ({ page, baseURL }) => {
    const listing = await seededListing(page.request, '&category=homes', (l) => /^\d+$/.test(l.discount));
    const scripts = collectScriptRequests(page);
    await page.goto(`/am${listing.url}`, { waitUntil: 'networkidle' });
    expect(await shared(page, 'በቴሌግራም ያጋሩ')).toEqual({
      url: `${baseURL}/am${listing.url}`,
      text: `${listing.product_name} — ${listing.discount}% ቅናሽ — ${listing.company_name}`,
    });
    await expect(meta(page, 'og:title')).toHaveAttribute('content', listing.product_name);
    await expect(meta(page, 'og:image')).toHaveAttribute('content', `${baseURL}${listing.product_photo}`);
    expect(scripts).toEqual([]);
  });
});
