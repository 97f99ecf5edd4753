import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4329);
/** The e2e server's clock (SEFER_NOW). */
export const E2E_NOW = '2026-03-10T09:00:00.000Z';
/** The fake Telegram Bot API the e2e server talks to (tests/fakes/telegram-server-main.ts). */
export const E2E_TELEGRAM = {
  url: `http://127.0.0.1:${Number(process.env.E2E_TELEGRAM_PORT ?? port + 31)}`,
  token: '123456:E2E-token',
  username: 'sefer_e2e_bot',
  secret: 'sefer-e2e-telegram-webhook-secret',
  channel: '@sefer_e2e_deals',
};
process.env.SEFER_E2E_TELEGRAM_API ??= E2E_TELEGRAM.url;
/** The fake map tile server (tests/fakes/tile-server-main.ts): the form's "Pin it on a map" draws its tiles. */
export const E2E_TILES = `http://127.0.0.1:${Number(process.env.E2E_TILES_PORT ?? port + 33)}`;
// One fresh data folder per run (workers inherit it through the environment).
process.env.SEFER_E2E_DATA ??= path.join(os.tmpdir(), `sefer-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: 'tests/e2e',
  // After the web server is up: the admin account, made once (tests/e2e/support.ts adminPage()).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // scripts/e2e.mjs sets PLAYWRIGHT_JSON_OUTPUT_FILE in CI: a JSON report that scripts/test-summary.mjs counts.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    },
    trace: 'retain-on-failure',
  },
  // Journeys over ~10 s are tagged @slow: `npm run test:e2e:fast` leaves them out, `npm test` runs all.
  // `npm run test:e2e` (scripts/e2e.mjs) runs these one after the other, each as a Playwright run of
  // its own with --no-deps, so that a failure in one leaves none of the others unrun. The
  // dependencies keep that order for a bare `playwright test` (where a failure skips the later ones).
  // Each project has its own output folder: a later run clears only its own, not earlier traces.
  projects: [
    { name: 'chromium-phone', testIgnore: /(body-limit|chapa|clerk|admin-queue)\.spec\.ts/, outputDir: 'test-results/chromium-phone' },
    // The Chapa journeys start a second server (seeded, then restarted), and the Clerk ones a server
    // with Clerk's keys: after the main suite, so that those starts do not take the two cores from
    // other tests' timed steps.
    { name: 'chapa', testMatch: /(chapa|clerk)\.spec\.ts/, dependencies: ['chromium-phone'], outputDir: 'test-results/chapa' },
    // The admin queue's journeys decide 50 deals against the clock, and their notices fill the
    // server's one job queue for over a minute: alongside the main suite they held its background
    // checks (a Telegram contact's kind) past their waits. They run after it, by themselves.
    { name: 'queue', testMatch: /admin-queue\.spec\.ts/, dependencies: ['chapa'], outputDir: 'test-results/queue' },
    // The body-limit test counts what the server process reads: it runs alone, after every other
    // test, so no other request's reads are counted with it.
    { name: 'alone', testMatch: /body-limit\.spec\.ts/, dependencies: ['queue'], outputDir: 'test-results/alone' },
  ],
  webServer: [
    {
      command: 'node --experimental-strip-types tests/fakes/telegram-server-main.ts',
      url: `${E2E_TELEGRAM.url}/__fake/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        FAKE_TELEGRAM_PORT: new URL(E2E_TELEGRAM.url).port,
        FAKE_TELEGRAM_TOKEN: E2E_TELEGRAM.token,
        FAKE_TELEGRAM_BOT_USERNAME: E2E_TELEGRAM.username,
      },
    },
    {
      command: 'node --experimental-strip-types tests/fakes/tile-server-main.ts',
      url: `${E2E_TILES}/__fake/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_TILES_PORT: new URL(E2E_TILES).port },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://localhost:${port}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: process.env.SEFER_E2E_DATA,
        SITE_URL: `http://localhost:${port}`,
        ADMIN_EMAILS: 'admin@e2e.test',
        // Every test browser writes from 127.0.0.1: one address, many visitors.
        RATE_LIMIT_SCALE: '20',
        TRUST_PROXY: 'true',
        // A fixed clock: the demo catalogue is seeded relative to it and every list window is stable.
        SEFER_NOW: E2E_NOW,
        ASTRO_TELEMETRY_DISABLED: '1',
        TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
        TELEGRAM_BOT_USERNAME: E2E_TELEGRAM.username,
        TELEGRAM_WEBHOOK_SECRET: E2E_TELEGRAM.secret,
        TELEGRAM_CHANNEL_ID: E2E_TELEGRAM.channel,
        TELEGRAM_API_ROOT: E2E_TELEGRAM.url,
        MAP_TILE_URL: `${E2E_TILES}/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: 'Test tiles',
      },
    },
  ],
});
