/**
 * Issue 30, item 1: a guest's Save, Report and "Email me new deals like these" say why they need an
 * account, offer Telegram first, and are done after signing in (by email sign-up, by Telegram, by
 * password); a guest may keep deals on the phone instead, merged into the account on sign-in.
 * In English and Amharic, without JavaScript (every one of these works without it).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { codeFor, createAccount, uniqueEmail } from './support.ts';
import { confirmInBot, pressTelegramButton, someone } from './telegram-support.ts';

test.use({ javaScriptEnabled: false });

type Lang = 'en' | 'am';
const LANGS: Lang[] = ['en', 'am'];
const PASSWORD = 'correct-horse-9';

type Words = (key: string) => string;

/** The interface's words in a language, from the catalogue (the pages say exactly these). */
function words(lang: Lang): Words {
  const areas = ['accounts', 'saved', 'trust'];
  const all = Object.assign(
    {},
    ...areas.map((area) => JSON.parse(readFileSync(`messages/${area}/${lang}.json`, 'utf8')) as object),
  ) as Record<string, unknown>;
  return (key) => {
    const text = all[key];
    if (typeof text !== 'string') throw new Error(`no message ${key} in ${lang}`);
    return text;
  };
}
const prefix = (lang: Lang) => (lang === 'am' ? '/am' : '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A phone-sized browser without JavaScript and without an account. */
async function guestPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  return context.newPage();
}

/** The first deal of the home page, opened: its path and product name. */
async function openFirstDeal(page: Page, lang: Lang): Promise<{ href: string; product: string }> {
  await page.goto(`${prefix(lang)}/`);
  const href = (await page
    .locator(`a[href^="${prefix(lang)}/listings/"]`)
    .first()
    .getAttribute('href'))!;
  await page.goto(href);
  const product = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  return { href, product };
}

/** On the reason screen, "Continue with Telegram" comes before the email form. */
async function expectTelegramFirst(page: Page, w: Words): Promise<void> {
  const telegram = await page
    .getByRole('main')
    .getByRole('button', { name: w('tglogin_continue') })
    .boundingBox();
  const email = await page.getByRole('main').getByLabel(w('auth_email'), { exact: true }).boundingBox();
  expect(telegram!.y).toBeLessThan(email!.y);
}

/** Signs in with the password form on the screen shown, then goes on as its refresh would. */
async function signInHere(page: Page, w: Words, email: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel(w('auth_email'), { exact: true }).fill(email);
  await main.getByLabel(w('auth_password'), { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: w('auth_sign_in'), exact: true }).click();
  await expect(page.getByText(w('auth_signed_in'))).toBeVisible();
  await main.getByRole('link', { name: w('auth_continue_now') }).click();
}

