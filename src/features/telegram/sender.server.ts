/**
 * Who sends what the bot sends in the background (the jobs' alerts and digests, and account
 * notices): the process's bot, throttled to Telegram's limits, with the site's settings; or, in
 * tests, a sender set for one database (`sendWith`: the fake Bot API). Null while Telegram is off.
 */
import type { Database } from '#db/client.ts';
import { config } from '#platform/config/config.server.ts';
import type { Sender } from './deliver.server.ts';
import { telegramBot } from './runtime.server.ts';

/** Senders set by tests (a channel, or none); otherwise the process's bot and settings. */
const senders = new WeakMap<Database, Sender>();

/** Sends this database's jobs through `sender` (tests: the fake Bot API, with or without the channel). */
export function sendWith(db: Database, sender: Sender): void {
  senders.set(db, sender);
}

/** The sender of this database's background sends, or null when Telegram is not configured. */
export function senderFor(db: Database): Sender | null {
  const set = senders.get(db);
  if (set) return set;
  const c = config();
  const bot = telegramBot(db);
  if (!bot || !c.telegram) return null;
  return { db, api: bot.api, siteUrl: c.siteUrl, dataDir: c.dataDir, channelId: c.telegram.channelId };
}
