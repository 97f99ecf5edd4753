/**
 * `npm run telegram:webhook` and `npm run telegram:poll` against the fake Bot API: the webhook is
 * registered with the secret and the commands in both languages; polling hands each update to the
 * app's webhook with the secret, as Telegram would.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '#tests/fakes/telegram-server.ts';

const TOKEN = '123456:SCRIPT-token';
const SECRET = 'script-test-webhook-secret';
let fake: FakeTelegram;

beforeAll(async () => {
  fake = await startFakeTelegram({ token: TOKEN, botUsername: 'sefer_script_bot' });
});
afterAll(() => fake.close());

function env(extra: Record<string, string> = {}) {
  return {
    ...process.env,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: 'sefer_script_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: fake.url,
    SITE_URL: 'https://sefer.example',
    ...extra,
  };
}

function run(script: string, environment: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--experimental-strip-types', script], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
}

it('telegram:webhook registers SITE_URL/api/telegram/webhook with the secret, and the command menus', async () => {
  const child = run('scripts/telegram-webhook.ts', env());
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code, output).toBe(0);
  expect(fake.webhook()).toMatchObject({ url: 'https://sefer.example/api/telegram/webhook', secret_token: SECRET });
  const menus = fake.calls('setMyCommands').map((c) => c.params as { commands: { command: string }[]; language_code?: string });
  expect(menus.map((menu) => menu.language_code)).toEqual([undefined, 'am']);
  expect(menus[0]!.commands.map((c) => c.command)).toEqual(['start', 'deals', 'post', 'myposts', 'alerts', 'mysubs', 'stop', 'language']);
}, 30_000);

it('telegram:poll hands polled updates to the local webhook with the secret', async () => {
  const received: { secret: string | undefined; body: { update_id: number } }[] = [];
  const app = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, body: JSON.parse(body) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/telegram/webhook`;
  fake.queueUpdate({
    update_id: 9001,
    message: { message_id: 1, date: 1, chat: { id: 5, type: 'private', first_name: 'Abebe' }, text: 'hi' },
  });
  const child = run('scripts/telegram-poll.ts', env({ TELEGRAM_POLL_TARGET: target }));
  try {
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    expect(received[0]).toEqual({ secret: SECRET, body: expect.objectContaining({ update_id: 9001 }) });
    expect(fake.calls('deleteWebhook').length).toBeGreaterThan(0);
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('exit', resolve));
    app.close();
  }
}, 30_000);
