/**
 * "Continue with Telegram" end to end, without JavaScript: the button on /login leads to the bot
 * (the t.me page itself is not opened), the bot's updates are posted to the webhook as Telegram
 * would, its answers are read from the fake Bot API, and the link it sends signs in only in the
 * browser that started, once. Then the new account adds an email, and an email account links
 * Telegram from /profile.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_TELEGRAM } from '../../playwright.config.ts';
import { telegramUpdates, type TelegramPerson } from '#tests/fakes/telegram-updates.ts';
import { codeFor, signedInPage, uniqueEmail } from './support.ts';

type Sent = { method: string; params: Record<string, unknown>; status: number };
type Button = { text: string; callback_data?: string; url?: string };
type From = { id: number; first_name: string; last_name?: string; username?: string };

// Far from the other Telegram spec's update ids (and its chats), so neither is taken for a redelivery.
const nextUpdate = Date.now() * 1000 + Math.floor(Math.random() * 1000);
const someone = (first_name: string, extra: Partial<From> = {}): From => ({
  id: 8_300_000 + Math.floor(Math.random() * 1_000_000),
  first_name,
  ...extra,
});

const updates = telegramUpdates(nextUpdate);
function update(from: TelegramPerson, payload: { text: string } | { data: string }) {
  return 'data' in payload ? updates.press(from, payload.data) : updates.text(from, payload.text);
}

async function toBot(request: APIRequestContext, body: object): Promise<void> {
  const response = await request.post('/api/telegram/webhook', {
    headers: { 'x-telegram-bot-api-secret-token': E2E_TELEGRAM.secret },
    data: body,
  });
  expect(response.status()).toBe(200);
}

async function messagesTo(request: APIRequestContext, chatId: number): Promise<Sent[]> {
  const response = await request.get(`${E2E_TELEGRAM.url}/__fake/sent?chat_id=${chatId}`);
  return ((await response.json()) as Sent[]).filter((s) => s.method === 'sendMessage');
}

/** The bot's newest message to `chatId` once its text matches `text`. */
async function botSays(request: APIRequestContext, chatId: number, text: RegExp): Promise<Sent> {
  let last: Sent | undefined;
  await expect
    .poll(async () => {
      last = (await messagesTo(request, chatId)).at(-1);
      return String(last?.params.text ?? '');
    })
    .toMatch(text);
  return last!;
}
const buttons = (s: Sent): Button[] => ((s.params.reply_markup as { inline_keyboard?: Button[][] })?.inline_keyboard ?? []).flat();

/** A phone-sized browser without JavaScript. */
async function noScriptPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  return context.newPage();
}

/**
 * Presses the Telegram button on the page: the bot link it leads to. The browser gets there (the
 * page's CSP lets the form lead to t.me); t.me itself is answered here.
 */
async function pressTelegramButton(page: Page, name: string): Promise<string> {
  let botUrl = '';
  await page.route('https://t.me/**', async (route) => {
    botUrl = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title>' });
  });
  await page.getByRole('button', { name }).click();
  await expect.poll(() => botUrl).toMatch(new RegExp(`^https://t\\.me/${E2E_TELEGRAM.username}\\?start=login-[\\w-]{32}$`));
  return botUrl;
}

/** In Telegram: the bot link opened (its /start), the question answered with Confirm; the link the bot sends back. */
async function confirmInBot(request: APIRequestContext, from: From, botUrl: string, question: RegExp): Promise<string> {
  const start = new URL(botUrl).searchParams.get('start')!;
  await toBot(request, update(from, { text: `/start ${start}` }));
  const asked = await botSays(request, from.id, question);
  expect(String(asked.params.text)).toContain('Confirm only if you pressed “Continue with Telegram” on Sefer yourself');
  const confirm = buttons(asked).find((b) => b.text === '✅ Confirm')!;
  await toBot(request, update(from, { data: confirm.callback_data! }));
  const sent = await botSays(request, from.id, /^Here is your link back to Sefer/);
  expect(sent.params.link_preview_options).toEqual({ is_disabled: true });
  const link = buttons(sent).find((b) => b.text === 'Open Sefer')!.url!;
  expect(link).toMatch(/\/telegram\/login\?token=[\w-]{43}$/);
  return link;
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
  await page.getByRole('link', { name: 'Add an email' }).click();
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
