/**
 * Clerk as the account provider, end to end: a server of its own with a production instance's keys
 * (`pk_live_` naming `clerk.sefer.localhost:<port>`), its Backend API at the local fake Clerk
 * (tests/fakes/clerk-server.ts, through CLERK_API_URL), and the browser sent by the app's redirects
 * to the same fake's Frontend API and Account Portal (https, a certificate of the run). The site is
 * `sefer.localhost` (Chromium resolves `*.localhost` to this machine), so the fake's cookies for the
 * parent domain reach it as Clerk's reach `sefer.et` from `clerk.sefer.et`.
 * The real `@clerk/backend` verifies every token: nothing in the app knows it talks to a fake.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import { FakeClerk } from '#tests/fakes/clerk-server.ts';
import { freePort, startApp, stopApp, type AppProcess } from './app-processes.ts';

const fake = new FakeClerk({ secretKey: 'sk_live_e2eClerkSecretKey', frontendApi: 'clerk.sefer.localhost' });
const hana = fake.addUser({ firstName: 'Hana', lastName: 'Tesfaye', username: 'hana', emails: ['hana.clerk@e2e.test'] });
const admin = fake.addUser({ firstName: 'Almaz', lastName: 'Admin', username: null, emails: ['Clerk-Admin@E2E.test'] });
const phoneOnly = fake.addUser({ firstName: 'Kidus', lastName: null, username: 'kidus', emails: [] });

let base = '';
let dataDir = '';
let app: AppProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await fake.start();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-clerk-'));
  const port = await freePort();
  base = `http://sefer.localhost:${port}`;
  app = startApp({
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '20',
    ADMIN_EMAILS: 'clerk-admin@e2e.test',
    PUBLIC_CLERK_PUBLISHABLE_KEY: fake.publishableKey,
    CLERK_SECRET_KEY: fake.options.secretKey,
    CLERK_API_URL: fake.url,
  });
  await app.ready;
});

test.afterAll(async () => {
  await stopApp(app?.child);
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A phone browser on the site that accepts the fake Clerk's certificate, without the offline
 * worker: the navigations it forwards arrive with `Sec-Fetch-Dest: empty`, which Clerk never
 * answers with a handshake (reported to the lead: a stale token then never renews).
 */
async function clerkBrowser(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    ignoreHTTPSErrors: true,
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

const signedInAs = (page: Page, first: string) => expect(page.getByText(`Hi, ${first}`)).toBeVisible();
const signedOut = async (page: Page) => {
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  await expect(page.getByText(/^Hi, /)).toHaveCount(0);
};

test('signing in on Clerk’s Account Portal signs in here, a stale token is renewed, and /logout ends the session at Clerk', async ({
  browser,
}) => {
  const { context, page } = await clerkBrowser(browser);
  await page.goto('/login');
  await expect(page).toHaveURL(/^https:\/\/accounts\.sefer\.localhost:\d+\/sign-in\?redirect_url=http%3A%2F%2Fsefer\.localhost/);
  await page.getByLabel('Email address or username').fill('hana.clerk@e2e.test');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back here: Clerk's handshake resolved into this site's own cookies, and the address is clean.
  await signedInAs(page, 'Hana');
  expect(page.url()).not.toContain('__clerk');
  const cookies = await context.cookies(base);
  expect(cookies.find((c) => c.name === '__session')?.domain).toBe('sefer.localhost');
  expect(fake.backendCalls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(
    expect.arrayContaining(['GET /v1/jwks 200', 'GET /v1/clients/handshake_payload 200', `GET /v1/users/${hana.id} 200`]),
  );

  // Its minute is up: a page asks Clerk again (the handshake) and stays signed in with a new token.
  const session = [...fake.sessions.values()].find((s) => s.userId === hana.id && s.status === 'active')!;
  await context.addCookies([{ name: '__session', value: fake.sessionToken(session, base, { secondsAgo: 120 }), url: base }]);
  const stale = (await context.cookies(base)).find((c) => c.name === '__session')!.value;
  await page.goto('/');
  await signedInAs(page, 'Hana');
  expect((await context.cookies(base)).find((c) => c.name === '__session')!.value).not.toBe(stale);

  // Signing out ends the session at Clerk; the handshake that follows clears Clerk's cookies too.
  await page.goto('/logout');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${base}/`, { timeout: 15_000 });
  await signedOut(page);
  expect(fake.sessions.get(session.id)!.status).toBe('revoked');
  expect(fake.backendCalls).toContainEqual({ method: 'POST', path: `/v1/sessions/${session.id}/revoke`, status: 200 });
  // Clerk's handshake answered for a revoked session: its own cookie is cleared too.
  await page.goto('/');
  await signedOut(page);
  expect((await context.cookies(base)).filter((c) => c.name === '__client_uat').map((c) => c.value)).toEqual(['0']);
  await context.close();
});

test('an expired or a forged session token is a signed-out visitor, never an error', async ({ browser }) => {
  const session = fake.signIn(hana);
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  for (const options of [{ key: forger }, { secondsAgo: 3600 }]) {
    // This browser has no session at Clerk (no `__client`): the handshake cannot renew the token.
    const { context, page } = await clerkBrowser(browser);
    await context.addCookies(fake.browserCookies(session, base, options));
    const response = await page.goto('/');
    expect(response!.status()).toBe(200);
    await signedOut(page);
    // A request that is not a page (no handshake for it): signed out all the same.
    expect(await page.evaluate(async () => (await fetch('/myposts', { redirect: 'manual' })).type)).toBe('opaqueredirect');
    await context.close();
  }
});

test('a Clerk account without an email is a visitor here: pages open, and member pages lead to Clerk’s sign-in', async ({ browser }) => {
  const { context, page } = await clerkBrowser(browser);
  await context.addCookies(fake.browserCookies(fake.signIn(phoneOnly), base));
  const response = await page.goto('/');
  expect(response!.status()).toBe(200);
  await signedOut(page);
  expect(fake.backendCalls).toContainEqual({ method: 'GET', path: `/v1/users/${phoneOnly.id}`, status: 200 });
  // A page for signed-in people sends it to sign in (Clerk's page) rather than failing.
  await page.goto('/myposts');
  await expect(page).toHaveURL(/^https:\/\/accounts\.sefer\.localhost:\d+\/sign-in/);
  await context.close();
});

test('the admin is the Clerk account whose primary email is in ADMIN_EMAILS; another account gets “Admins only”', async ({ browser }) => {
  const asAdmin = await clerkBrowser(browser);
  await asAdmin.context.addCookies(fake.browserCookies(fake.signIn(admin), base));
  const opened = await asAdmin.page.goto('/admin');
  expect(opened!.status()).toBe(200);
  await expect(asAdmin.page.getByRole('heading', { name: 'Listings waiting for verification' })).toBeVisible();
  await asAdmin.context.close();

  const other = await clerkBrowser(browser);
  await other.context.addCookies(fake.browserCookies(fake.signIn(hana), base));
  const refused = await other.page.goto('/admin');
  expect(refused!.status()).toBe(403);
  await expect(other.page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await signedInAs(other.page, 'Hana');
  await other.context.close();
});
