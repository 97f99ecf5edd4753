import type { Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Browser } from '@playwright/test';

/** Records every script file a page loads (inline scripts are not files). */
export function collectScriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(url).pathname)) scripts.push(url);
  });
  return scripts;
}

/** The newest 6-digit code emailed to `email` (the e2e server writes mail to its outbox). */
export async function codeFor(email: string, after = 0): Promise<string> {
  const dir = path.join(process.env.SEFER_E2E_DATA!, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const stamp = Date.parse(/^Date: (.+)$/m.exec(text)?.[1] ?? '') || 0;
      if (text.includes(`To: ${email}`) && stamp >= after - 1000) {
        const code = /code is (\d{6})/.exec(text)?.[1];
        if (code) return code;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code emailed to ${email}`);
}

/** Every email sent to `email` since `after`, joined. */
export async function mailTo(email: string, after = 0): Promise<string> {
  const dir = path.join(process.env.SEFER_E2E_DATA!, 'outbox');
  const texts: string[] = [];
  for (const file of await readdir(dir).catch(() => [] as string[])) {
    const text = await readFile(path.join(dir, file), 'utf8');
    const stamp = Date.parse(/^Date: (.+)$/m.exec(text)?.[1] ?? '') || 0;
    if (text.includes(`To: ${email}`) && stamp >= after - 1000) texts.push(text);
  }
  return texts.join('\n');
}

let counter = 0;
/** A unique email for one test's account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${process.pid}-${Date.now()}-${counter++}@e2e.test`;
}

/** Signs up through the real screens (details, then the emailed code) and lands signed in. */
export async function signUp(page: Page, options: { email?: string; firstName?: string; lastName?: string; password?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const started = Date.now();
  await page.goto('/signup');
  await page.getByLabel('First name').fill(options.firstName ?? 'Hana');
  await page.getByLabel('Last name').fill(options.lastName ?? 'Tesfaye');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(options.password ?? 'correct-horse-9');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await codeFor(email, started));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  return email;
}

/** A new browser context signed in as a new (or the given) account. */
export async function signedInPage(browser: Browser, baseURL: string, options: Parameters<typeof signUp>[1] = {}) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = await signUp(page, options);
  // Leave /welcome now: its 3 s refresh would otherwise abort whatever the test opens next.
  await page.goto('/');
  return { context, page, email };
}

/** The one admin account of the e2e server (ADMIN_EMAILS in playwright.config.ts). */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-1' };

/** A page signed in as the admin: signs the admin up on first use in a run, signs in afterwards. */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Tests in parallel workers may race to create the admin: whoever loses signs in next time round.
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (await page.getByText('Sign-in Successful! Redirecting...').isVisible()) return page;
    try {
      await signUp(page, { email: ADMIN.email, password: ADMIN.password, firstName: 'Admin' });
      return page;
    } catch {
      await page.waitForTimeout(1000);
    }
  }
  throw new Error('could not sign in as the admin');
}
