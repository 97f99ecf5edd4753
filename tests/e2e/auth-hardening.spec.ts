import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { codeFor, createAccount, mailTo, mailsTo, newPhoneContext, signedInPage, signIn, uniqueEmail } from './support.ts';

let hop = 0;
/** A new made-up client address per request: the e2e server trusts X-Forwarded-For. */
const anotherAddress = () => ({ 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(hop / 250) % 250}.${hop++ % 250}` });

const signInApi = (request: APIRequestContext, baseURL: string, email: string, password: string, headers: Record<string, string> = {}) =>
  request.post('/api/auth/sign-in/email', { headers: { Origin: baseURL, ...anotherAddress(), ...headers }, data: { email, password } });

test('the 11th wrong password for one account within a minute is refused on every path and address, and so is the right one', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = await createAccount(browser, baseURL!, { password: 'right-password-1' });
  // Five wrong passwords through the sign-in page and five through the API, each from another address.
  for (let i = 0; i < 5; i++) {
    const response = await request.post('/login', {
      headers: { Origin: baseURL!, ...anotherAddress() },
      form: { email, password: `wrong-password-${i}` },
    });
    expect(response.status()).toBe(400);
  }
  for (let i = 5; i < 10; i++) expect((await signInApi(request, baseURL!, email, `wrong-password-${i}`)).status()).toBe(401);

  const eleventh = await signInApi(request, baseURL!, email, 'wrong-password-10');
  expect(eleventh.status()).toBe(429);
  expect(eleventh.headers()['retry-after']).toMatch(/^\d+$/);
  // The answer says another way in still works: a code sent by email.
  expect(await eleventh.json()).toMatchObject({
    error: `${PAUSED} You can still sign in now with a code we email you.`,
    code: 'PASSWORD_SIGN_IN_PAUSED',
    otherWays: expect.arrayContaining([expect.objectContaining({ way: 'email-code', signIn: '/api/auth/sign-in/email-otp' })]),
  });
  expect((await signInApi(request, baseURL!, email, 'right-password-1')).status()).toBe(429);

  // The page refuses the right password too, says the account's passwords are paused, and offers a
  // code instead; the owner signs in with the code from her mailbox (plain forms, no script needed).
  await page.setExtraHTTPHeaders(anotherAddress());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('right-password-1');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/login' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  expect(answer.status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(`${PAUSED} You can still sign in now with a code we email you.`);
  await expect(page.getByText('Sign-in Successful! Redirecting...')).toHaveCount(0);
  const before = Date.now();
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByRole('status')).toHaveText(`If ${email} has an account, we sent it a 6-digit sign-in code. Enter it below.`);
  await page.getByLabel('6-digit code').fill(await codeFor(email, before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Sign-in Successful! Redirecting...')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  // The limit itself still holds for the password.
  expect((await signInApi(request, baseURL!, email, 'right-password-1')).status()).toBe(429);
});

/** The newest code in an Amharic email to `email` since `after` (the code is the body's one 6-digit number). */
async function amharicCodeFor(email: string, after: number): Promise<string> {
  const newestCode = async () =>
    (await mailsTo(email, after)).map((text) => /\b(\d{6})\b/.exec(text.slice(text.search(/\r?\n\r?\n/)))?.[1]).findLast(Boolean) ?? '';
  await expect.poll(newestCode, { message: `a code emailed to ${email}`, timeout: 5000 }).toMatch(/^\d{6}$/);
  return newestCode();
}

/** The start of the page's and the API's answer while an account's password sign-in is paused. */
const PAUSED = 'Too many wrong passwords for this account: password sign-in is paused for a minute.';

test('in Amharic too, the page offers the code while passwords are paused, and the API signs in by code', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const email = await createAccount(browser, baseURL!, { password: 'right-password-1' });
  for (let i = 0; i < 10; i++) expect((await signInApi(request, baseURL!, email, `wrong-password-${i}`)).status()).toBe(401);

  await page.setExtraHTTPHeaders(anotherAddress());
  await page.goto('/am/login');
  await page.getByLabel('ኢሜይል').fill(email);
  await page.getByLabel('የይለፍ ቃል').fill('right-password-1');
  await page.getByRole('button', { name: 'ይግቡ' }).click();
  await expect(page.getByRole('alert')).toContainText('በይለፍ ቃል መግባት ለ1 ደቂቃ ቆሟል');
  const before = Date.now();
  await page.getByRole('button', { name: 'የመግቢያ ኮድ በኢሜይል ይላኩልኝ' }).click();
  await expect(page).toHaveURL(/\/am\/login$/);
  await page.getByLabel('ባለ 6 አሃዝ ኮድ').fill(await amharicCodeFor(email, before));
  await page.getByRole('button', { name: 'ይግቡ' }).click();
  await expect(page.getByText('በተሳካ ሁኔታ ገብተዋል! በማዛወር ላይ...')).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name.endsWith('sefer.session_token'))).toBe(true);

  // Through the API: the password is still refused, the emailed code is not.
  expect((await signInApi(request, baseURL!, email, 'right-password-1')).status()).toBe(429);
  const sentAt = Date.now();
  const send = await request.post('/api/auth/email-otp/send-verification-otp', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    data: { email, type: 'sign-in' },
  });
  expect(send.status()).toBe(200);
  const signedIn = await request.post('/api/auth/sign-in/email-otp', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    data: { email, otp: await codeFor(email, sentAt) },
  });
  expect(signedIn.status()).toBe(200);
  expect((await signedIn.json()).user.email).toBe(email);
});

test('wrong sign-in codes through the API spend codes but never lock the owner out', async ({ request, browser, baseURL }) => {
  const email = await createAccount(browser, baseURL!, { password: 'right-password-1' });
  const post = (path: string, data: Record<string, string>) =>
    request.post(`/api/auth${path}`, { headers: { Origin: baseURL!, ...anotherAddress() }, data });
  expect((await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).status()).toBe(200);
  // Ten wrong guesses from ten addresses: the first five spend the code, all are refused as wrong.
  for (let i = 0; i < 10; i++) expect((await post('/sign-in/email-otp', { email, otp: String(100000 + i) })).status()).not.toBe(429);
  const before = Date.now();
  expect((await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).status()).toBe(200);
  const signedIn = await post('/sign-in/email-otp', { email, otp: await codeFor(email, before) });
  expect(signedIn.status()).toBe(200);
  // Codes sent to one account are capped.
  expect((await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).status()).toBe(200);
  expect((await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).status()).toBe(429);
});

test('new codes cannot be asked for without end, on the pages or the API', async ({ request, baseURL }) => {
  const email = uniqueEmail('codes');
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push(
      (
        await request.post('/forgot-password', { headers: { Origin: baseURL!, ...anotherAddress() }, form: { action: 'email', email } })
      ).status(),
    );
    statuses.push(
      (
        await request.post('/api/auth/email-otp/send-verification-otp', {
          headers: { Origin: baseURL!, ...anotherAddress() },
          data: { email, type: 'forget-password' },
        })
      ).status(),
    );
  }
  expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  const page = await request.post('/forgot-password', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    form: { action: 'email', email },
  });
  expect(page.status()).toBe(429);
  expect(await page.text()).toContain('Too many attempts. Please wait');
});

test('wrong codes for one account are refused after ten, from any address', async ({ request, baseURL }) => {
  const email = uniqueEmail('guess');
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await request.post('/api/auth/email-otp/verify-email', {
      headers: { Origin: baseURL!, ...anotherAddress() },
      data: { email, otp: String(100000 + i) },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
  expect(statuses[10]).toBe(429);
  const pageAnswer = await request.post('/signup?step=code', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    form: { action: 'code', email, code: '123456' },
  });
  expect(pageAnswer.status()).toBe(429);
  expect(await pageAnswer.text()).toContain('Too many attempts. Please wait');
});

test('a password reset signs the account out of every other session', async ({ browser, baseURL }) => {
  // Two sign-ins, an emailed code and a reset: 23 s on the loaded CI machine, near the 30 s default.
  test.setTimeout(60_000);
  const first = await signedInPage(browser, baseURL!, { password: 'old-password-1' });
  const second = await newPhoneContext(browser, baseURL!);
  const other = await second.newPage();
  await signIn(other, first.email, 'old-password-1');
  await other.goto('/profile');
  await expect(other.getByRole('main').getByText(first.email)).toBeVisible();

  await first.page.goto('/forgot-password');
  await first.page.getByLabel('Email').fill(first.email);
  const before = Date.now();
  await first.page.getByRole('button', { name: 'Send me a code' }).click();
  await first.page.getByLabel('6-digit code').fill(await codeFor(first.email, before));
  await first.page.getByLabel('New password').fill('new-password-2');
  await first.page.getByRole('button', { name: 'Change password' }).click();
  await expect(first.page.getByText('Your password has been changed.')).toBeVisible();

  for (const page of [other, first.page]) {
    await page.goto('/profile');
    await expect(page.getByText('Please log in to view your profile.')).toBeVisible();
  }
  await second.close();
  await first.context.close();
});

test('names and emails are capped wherever they can be set', async ({ browser, baseURL, request }) => {
  const { page, context } = await signedInPage(browser, baseURL!);
  const headers = { Origin: baseURL! };
  // 300,000 characters do not even get read: every small body stops at 128 KB.
  expect((await page.request.post('/api/auth/update-user', { headers, data: { name: 'x'.repeat(300_000) } })).status()).toBe(413);
  const long = await page.request.post('/api/auth/update-user', { headers, data: { name: 'x'.repeat(10_000) } });
  expect(long.status()).toBe(400);
  expect((await long.json()).error).toBe('Names must be 60 characters or fewer.');
  for (const field of ['name', 'firstName', 'lastName']) {
    expect((await page.request.post('/api/auth/update-user', { headers, data: { [field]: 'y'.repeat(61) } })).status()).toBe(400);
  }
  expect((await page.request.post('/api/auth/update-user', { headers, data: { firstName: 'z'.repeat(60) } })).status()).toBe(200);
  await page.goto('/profile');
  await expect(page.getByText('z'.repeat(60), { exact: true })).toBeVisible();
  await context.close();

  const longEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.et`;
  expect(longEmail.length).toBeGreaterThan(254);
  const api = await request.post('/api/auth/sign-up/email', {
    headers: { ...headers, ...anotherAddress() },
    data: { email: longEmail, password: 'long-email-pass-1', name: 'Long' },
  });
  expect(api.status()).toBe(400);
  expect((await api.json()).error).toBe('Email must be 254 characters or fewer.');
  const longName = await request.post('/api/auth/sign-up/email', {
    headers: { ...headers, ...anotherAddress() },
    data: { email: uniqueEmail(), password: 'long-name-pass-1', name: 'n'.repeat(61) },
  });
  expect(longName.status()).toBe(400);
  const form = await request.post('/signup', {
    headers: { ...headers, ...anotherAddress() },
    form: { action: 'details', firstName: 'Long', email: longEmail, password: 'long-email-pass-1' },
  });
  expect(form.status()).toBe(400);
  expect(await form.text()).toContain('Email must be 254 characters or fewer.');
});

