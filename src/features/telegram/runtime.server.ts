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
import { buttonPresses } from './buttons.server.ts';
import { moderation } from './moderation/moderation.server.ts';
import { postConversation } from './post/post-conversation.server.ts';
import { sellerPosts } from './myposts/seller-posts.server.ts';

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
      // Sign-in first; then the opaque buttons, moderation (a typed reason), a deal being posted, the
      // seller's deals; the commands last (they answer what nobody else took).
      handlers: [telegramLogin, buttonPresses, moderation, postConversation, sellerPosts, botCommandsComposer],
    });
    bots.set(db, bot);
  }
  return bot;
}
