import type { APIRoute } from 'astro';
import { webhookCallback } from 'grammy';
import { m } from '#paraglide/messages.js';
import { fail } from '#platform/http/result.ts';
import { config } from '#platform/config/config.server.ts';
import { api, refuse } from '#platform/http/http.server.ts';
import { telegramBot } from '#features/telegram/runtime.server.ts';

/** grammY's handler for web-standard requests, made once per bot. */
const handlers = new WeakMap<object, (request: Request) => Promise<Response>>();

/**
 * `POST /api/telegram/webhook`: Telegram's updates for the Sefer bot. Only with the header
 * `X-Telegram-Bot-Api-Secret-Token` equal to TELEGRAM_WEBHOOK_SECRET (401 otherwise, nothing
 * handled; grammY compares it). Each update is handled once however often Telegram delivers it
 * (bot.server.ts). A 404 when Telegram is not configured.
 */
export const POST: APIRoute = api('telegram/webhook', async ({ request, locals }) => {
  const telegram = config().telegram;
  const bot = telegram ? telegramBot(locals.db) : null;
  if (!telegram || !bot) refuse(fail(404, m.tg_not_configured()));
  // /deals sends a few photos one second apart (Telegram's per-chat pace): well within 25 s.
  let handle = handlers.get(bot);
  if (!handle) {
    handle = webhookCallback(bot, 'std/http', { secretToken: telegram.webhookSecret, timeoutMilliseconds: 25_000, onTimeout: 'return' });
    handlers.set(bot, handle);
  }
  return handle(request);
});
