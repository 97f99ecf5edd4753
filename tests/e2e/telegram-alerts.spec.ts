/**
 * The Telegram bot end to end: a person follows a word through the bot (updates posted to the
 * webhook as Telegram would), a seller's deal with that word is verified by an admin, and the
 * alert and the channel post arrive at the fake Bot API, sent by the server's worker.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { E2E_TELEGRAM } from '../../playwright.config.ts';
import { telegramUpdates, type TelegramPerson } from '#tests/fakes/telegram-updates.ts';
import { adminPage, signedInPage } from './support.ts';

type Sent = { method: string; params: Record<string, unknown>; status: number };

const nextUpdate = Date.now();
const updates = telegramUpdates(nextUpdate);
function update(from: TelegramPerson, payload: { text: string } | { data: string }) {
  return 'data' in payload ? updates.press(from, payload.data) : updates.text(from, payload.text);
}

async function toBot(request: APIRequestContext, body: object, secret = E2E_TELEGRAM.secret) {
  return request.post('/api/telegram/webhook', { headers: { 'x-telegram-bot-api-secret-token': secret }, data: body });
}

async function sentTo(request: APIRequestContext, chatId: number | string): Promise<Sent[]> {
  const response = await request.get(`${E2E_TELEGRAM.url}/__fake/sent?chat_id=${encodeURIComponent(String(chatId))}`);
  return (await response.json()) as Sent[];
}

const captionOf = (s: Sent) => String(s.params.caption ?? s.params.text ?? '');

test('the webhook refuses updates without the secret', async ({ request }) => {
  const from = { id: 8_100_000 + (Date.now() % 100_000), first_name: 'Mallory' };
  expect((await toBot(request, update(from, { text: '/start' }), 'not-the-secret-at-all')).status()).toBe(401);
  expect((await request.post('/api/telegram/webhook', { data: update(from, { text: '/start' }) })).status()).toBe(401);
  expect(await sentTo(request, from.id)).toEqual([]);
});

test('a word followed in the bot: the verified deal arrives as an alert, and on the channel once', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const from = { id: 8_000_000 + (Date.now() % 100_000), first_name: 'Hanna' };
  const word = `kolo${Date.now()}`;
  expect((await toBot(request, update(from, { text: '/start' }))).status()).toBe(200);
  await toBot(request, update(from, { data: 'alerts:word' }));
  await toBot(request, update(from, { text: word }));
  await expect.poll(async () => (await sentTo(request, from.id)).map(captionOf).at(-1)).toContain(`Following: ${word}`);

  const seller = await signedInPage(browser, baseURL!, { firstName: 'Tigist' });
  const image = await sharp({ create: { width: 240, height: 180, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  const productName = `Roasted ${word} snack`;
  const created = await seller.page.request.post('/api/products/', {
    headers: { Origin: baseURL! },
    multipart: {
      product_name: productName,
      company_name: 'Arat Kilo Roasters',
      category: 'foods',
      discount: '15',
      discount_duration: '20',
      description: 'Fresh every morning.',
      location: 'Arat Kilo',
      latitude: '9.03',
      longitude: '38.76',
      contact_telegram: '@aratkilo',
      contact_phone: '0911000003',
      profile_photo: { name: 'logo.png', mimeType: 'image/png', buffer: image },
      product_photo: { name: 'photo.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const admin = await adminPage(browser, baseURL!);
  const verified = await admin.request.post(`/api/admin/listings/${id}/`, { headers: { Origin: baseURL! }, data: { verdict: 'verify' } });
  expect(verified.status()).toBe(200);

  // The worker sends outside the admin's request: wait for it.
  await expect
    .poll(async () => (await sentTo(request, from.id)).filter((s) => captionOf(s).includes(productName)).length, { timeout: 20_000 })
    .toBe(1);
  const alert = (await sentTo(request, from.id)).find((s) => captionOf(s).includes(productName))!;
  expect(alert.method).toBe('sendPhoto');
  expect(captionOf(alert)).toContain('A new deal you follow');
  const button = (alert.params.reply_markup as { inline_keyboard: { url: string }[][] }).inline_keyboard[0]![0]!;
  expect(new URL(button.url).pathname).toMatch(new RegExp(`^/listings/${id}-`));
  expect((await request.get(new URL(button.url).pathname)).status()).toBe(200);
  // The channel is posted to by its numeric id (what getChat answers for its @name).
  const chat = await request.get(
    `${E2E_TELEGRAM.url}/bot${E2E_TELEGRAM.token}/getChat?chat_id=${encodeURIComponent(E2E_TELEGRAM.channel)}`,
  );
  const channelId = ((await chat.json()) as { result: { id: number } }).result.id;
  await expect
    .poll(async () => (await sentTo(request, channelId)).filter((s) => captionOf(s).includes(productName)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await Promise.all([seller.context.close(), admin.context().close()]);
});
