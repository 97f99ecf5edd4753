/**
 * Screenshots of the Amharic home, category, detail and form pages at 390 px for
 * docs/screenshots/ (`node scripts/screenshots.mjs http://localhost:4321`; a running app).
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const origin = process.argv[2] ?? 'http://localhost:4321';
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: 'am-ET' });
await page.goto(`${origin}/am/weekly-discounts`);
const detail = await page.getByRole('article').first().getByRole('link').first().getAttribute('href');
const shots = {
  'am-home': '/am/',
  'am-category': '/am/homes',
  'am-detail': detail,
  'am-form': '/am/form',
  'am-holidays': '/am/holiday-discounts',
};
for (const [name, path] of Object.entries(shots)) {
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${out}${name}-390.png` });
  console.log(`docs/screenshots/${name}-390.png`);
}
await browser.close();