test('signing in by emailed code never creates an account', async ({ request, baseURL }) => {
  const email = uniqueEmail('otp-stranger');
  const before = Date.now();
  const send = await request.post('/api/auth/email-otp/send-verification-otp', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    data: { email, type: 'sign-in' },
  });
  expect(send.status()).toBe(200);
  // A sign-up after it sends its code after it: once that code is in the outbox, a code for the
  // stranger would be there too.
  const witness = uniqueEmail('otp-witness');
  const signUp = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    data: { email: witness, password: 'witness-password-1', name: 'Witness' },
  });
  expect(signUp.status()).toBe(200);
  await codeFor(witness, before);
  expect(await mailTo(email, before)).toBe('');
  const attempt = await request.post('/api/auth/sign-in/email-otp', {
    headers: { Origin: baseURL!, ...anotherAddress() },
    data: { email, otp: '123456' },
  });
  expect(attempt.status()).not.toBe(200);
});

/** The answer sets at least one cookie, and every cookie it sets is Secure. */
function expectAllCookiesSecure(response: APIResponse): void {
  const cookies = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
}

test('behind a TLS proxy the session cookie is Secure', async ({ request, browser, baseURL, playwright }) => {
  const email = await createAccount(browser, baseURL!, { password: 'secure-password-1' });
  const plain = await signInApi(request, baseURL!, email, 'secure-password-1');
  expect(plain.status()).toBe(200);
  expect(plain.headers()['set-cookie']).not.toMatch(/;\s*Secure/i);
  const tls = await signInApi(request, baseURL!, email, 'secure-password-1', { 'x-forwarded-proto': 'https' });
  expect(tls.status()).toBe(200);
  expectAllCookiesSecure(tls);
  // A client with no session yet (the one above now has a cookie).
  const fresh = await playwright.request.newContext({ baseURL });
  // The browser behind the proxy is on https://, and says so in Origin.
  const page = await fresh.post('/login', {
    headers: { Origin: baseURL!.replace(/^http:/, 'https:'), 'x-forwarded-proto': 'https', ...anotherAddress() },
    form: { email, password: 'secure-password-1' },
    maxRedirects: 0,
  });
  expect(page.status()).toBe(200);
  expectAllCookiesSecure(page);
  await fresh.dispose();
});
