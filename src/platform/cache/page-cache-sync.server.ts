/**
 * Several app processes on one PostgreSQL: a write in one drops the pages it changed in every
 * process's page cache. The writing process sends `NOTIFY sefer_pages` with its tags (decision 30)
 * through its pool; each process holds one
 * connection that LISTENs (notifications arrive within milliseconds). While that connection is
 * down a process cannot hear other processes' writes, so it keeps no pages until it is back, and
 * empties its cache when it is (what it missed is unknown).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { config } from '#platform/config/config.server.ts';
import { readyDatabase } from '#platform/db/db.server.ts';
import type { PageCache } from './page-cache.server.ts';
import { EVERY_PAGE } from './page-dependencies.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('cache');

const CHANNEL = 'sefer_pages';
/** This process's name in its own notifications, which it ignores. */
const PROCESS = randomUUID();
const RECONNECT_MS = 1000;

let listener: { stop(): Promise<void> } | undefined;

/** With PostgreSQL, keeps `cache` in step with every other process's writes; with PGlite (one process) nothing to do. */
export function syncPageCache(cache: PageCache): void {
  const url = config().databaseUrl;
  if (!url || listener) return;
  cache.onWrite = (tags) => announce(tags);
  listener = listen(url, cache);
}

/** Stops listening (the server is stopping). */
export async function stopPageCacheSync(): Promise<void> {
  const current = listener;
  listener = undefined;
  await current?.stop();
}

/** NOTIFY's payload is at most 8,000 bytes: a longer list of tags becomes "every page". */
const PAYLOAD_LIMIT = 7000;

/** The notification of a write: the process that made it, then its tags (separated by spaces). */
export function notificationOf(process: string, tags: readonly string[]): string {
  const payload = `${process} ${tags.join(' ')}`;
  return payload.length > PAYLOAD_LIMIT ? `${process} ${EVERY_PAGE}` : payload;
}

/** A notification's process and tags (an older process's payload, its name only, means every page). */
export function parseNotification(payload: string): { process: string; tags: string[] } {
  const [process = '', ...tags] = payload.split(' ').filter(Boolean);
  return { process, tags: tags.length ? tags : [EVERY_PAGE] };
}

function announce(tags: readonly string[]): void {
  const db = readyDatabase();
  if (!db) return;
  db.execute(sql`select pg_notify(${CHANNEL}, ${notificationOf(PROCESS, tags)})`).catch((error: unknown) => {
    log.error(`[cache] other processes were not told of a write: ${(error as Error).message}`);
  });
}

function listen(url: string, cache: PageCache): { stop(): Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failing = false;
  cache.paused = true;

  const lost = (why: string) => {
    if (stopped || !client) return;
    log.error(`[cache] lost the notifications connection (${why}): pages are not kept until it is back`);
    const old = client;
    client = undefined;
    cache.paused = true;
    old.end().catch(() => undefined);
    retry = setTimeout(connect, RECONNECT_MS);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { process, tags } = parseNotification(message.payload);
      if (process !== PROCESS) cache.invalidate(tags);
    });
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('closed'));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      // Once per outage: a database that is down is retried every second.
      if (!failing) log.warn(`[cache] cannot listen for other processes' writes yet: ${(error as Error).message}`);
      failing = true;
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    failing = false;
    cache.clear();
    cache.paused = false;
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
