/**
 * Talking to the bot in end-to-end tests: updates posted to the webhook as Telegram would, the
 * bot's answers read from the fake Bot API, the Telegram button of a page and the bot's
 * confirmation of a sign-in or a link.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_TELEGRAM } from '../../playwright.config.ts';
import { telegramUpdates, type TelegramPerson } from '#tests/fakes/telegram-updates.ts';

export type Sent = { method: string; params: Record<string, unknown>; status: number };
export type Button = { text: string; callback_data?: string; url?: string };
export type From = { id: number; first_name: string; last_name?: string; username?: string; language_code?: string };

// Far from the other Telegram specs' update ids (and their chats), so none is taken for a redelivery.
const updates = telegramUpdates(Date.now() * 1000 + Math.floor(Math.random() * 1_000_000));

/** The update builders of this worker (ids never repeat within a run). */
export const botUpdates = updates;

/** A Telegram person with an id of their own. */
export const someone = (first_name: string, extra: Partial<From> = {}): From => ({
  id: 8_300_000 + Math.floor(Math.random() * 1_000_000),
  first_name,
  ...extra,
});

export function update(from: TelegramPerson, payload: { text: string } | { data: string }) {
  return 'data' in payload ? updates.press(from, payload.data) : updates.text(from, payload.text);
}

/** Posts an update to the webhook as Telegram does; it must be taken (200). */
export async function toBot(request: APIRequestContext, body: object): Promise<void> {
  const response = await request.post('/api/telegram/webhook', {
    headers: { 'x-telegram-bot-api-secret-token': E2E_TELEGRAM.secret },
    data: body,
  });
  expect(response.status()).toBe(200);
}

/** Everything the bot sent to a chat, oldest first. */
export async function sentTo(request: APIRequestContext, chatId: number | string): Promise<Sent[]> {
  const response = await request.get(`${E2E_TELEGRAM.url}/__fake/sent?chat_id=${encodeURIComponent(String(chatId))}`);
  return (await response.json()) as Sent[];
}

/** Every call of `method` the fake answered (edits, deletions: what `sentTo` leaves out). */
export async function callsOf(request: APIRequestContext, method: string): Promise<Sent[]> {
  const response = await request.get(`${E2E_TELEGRAM.url}/__fake/calls?method=${encodeURIComponent(method)}`);
  return (await response.json()) as Sent[];
}

export async function messagesTo(request: APIRequestContext, chatId: number): Promise<Sent[]> {
  return (await sentTo(request, chatId)).filter((s) => s.method === 'sendMessage');
}

export const textOf = (s: Sent): string => String(s.params.caption ?? s.params.text ?? '');

/** The bot's newest message to `chatId` once its text matches `text`. */
export async function botSays(request: APIRequestContext, chatId: number, text: RegExp, timeout = 10_000): Promise<Sent> {
  let last: Sent | undefined;
  await expect
    .poll(
      async () => {
        last = (await messagesTo(request, chatId)).at(-1);
        return String(last?.params.text ?? '');
      },
      { timeout },
    )
    .toMatch(text);
  return last!;
}

export const buttons = (s: Sent): Button[] => ((s.params.reply_markup as { inline_keyboard?: Button[][] })?.inline_keyboard ?? []).flat();

/** The inline button of `sent` named `name` (exactly or by pattern). */
export function buttonNamed(s: Sent, name: string | RegExp): Button {
  const found = buttons(s).find((b) => (typeof name === 'string' ? b.text === name : name.test(b.text)));
  if (!found) throw new Error(`no button ${String(name)} in ${JSON.stringify(buttons(s).map((b) => b.text))}`);
  return found;
}

/**
 * Presses the Telegram button on the page: the bot link it leads to. The browser gets there (the
 * page's CSP lets the form lead to t.me); t.me itself is answered here.
 */
export async function pressTelegramButton(page: Page, name: string): Promise<string> {
  let botUrl = '';
  await page.route('https://t.me/**', async (route) => {
    botUrl = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Telegram</title>' });
  });
  await page.getByRole('button', { name }).click();
  await expect.poll(() => botUrl).toMatch(new RegExp(`^https://t\\.me/${E2E_TELEGRAM.username}\\?start=login-[\\w-]{32}$`));
  return botUrl;
}

/** In Telegram: the bot link opened (its /start), the question answered with Confirm; the link the bot sends back. */
export async function confirmInBot(request: APIRequestContext, from: From, botUrl: string, question: RegExp): Promise<string> {
  const start = new URL(botUrl).searchParams.get('start')!;
  await toBot(request, update(from, { text: `/start ${start}` }));
  const asked = await botSays(request, from.id, question);
  expect(String(asked.params.text)).toContain('Confirm only if you pressed “Continue with Telegram” on Sefer yourself');
  const confirm = buttons(asked).find((b) => b.text === '✅ Confirm')!;
  await toBot(request, update(from, { data: confirm.callback_data! }));
  const sent = await botSays(request, from.id, /^Here is your link back to Sefer/);
  expect(sent.params.link_preview_options).toEqual({ is_disabled: true });
  const link = buttons(sent).find((b) => b.text === 'Open Sefer')!.url!;
  expect(link).toMatch(/\/telegram\/login\?token=[\w-]{43}$/);
  return link;
}

/** Adds a file to the fake Bot API as if the person had sent it: its file_id and size. */
export async function fileFromPerson(request: APIRequestContext, bytes: Buffer, name: string) {
  const response = await request.post(`${E2E_TELEGRAM.url}/__fake/file`, { data: { base64: bytes.toString('base64'), name } });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as {
    result: { file_id: string; file_unique_id: string; file_size: number; file_path: string };
  };
  return result;
}
