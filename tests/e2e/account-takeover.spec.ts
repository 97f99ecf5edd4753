/**
 * Issue 25, item 1, through the pages: an attacker signs up with the owner's address and his own
 * password and never confirms; the owner signs up with hers and confirms the emailed code. She lands
 * in her own account (her name, her password), and his password never signs in.
 */
import { expect, test, type Page } from '@playwright/test';
import { codeFor, signIn, signUp, submitSignIn, uniqueEmail } from './support.ts';

/** Fills the sign-up details and stops at "Check your email" (the code is never typed). */
async function signUpWithoutConfirming(page: Page, email: string, firstName: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Attacker');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

test('the owner who confirms her code gets her own account; the attacker’s earlier password never works', async ({ browser, baseURL }) => {
  const email = uniqueEmail('owner');
  const attacker = await browser.newPage({ baseURL });
  await signUpWithoutConfirming(attacker, email, 'Mallory', 'attacker-pass-1');

  const owner = await browser.newPage({ baseURL });
  await signUp(owner, { email, firstName: 'Selam', lastName: 'Tesfaye', password: 'owners-own-pass-2' });
  await owner.goto('/profile');
  await expect(owner.getByText('Selam', { exact: false }).first()).toBeVisible();
  await expect(owner.getByText('Mallory')).toHaveCount(0);

  // His password is refused; hers signs in (each in a fresh browser).
  await submitSignIn(attacker, email, 'attacker-pass-1');
  await expect(attacker.getByText('Wrong email or password.')).toBeVisible();
  await expect(attacker.getByText('Sign-in Successful! Redirecting...')).toHaveCount(0);
  const again = await browser.newPage({ baseURL });
  await signIn(again, email, 'owners-own-pass-2');
  await Promise.all([attacker.close(), owner.close(), again.close()]);
});

test('a code confirmed in a browser that did not sign up keeps no earlier password, and the welcome page says how to choose one', async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('elsewhere');
  const started = Date.now();
  const first = await browser.newPage({ baseURL });
  await signUpWithoutConfirming(first, email, 'Mallory', 'attacker-pass-1');

  const other = await browser.newPage({ baseURL });
  await other.goto(`/signup?step=code&email=${encodeURIComponent(email)}`);
  await other.getByLabel('6-digit code').fill(await codeFor(email, started));
  await other.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(other.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect(other.locator('[data-no-password]')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Choose a password' })).toHaveAttribute('href', '/forgot-password');
  // No automatic move on: the page waits for the visitor's choice.
  await expect(other.locator('meta[http-equiv="refresh"]')).toHaveCount(0);

  await submitSignIn(first, email, 'attacker-pass-1');
  await expect(first.getByText('Wrong email or password.')).toBeVisible();
  await Promise.all([first.close(), other.close()]);
});