test('a guest’s Save says why, offers Telegram first, and is done after signing up by email', async ({ browser, baseURL }) => {
  // A sign-up with an emailed code and a handful of pages: more than the default on two shared cores.
  test.setTimeout(60_000);
  const w = words('en');
  const page = await guestPage(browser, baseURL!);
  const { href, product } = await openFirstDeal(page, 'en');
  await page.getByRole('button', { name: w('saved_save'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${escaped(href)}&reason=save-deal$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to save this deal');
  await expectTelegramFirst(page, w);
  await expect(page.getByRole('button', { name: 'Keep it on this phone' })).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/issue30-1-en.png' });

  await page.getByRole('main').getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account to save this deal');
  await expectTelegramFirst(page, w);
  const email = uniqueEmail('guest-save');
  const started = Date.now();
  const main = page.getByRole('main');
  await main.getByLabel('First name').fill('Hana');
  await main.getByLabel('Last name').fill('Tesfaye');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await main.getByLabel('6-digit code').fill(await codeFor(email, started));
  await main.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await main.getByRole('link', { name: 'Continue now' }).click();

  await expect(page).toHaveURL(href);
  await expect(page.getByRole('button', { name: 'Saved ✓' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-saved-note]')).toHaveText('Saved. Find it any time under Saved.');
  await page.goto('/saved');
  await expect(page.locator('[data-saved-deals] li').getByRole('link', { name: product })).toBeVisible();
  await page.context().close();
});

test('Amharic: a guest’s Save says why in Amharic and is done after Continue with Telegram', async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000);
  const w = words('am');
  const page = await guestPage(browser, baseURL!);
  const { href, product } = await openFirstDeal(page, 'am');
  await page.getByRole('button', { name: w('saved_save'), exact: true }).click();
  await expect(page).toHaveURL(/\/am\/login\?next=.+&reason=save-deal$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(w('authreason_sign_in_save_deal'));
  await expectTelegramFirst(page, w);
  await expect(page.getByRole('button', { name: w('saved_keep_on_phone') })).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/issue30-1-am.png' });

  const from = someone('Almaz', { username: `almaz${Date.now() % 100_000}` });
  const link = await confirmInBot(request, from, await pressTelegramButton(page, w('tglogin_continue')), /^Sign in to Sefer as Almaz/);
  await page.goto(link);
  // The bot's link is language-neutral: it goes on to the same deal, then the visitor is in Amharic again.
  const refresh = page.locator('meta[http-equiv="refresh"]');
  await expect(refresh).toHaveAttribute('content', new RegExp(`^3;url=(/am)?${escaped(href.replace(/^\/am/, ''))}$`));
  await page.goto((await refresh.getAttribute('content'))!.replace(/^3;url=/, ''));
  await expect(page.locator('[data-saved-note]')).toBeVisible();
  await page.goto(href);
  await expect(page.getByRole('button', { name: w('saved_saved') })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/am/saved');
  await expect(page.locator('[data-saved-deals] li').getByRole('link', { name: product })).toBeVisible();
  await page.context().close();
});

for (const lang of LANGS) {
  test(`${lang}: a guest keeps a deal on the phone, /saved shows it, and signing in merges it into the account`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const w = words(lang);
    const email = await createAccount(browser, baseURL!, { password: PASSWORD });
    const page = await guestPage(browser, baseURL!);
    const { href, product } = await openFirstDeal(page, lang);
    await page.getByRole('button', { name: w('saved_save'), exact: true }).click();
    await page.getByRole('button', { name: w('saved_keep_on_phone') }).click();
    await expect(page).toHaveURL(`${href}#kept-on-phone`);
    await expect(page.locator('[data-kept-on-phone]')).toBeVisible();
    await expect(page.locator('[data-kept-on-phone]')).toContainText(w('saved_kept_on_phone'));

    await page.goto(`${prefix(lang)}/saved`);
    await expect(page.locator('[data-phone-saves]')).toContainText(w('saved_phone_line'));
    await expect(page.locator('[data-saved-deals] li').getByRole('link', { name: product })).toBeVisible();
    await page.screenshot({ path: `test-results/shots/issue30-1-phone-${lang}.png`, fullPage: true });

    await page
      .locator('[data-phone-saves]')
      .getByRole('link', { name: w('auth_sign_in'), exact: true })
      .click();
    await signInHere(page, w, email);
    await expect(page).toHaveURL(`${prefix(lang)}/saved`);
    await expect(page.locator('[data-phone-saves]')).toHaveCount(0);
    await expect(page.locator('[data-saved-deals] li').getByRole('link', { name: product })).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('sefer.phone_saves');
    await page.context().close();
  });

  test(`${lang}: a guest’s Report says why, and after signing in opens the report form for that deal`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const w = words(lang);
    const email = await createAccount(browser, baseURL!, { password: PASSWORD });
    const page = await guestPage(browser, baseURL!);
    const { product } = await openFirstDeal(page, lang);
    await page.getByRole('link', { name: w('reports_link'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w('authreason_sign_in_report_deal'));
    await expectTelegramFirst(page, w);
    await expect(page.getByRole('button', { name: w('saved_keep_on_phone') })).toHaveCount(0);
    await signInHere(page, w, email);
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/report\\?kind=listing&id=\\d+$`));
    await expect(page.locator('[data-report-item]')).toContainText(product);
    await expect(page.locator('[data-report-form]')).toBeVisible();
    await page.context().close();
  });

  test(`${lang}: a guest’s “Email me new deals like these” says why and is saved after signing in`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const w = words(lang);
    const email = await createAccount(browser, baseURL!, { password: PASSWORD });
    const page = await guestPage(browser, baseURL!);
    await page.goto(`${prefix(lang)}/search?query=coffee`);
    await page.getByRole('button', { name: w('saved_search_button') }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/login\\?next=(/am)?/search%3Fquery%3Dcoffee&reason=save-search$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w('authreason_sign_in_save_search'));
    await signInHere(page, w, email);
    await expect(page).toHaveURL(`${prefix(lang)}/search?query=coffee`);
    await expect(page.locator('#save-search').getByRole('status')).toHaveText(w('saved_search_saved'));
    await page.goto(`${prefix(lang)}/saved`);
    await expect(page.locator('[data-saved-searches] li')).toHaveCount(1);
    await page.context().close();
  });
}
