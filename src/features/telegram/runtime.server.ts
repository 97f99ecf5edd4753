/**
 * The process's Telegram bot (built on first use), off when Telegram is not configured. What it
 * sends in the background runs as jobs of the one queue (jobs.server.ts).
 */
import type { Bot } from 'grammy';
import type { Database } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { config } from '#platform/config/config.server.ts';
import { createSeferBot, type SeferContext } from './bot.server.ts';
import { botCommandsComposer } from './commands.server.ts';
import { telegramLogin } from './login-bot.server.ts';

/** One bot per database (tests open several; a process has one). */
const bots = new WeakMap<Database, Bot<SeferContext>>();

/** The Sefer bot of this process, or null when Telegram is off. */
export function telegramBot(db: Database): Bot<SeferContext> | null {
  const c = config();
  if (!c.telegram) return null;
  let bot = bots.get(db);
  if (!bot) {
    bot = createSeferBot({
      db,
      telegram: c.telegram,
      siteUrl: c.siteUrl,
      dataDir: c.dataDir,
      now: requestClock,
      handlers: [telegramLogin, botCommandsComposer],
    });
    bots.set(db, bot);
  }
  return bot;
}
