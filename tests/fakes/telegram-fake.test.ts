/**
 * The fake Bot API (tests/fakes/telegram-server.ts) against grammY's real client: it must answer
 * as Telegram does, or the bot tests that rely on it prove nothing.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, GrammyError, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_DOWNLOAD_LIMIT, startFakeTelegram, type FakeTelegram, type FakeTelegramOptions } from './telegram-server.ts';

const TOKEN = '123456:TEST-token';
const started: FakeTelegram[] = [];
let fake: FakeTelegram;
let api: Api;

async function start(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const created = await startFakeTelegram(options);
  started.push(created);
  return created;
}

const apiOf = (f: FakeTelegram, token = f.token) => new Api(token, { apiRoot: f.url });

/** The GrammyError a call failed with (grammY throws on every `ok: false`). */
async function errorOf(promise: Promise<unknown>): Promise<GrammyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GrammyError)) throw new Error(`expected a GrammyError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  fake = await start({ token: TOKEN });
  api = apiOf(fake);
});
afterAll(() => Promise.all(started.map((f) => f.close())));

describe('answers like Telegram', () => {
  it('getMe: the bot', async () => {
    expect(await api.getMe()).toMatchObject({ id: 123456, is_bot: true, first_name: 'Sefer', username: 'sefer_test_bot' });
  });

  it('sendMessage: a message per chat, numbered from 1, recorded with its parameters', async () => {
    const keyboard = { inline_keyboard: [[{ text: 'Open', url: 'https://sefer.test/' }]] };
    const first = await api.sendMessage(1001, 'Selam', { reply_markup: keyboard });
    expect(first).toMatchObject({ message_id: 1, chat: { id: 1001, type: 'private' }, from: { is_bot: true }, text: 'Selam' });
    expect(first.reply_markup).toEqual(keyboard);
    expect((await api.sendMessage('@sefer_deals', 'Deal')).chat).toMatchObject({ type: 'channel', title: 'sefer_deals' });
    expect((await api.sendMessage(-1002, 'Deal')).message_id).toBe(1);

    const [call] = fake.sent(1001);
    expect(call).toMatchObject({ method: 'sendMessage', status: 200, chatId: '1001', params: { text: 'Selam', reply_markup: keyboard } });
    expect(call!.at).toBeLessThanOrEqual(Date.now());
  });

  it('sendPhoto: an upload is recorded as a file and gets a file_id that can be sent again', async () => {
    const bytes = Buffer.alloc(2048, 7);
    const keyboard = { inline_keyboard: [[{ text: 'Seller', url: 'https://t.me/seller' }]] };
    const sent = await api.sendPhoto(1003, new InputFile(bytes, 'deal.jpg'), { caption: 'Mitad −20%', reply_markup: keyboard });
    const [photo] = sent.photo;
    expect(photo).toMatchObject({ width: 320, height: 240, file_size: 2048 });
    expect(photo!.file_id).toMatch(/^photo-\d+$/);
    expect(sent.caption).toBe('Mitad −20%');

    const [upload] = fake.calls('sendPhoto');
    expect(upload!.params).toMatchObject({
      chat_id: '1003',
      caption: 'Mitad −20%',
      reply_markup: keyboard,
      photo: { file: { filename: 'deal.jpg', type: 'application/octet-stream', size: 2048 } },
    });

    const again = await api.sendPhoto(1004, photo!.file_id);
    expect(again.photo[0]).toMatchObject({ file_id: photo!.file_id, file_unique_id: photo!.file_unique_id });
    expect(fake.sent(1004)[0]!.params.photo).toBe(photo!.file_id);
  });

  it('callbacks and edits', async () => {
    expect(await api.answerCallbackQuery('query-1', { text: 'Saved' })).toBe(true);
    const edited = await api.editMessageText(1005, 7, 'Changed');
    expect(edited).toMatchObject({ message_id: 7, text: 'Changed' });
    expect(await api.editMessageTextInline('inline-1', 'Changed')).toBe(true);
    expect(await api.editMessageReplyMarkup(1005, 7, { reply_markup: { inline_keyboard: [] } })).toMatchObject({ message_id: 7 });
    expect(await api.deleteMessage(1005, 7)).toBe(true);
    expect(fake.calls('editMessageReplyMarkup')[0]!.params).toMatchObject({ chat_id: 1005, message_id: 7 });
  });

  it('webhook: stored by setWebhook, reported by getWebhookInfo, removed by deleteWebhook', async () => {
    expect(await api.setWebhook('https://sefer.test/api/telegram/webhook', { secret_token: 's3cret', allowed_updates: ['message'] })).toBe(
      true,
    );
    expect(fake.webhook()).toEqual({
      url: 'https://sefer.test/api/telegram/webhook',
      secret_token: 's3cret',
      allowed_updates: ['message'],
    });
    expect(await api.getWebhookInfo()).toMatchObject({ url: 'https://sefer.test/api/telegram/webhook', pending_update_count: 0 });
    // Telegram refuses to poll while a webhook is set.
    expect((await errorOf(api.getUpdates())).error_code).toBe(409);
    expect(await api.deleteWebhook()).toBe(true);
    expect(fake.webhook()).toBeNull();
    expect(await api.setMyCommands([{ command: 'start', description: 'Start' }])).toBe(true);
  });

  it('getUpdates: queued updates, confirmed by offset; a long poll ends when one is queued', async () => {
    fake.queueUpdate({
      update_id: 10,
      message: { message_id: 1, date: 1, chat: { id: 5, type: 'private', first_name: 'Abebe' }, text: 'hi' },
    });
    expect((await api.getUpdates({ timeout: 30 })).map((u) => u.update_id)).toEqual([10]);
    const began = Date.now();
    const polled = api.getUpdates({ offset: 11, timeout: 30 });
    setTimeout(() => fake.queueUpdate({ update_id: 11 }), 100);
    expect((await polled).map((u) => u.update_id)).toEqual([11]);
    expect(Date.now() - began).toBeLessThan(900);
    expect(await api.getUpdates({ offset: 12, timeout: 0 })).toEqual([]);
  });

  it('takes parameters as a query string or a urlencoded form too', async () => {
    const markup = encodeURIComponent(JSON.stringify({ inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] }));
    const byQuery = await fetch(`${fake.url}/bot${TOKEN}/sendMessage?chat_id=1006&text=Hi&reply_markup=${markup}`);
    expect(await byQuery.json()).toMatchObject({ ok: true, result: { chat: { id: 1006 }, text: 'Hi' } });
    const byForm = await fetch(`${fake.url}/bot${TOKEN}/sendMessage`, {
      method: 'POST',
      body: new URLSearchParams({ chat_id: '1007', text: 'Hello' }),
    });
    expect(byForm.status).toBe(200);
    expect(fake.sent(1006)[0]!.params.reply_markup).toEqual({ inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] });
    expect(fake.sent('1007')[0]!.params).toEqual({ chat_id: '1007', text: 'Hello' });
  });

  it('getChat by @username: a public channel or supergroup with its type, anyone else 400 "chat not found"', async () => {
    fake.addChat('@Addis_Shop_News', 'channel');
    fake.addChat('bole_buyers', 'supergroup');
    expect(await api.getChat('@addis_shop_news')).toMatchObject({ type: 'channel', username: 'addis_shop_news' });
    expect(await api.getChat('@Bole_Buyers')).toMatchObject({ type: 'supergroup', title: 'Bole_Buyers' });
    // The channels tests configure (names ending in "deals" or "channel"), with the id sends use.
    const channel = await api.getChat('@sefer_deals');
    expect(channel).toMatchObject({ type: 'channel', username: 'sefer_deals' });
    expect((await api.sendMessage('@sefer_deals', 'Deal')).chat.id).toBe(channel.id);
    expect(await api.getChat('@merkato_group')).toMatchObject({ type: 'supergroup' });
    const person = await errorOf(api.getChat('@abebe_coffee'));
    expect([person.error_code, person.description]).toEqual([400, 'Bad Request: chat not found']);
    expect(await api.getChat(1008)).toMatchObject({ id: 1008, type: 'private' });
  });
});

describe('files a person sent', () => {
  const download = (f: FakeTelegram, path: string, token = f.token) => fetch(`${f.url}/file/bot${token}/${path}`);

  it('getFile answers the path of a file_id, and /file/bot<token>/<path> its bytes', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const sent = fake.addFile(bytes, 'shop.jpg');
    const file = await api.getFile(sent.file_id);
    expect(file).toEqual(sent);
    expect(file.file_path).toMatch(/\.jpg$/);
    const response = await download(fake, file.file_path!);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(fake.calls('getFile').at(-1)).toMatchObject({ params: { file_id: sent.file_id }, status: 200 });
    expect(fake.calls('file').at(-1)).toMatchObject({ params: { file_path: file.file_path }, status: 200 });
  });

  it('refuses an unknown file_id (400), a file over 20 MB (400), and a wrong token or path (404)', async () => {
    expect((await errorOf(api.getFile('no-such-file'))).description).toBe('Bad Request: invalid file_id');
    const big = fake.addFile(new Uint8Array(BOT_DOWNLOAD_LIMIT + 1), 'film.mp4');
    expect((await errorOf(api.getFile(big.file_id))).description).toBe('Bad Request: file is too big');
    const small = fake.addFile(new Uint8Array([1]), 'a.png');
    expect((await download(fake, small.file_path, '999:wrong')).status).toBe(404);
    expect((await download(fake, 'documents/none.png')).status).toBe(404);
  });
});

describe('refuses like Telegram', () => {
  it('a wrong token: 401, recorded', async () => {
    const error = await errorOf(apiOf(fake, '999:wrong').getMe());
    expect([error.error_code, error.description]).toEqual([401, 'Unauthorized']);
    expect(fake.calls('getMe').at(-1)!.status).toBe(401);
  });

  it('an unknown method: 404', async () => {
    const response = await fetch(`${fake.url}/bot${TOKEN}/sendTelepathy`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found: method not found' });
    expect((await fetch(`${fake.url}/bot${TOKEN}/toString`)).status).toBe(404);
  });

  it('over 30 sends in a second in all: 429 with retry_after, recorded as refused', async () => {
    const busy = await start();
    const busyApi = apiOf(busy);
    const results = await Promise.allSettled(Array.from({ length: 31 }, (_, i) => busyApi.sendMessage(2000 + i, 'Flood')));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as GrammyError] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });
    expect(busy.sent()).toHaveLength(30);
    expect(busy.refused()).toHaveLength(1);
  });

  it('a private chat twice within 900 ms, a channel over its per-minute limit: 429', async () => {
    const strict = await start({ limits: { perGroupPerMinute: 3 } });
    const strictApi = apiOf(strict);
    await strictApi.sendMessage(3001, 'One');
    expect((await errorOf(strictApi.sendMessage(3001, 'Two'))).error_code).toBe(429);
    for (let i = 0; i < 3; i++) await strictApi.sendMessage('@busy_channel', `Post ${i}`);
    // Telegram says how long: until the first post of the minute leaves the window.
    const retryAfter = (await errorOf(strictApi.sendMessage('@busy_channel', 'One more'))).parameters.retry_after!;
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(strict.refused().map((c) => c.chatId)).toEqual(['3001', '@busy_channel']);

    const relaxed = await start({ limits: false });
    const relaxedApi = apiOf(relaxed);
    for (let i = 0; i < 3; i++) await relaxedApi.sendMessage(3002, 'Again');
    expect(relaxed.refused()).toEqual([]);
  });

  it('a chat that blocked the bot: 403', async () => {
    fake.block(4001);
    const error = await errorOf(api.sendPhoto(4001, 'photo-1'));
    expect([error.error_code, error.description]).toEqual([403, 'Forbidden: bot was blocked by the user']);
    expect(fake.sent(4001)).toEqual([]);
  });

  it('failNext: the next call of that method fails once', async () => {
    fake.failNext('sendMessage', { status: 429, retryAfter: 7 });
    const error = await errorOf(api.sendMessage(4002, 'Soon'));
    expect([error.error_code, error.parameters.retry_after]).toEqual([429, 7]);
    expect((await api.sendMessage(4002, 'Now')).text).toBe('Now');
    // A failure the test asked for is not a flood the app caused.
    expect(fake.refused().filter((c) => c.chatId === '4002')).toEqual([]);
    expect(fake.calls('sendMessage').find((c) => c.chatId === '4002')).toMatchObject({ status: 429, injected: true });

    fake.failNext('getMe', { status: 500 });
    expect((await errorOf(api.getMe())).error_code).toBe(500);
    expect((await api.getMe()).is_bot).toBe(true);
  });
});

describe('controlled over HTTP', () => {
  const control = (path: string, body?: object) =>
    fetch(
      `${fake.url}/__fake/${path}`,
      body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
    );

  it('calls, sent, clear, block and fail-next', async () => {
    expect((await control('health')).status).toBe(200);
    await api.sendMessage(5001, 'Over HTTP');
    expect(await (await control('sent?chat_id=5001')).json()).toMatchObject([{ method: 'sendMessage', params: { text: 'Over HTTP' } }]);
    const calls = (await (await control('calls?method=sendMessage')).json()) as { method: string }[];
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.method === 'sendMessage')).toBe(true);

    await control('block', { chat_id: 5002 });
    expect((await errorOf(api.sendMessage(5002, 'Hi'))).error_code).toBe(403);
    await control('fail-next', { method: 'sendMessage', status: 429, retryAfter: 2 });
    expect((await errorOf(api.sendMessage(5003, 'Hi'))).parameters.retry_after).toBe(2);

    const added = (await (await control('file', { base64: Buffer.from('photo bytes').toString('base64'), name: 'p.jpg' })).json()) as {
      result: { file_id: string };
    };
    const file = await api.getFile(added.result.file_id);
    expect(await (await fetch(`${fake.url}/file/bot${TOKEN}/${file.file_path}`)).text()).toBe('photo bytes');

    expect((await errorOf(api.getChat('@tana_news_feed'))).error_code).toBe(400);
    await control('chat', { username: 'tana_news_feed', type: 'channel' });
    expect(await api.getChat('@tana_news_feed')).toMatchObject({ type: 'channel' });

    expect((await control('clear', {})).status).toBe(200);
    expect(fake.calls()).toEqual([]);
    expect(await (await control('sent')).json()).toEqual([]);
  });

  it('runs as its own process for Playwright, and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--experimental-strip-types', 'tests/fakes/telegram-server-main.ts'], {
      env: {
        ...process.env,
        FAKE_TELEGRAM_PORT: String(port),
        FAKE_TELEGRAM_TOKEN: '42:MAIN-token',
        FAKE_TELEGRAM_BOT_USERNAME: 'main_bot',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
        void exited.then((code) => reject(new Error(`the fake exited with ${code}`)));
      });
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/__fake/health`)).status).toBe(200);
      expect(await new Api('42:MAIN-token', { apiRoot: url }).getMe()).toMatchObject({ id: 42, username: 'main_bot' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
