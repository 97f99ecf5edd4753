/**
 * Runs once per Playwright run, after the web server is up: signs the admin up through the real
 * screens and stores the session for adminPage(), so no test races to create the admin.
 */
import { chromium, expect, type FullConfig } from '@playwright/test';
import { ADMIN, adminStatePath, newPhoneContext, signUp, submitSignIn } from './support.ts';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    const context = await newPhoneContext(browser, use.baseURL!);
    const page = await context.newPage();
    // A data folder kept from an earlier run may know the admin already.
    await submitSignIn(page, ADMIN.email, ADMIN.password);
    const signedIn = page.getByText('Sign-in Successful! Redirecting...');
    await expect(signedIn.or(page.getByRole('alert'))).toBeVisible();
    if (!(await signedIn.isVisible())) await signUp(page, { email: ADMIN.email, password: ADMIN.password, firstName: 'Admin' });
    await page.goto('/');
    await context.storageState({ path: adminStatePath() });
  } finally {
    await browser.close();
  }
}
