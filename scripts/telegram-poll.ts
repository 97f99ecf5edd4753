/**
 * `npm run telegram:poll`: the bot for local development, where Telegram cannot reach the site.
 * It removes the webhook, long-polls Telegram for updates (grammY's polling loop) and hands each
 * one to the running app's webhook with the secret, exactly as Telegram would: the app (which
 * owns the database) handles them. Start the app first (npm start or npm run dev).
 */
import { Bot } from 'grammy';
import { config } from '#platform/config/config.server.ts';

const c = config();
if (!c.telegram) {
  console.error('[telegram] set TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME and TELEGRAM_WEBHOOK_SECRET first (see the README).');
  process.exit(1);
}
const webhook = process.env.TELEGRAM_POLL_TARGET ?? `http://localhost:${c.port}/api/telegram/webhook`;
const bot = new Bot(c.telegram.token, { client: { apiRoot: c.telegram.apiRoot } });
bot.use(async (ctx) => {
  const response = await fetch(webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': c.telegram!.webhookSecret },
    body: JSON.stringify(ctx.update),
  });
  if (!response.ok) throw new Error(`the app answered ${response.status} to update ${ctx.update.update_id}`);
});
bot.catch((error) => console.error('[telegram]', error.message));
const stop = () => void bot.stop();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
await bot.start({
  allowed_updates: ['message', 'callback_query'],
  onStart: (me) => console.log(`[telegram] @${me.username} is polling; updates go to ${webhook}. Ctrl+C stops.`),
});
