/**
 * `npm run telegram:webhook`: tells Telegram to deliver the bot's updates to this site
 * (SITE_URL/api/telegram/webhook, with TELEGRAM_WEBHOOK_SECRET), and sets the bot's command menu
 * in English and Amharic.
 */
import { Api } from 'grammy';
import { config } from '#platform/config/config.server.ts';
import { botCommands } from '#features/telegram/commands.server.ts';

const c = config();
if (!c.telegram) {
  console.error('[telegram] set TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME and TELEGRAM_WEBHOOK_SECRET first (see the README).');
  process.exit(1);
}
if (!c.siteUrl.startsWith('https://')) {
  console.warn(
    `[telegram] Telegram only delivers to https:// addresses; SITE_URL is ${c.siteUrl}. For local use run npm run telegram:poll.`,
  );
}
const api = new Api(c.telegram.token, { apiRoot: c.telegram.apiRoot });
const url = `${c.siteUrl}/api/telegram/webhook`;
await api.setWebhook(url, { secret_token: c.telegram.webhookSecret, allowed_updates: ['message', 'callback_query'] });
await api.setMyCommands(botCommands('en'));
await api.setMyCommands(botCommands('am'), { language_code: 'am' });
console.log(`[telegram] webhook set to ${url}; commands set in English and Amharic.`);
