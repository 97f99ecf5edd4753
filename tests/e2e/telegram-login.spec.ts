/**
 * "Continue with Telegram" end to end, without JavaScript: the button on /login leads to the bot
 * (the t.me page itself is not opened), the bot's updates are posted to the webhook as Telegram
 * would, its answers are read from the fake Bot API, and the link it sends signs in only in the
 * browser that started, once. Then the new account adds an email, and an email account links
 * Telegram from /profile.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { codeFor, signedInPage, uniqueEmail } from './support.ts';
import { confirmInBot, pressTelegramButton, someone } from './telegram-support.ts';

/** A phone-sized browser without JavaScript. */
async function noScriptPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  return context.newPage();
}

test('Continue with Telegram on /login signs a new person in, only in that browser, once; they add an email', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const page = await noScriptPage(browser, baseURL!);
  await page.goto('/login?next=/myposts');
  const from = someone('Abebe', { last_name: 'Kebede', username: `abebe${Date.now() % 100_000}` });
  const link = await confirmInBot(
    request,
    from,
    await pressTelegramButton(page, 'Continue with Telegram'),
    /^Sign in to Sefer as Abebe Kebede\?/,
  );

  // Another browser (a forwarded copy): refused, and the link is not used up.
  const other = await noScriptPage(browser, baseURL!);
  const refused = await other.goto(link);
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole('alert')).toContainText('Open this link in the browser where you pressed “Continue with Telegram”.');
  await expect(other.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /^\/login/);
  await other.goto('/profile');
  await expect(other.getByText('Please log in to view your profile.')).toBeVisible();

  // The browser that started: signed in, then on to where it was going.
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByText('Sign-in Successful! Redirecting...')).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '3;url=/myposts');

  // Once only.
  const again = await page.goto(link);
  expect(again?.status()).toBe(409);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link has already been used. Each link works once: press “Continue with Telegram” again.',
  );

  // The new account: the Telegram name, no email, Telegram linked; it adds an email with a code.
  await page.goto('/profile');
  const details = page.locator('dl').first();
  await expect(details).toContainText('Abebe');
  await expect(details).toContainText('Kebede');
  await expect(details).toContainText('No email provided');
  await expect(details).toContainText(`@${from.username} linked`);
  await expect(page.getByRole('button', { name: 'Link Telegram' })).toHaveCount(0);
  const email = uniqueEmail('telegram');
  const asked = Date.now();
  await page.getByRole('link', { name: 'Add an email', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('6-digit code').fill(await codeFor(email, asked));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(details).toContainText(email);
  await expect(page.getByRole('link', { name: 'Add an email' })).toHaveCount(0);
  await page.context().close();
  await other.context().close();
});

test('an unknown link is refused with a way to try again', async ({ page }) => {
  const response = await page.goto('/telegram/login?token=this-is-not-a-token-we-ever-made-012345');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('alert')).toContainText('This sign-in link is not valid.');
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
});

test('an email account links Telegram from /profile, and Telegram then signs in to it', async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000);
  const { context, page } = await signedInPage(browser, baseURL!, { firstName: 'Selam', lastName: 'Tesfaye' });
  await page.goto('/profile');
  await expect(page.locator('dl').first()).toContainText('Not linked');
  const from = someone('Selam', { username: `selam${Date.now() % 100_000}` });
  const link = await confirmInBot(
    request,
    from,
    await pressTelegramButton(page, 'Link Telegram'),
    /^Link this Telegram account to your Sefer account \(Selam Tesfaye\)\?/,
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Telegram linked' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.locator('dl').first()).toContainText(`@${from.username} linked`);
  await context.close();

  // Later, signed out, in another browser: Continue with Telegram on /signup reaches the same account.
  const phone = await noScriptPage(browser, baseURL!);
  await phone.goto('/signup');
  const signIn = await confirmInBot(
    request,
    from,
    await pressTelegramButton(phone, 'Continue with Telegram'),
    /^Sign in to Sefer as Selam Tesfaye\?/,
  );
  await phone.goto(signIn);
  await expect(phone.getByText('Sign-in Successful! Redirecting...')).toBeVisible();
  await phone.goto('/profile');
  await expect(phone.locator('dl').first()).toContainText('Tesfaye');
  await phone.context().close();
});
