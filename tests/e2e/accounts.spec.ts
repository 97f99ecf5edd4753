import { expect, test } from '@playwright/test';
import { codeFor, createAccount, mailTo, signUp, submitSignIn, uniqueEmail } from './support.ts';

test('sign up with an emailed code, welcome, then home as Hi, {first name}', async ({ page }) => {
  const email = await signUp(page, { firstName: 'Meron', lastName: 'Alemu' });
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  await expect(page.getByText('Redirecting you to the homepage...')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
  const hi = page.getByRole('button', { name: 'Hi, Meron' });
  await expect(hi).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveCount(0);

  await hi.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Meron Alemu')).toBeVisible();
  await expect(modal.getByText(email)).toBeVisible();
  await expect(modal.getByRole('link', { name: 'My Posts' })).toHaveAttribute('href', '/myposts');
  await expect(modal.getByRole('link', { name: 'Add Post' })).toHaveAttribute('href', '/form');
});

test('the profile shows the account, or asks a visitor to log in', async ({ page, browser, baseURL }) => {
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/profile');
  await expect(visitor.getByText('Please log in to view your profile.')).toBeVisible();
  await visitor.close();
  const email = await signUp(page, { firstName: 'Dawit', lastName: 'Bekele' });
  await page.goto('/myprofile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Dawit', { exact: true })).toBeVisible();
  await expect(page.getByText('Bekele', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
});

test('logout asks first; Cancel keeps the session, OK signs out and goes home', async ({ page }) => {
  await signUp(page);
  await page.goto('/recents');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to logout?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});

test('sign in: a wrong password is refused, the right one says so and goes home after 3 s', async ({ page, browser, baseURL }) => {
  const email = await createAccount(browser, baseURL!, { password: 'right-password-1' });
  await submitSignIn(page, email, 'wrong-password-1');
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill('right-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Sign-in Successful! Redirecting...')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 6000 });
  await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
});

test('signing up again with a known email reveals nothing on screen and tells the owner by email', async ({ page, browser, baseURL }) => {
  const email = await createAccount(browser, baseURL!);
  const before = Date.now();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('another-pass-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  await expect.poll(() => mailTo(email, before)).toContain('You already have a Sefer account');
});

test('a bad sign-up form names each problem', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
});

test('a wrong code is refused and a new one can be sent', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Liya');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('liya-password-1');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const before = Date.now();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText(`We sent a new code to ${email}.`)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await codeFor(email, before));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
});

test('a forgotten password is reset with an emailed code', async ({ page, browser, baseURL }) => {
  const email = await createAccount(browser, baseURL!, { password: 'old-password-1' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  const before = Date.now();
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('6-digit code').fill(await codeFor(email, before));
  await page.getByLabel('New password').fill('new-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('new-password-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Sign-in Successful! Redirecting...')).toBeVisible();
});

test('identity comes from the session: the API refuses writes from visitors', async ({ request, baseURL }) => {
  const headers = { Origin: baseURL! };
  expect((await request.post('/api/products/', { headers, multipart: { product_name: 'x', email: 'someone@e2e.test' } })).status()).toBe(
    401,
  );
  expect((await request.delete('/api/delete/products/1/', { headers })).status()).toBe(401);
  expect((await request.post('/api/admin/listings/1/', { headers, data: { verdict: 'verify' } })).status()).toBe(401);
});
