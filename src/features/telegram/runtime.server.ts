/**
 * The process's Telegram side: the bot (built on first use) and the alert worker, both off when
 * Telegram is not configured. Verifying a listing only queues a job here.
 */
import type { Bot } from 'grammy';
import type { Database } from '#db/client.ts';
import { requestClock } from '#platform/config/clock.server.ts';
import { config } from '#platform/config/config.server.ts';
import { createSeferBot, type SeferContext } from './bot.server.ts';
import { botCommandsComposer } from './commands.server.ts';
import { queueListingVerified, startWorker, type Worker } from './jobs.server.ts';
import { telegramLogin } from './login-bot.server.ts';

/** One bot per database (tests open several; a process has one). */
const bots = new WeakMap<Database, Bot<SeferContext>>();
let worker: Worker | undefined;

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

/** Starts the alert worker (every process runs one; the lease lets one of them send). */
export function startTelegramWorker(db: Database): void {
  const c = config();
  const current = telegramBot(db);
  if (!current || worker) return;
  worker = startWorker(
    { db, api: current.api, siteUrl: c.siteUrl, dataDir: c.dataDir, channelId: c.telegram?.channelId },
    { now: requestClock },
  );
}

export async function stopTelegramWorker(): Promise<void> {
  const current = worker;
  worker = undefined;
  await current?.stop();
}

/** A listing was just verified: its alerts and channel post are queued for the worker. */
export async function telegramListingVerified(db: Database, listingId: number, now: Date): Promise<void> {
  if (!config().telegram) return;
  await queueListingVerified(db, listingId, now);
  worker?.kick();
}
