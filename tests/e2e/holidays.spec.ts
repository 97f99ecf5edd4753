import { expect, test } from '@playwright/test';
import { collectScriptRequests, openWithIsland } from './support.ts';

/** The e2e clock is 10 March 2026 (see playwright.config.ts): Eid al-Fitr is the next holiday. */
test.describe('the holiday calendar', () => {
  test('the holiday page opens with the coming holidays, then the deals grouped by holiday', async ({ page }) => {
    const scripts = collectScriptRequests(page);
    await page.goto('/holiday-discounts');
    await expect(page.getByRole('heading', { level: 1, name: 'New offers for every holiday!' })).toBeVisible();
    await expect(page.getByText('Holiday offers', { exact: true })).toBeVisible();
    const coming = page.getByRole('region', { name: 'Coming holidays' }).getByRole('listitem');
    await expect(coming).toHaveCount(8);
    await expect(coming.first()).toContainText('Eid al-Fitr in 10 days*');
    await expect(coming.first()).toContainText('20 Mar 2026');
    await expect(coming.nth(1)).toContainText('Fasika (Easter) in 33 days');
    await expect(page.getByText('The two Eids follow the moon sighting', { exact: false })).toBeVisible();
    const groups = page.getByRole('heading', { level: 2, name: /^Deals for / });
    expect(await groups.allTextContents()).toEqual([
      'Deals for Eid al-Fitr',
      'Deals for Fasika (Easter)',
      'Deals for Enkutatash (New Year)',
      'Deals for Meskel',
      'Deals for Genna (Christmas)',
      'Deals for Timket (Epiphany)',
    ]);
    await expect(page.getByRole('region', { name: 'Deals for Genna (Christmas)' })).toContainText('የገና ስጦታ ቅርጫት – Genna gift basket');
    expect(scripts).toEqual([]);
  });

  test('in Amharic the holidays are named in Amharic and dated in the Ethiopian calendar', async ({ page }) => {
    await page.goto('/am/holiday-discounts');
    const coming = page.getByRole('region', { name: 'የሚመጡ በዓላት' }).getByRole('listitem');
    await expect(coming.first()).toContainText('ኢድ አልፈጥር በ10 ቀን ውስጥ');
    await expect(coming.first()).toContainText('መጋቢት');
    await expect(page.getByRole('heading', { level: 2, name: 'የገና ቅናሾች' })).toBeVisible();
  });

  test('a deal of any category is marked for a holiday (no holiday category in the form), and the API returns it', async ({
    page,
    request,
  }) => {
    await openWithIsland(page, '/form');
    const holiday = page.getByLabel(/For which holiday\?/);
    await expect(holiday).toHaveValue('');
    await expect(page.getByLabel('Category').locator('option[value="holyday"]')).toHaveCount(0);
    await page.getByLabel('Category').selectOption('foods');
    await holiday.selectOption('genna');
    await expect(holiday).toHaveValue('genna');

    const listed = (await (await request.get('/api/products/?window=holiday')).json()) as {
      product_name: string;
      holiday: string | null;
    }[];
    expect(listed.find((l) => l.product_name === 'የገና ስጦታ ቅርጫት – Genna gift basket')?.holiday).toBe('genna');
  });
});
