/**
 * Gives memory back when the process is quiet (scripts/start.mjs; decision 30, "Seventh session").
 *
 * V8 collects its old generation only when it grows, and it keeps the pages it freed: a process
 * that has just opened its database, or has just rendered a burst of pages, sits on tens of MB of
 * garbage and freed pages for as long as nobody asks it for anything. Measured on an idle process
 * that had only started (1,000 listings): V8's heap held 97 MB of which 53 MB was alive; one
 * memory-reducing collection took the process from 229 to 158 MB on PostgreSQL and from 464 to
 * 390 MB on PGlite.
 *
 * So one such collection runs once the process is ready (before its first visitor), and again
 * whenever requests that reached the app (renders, forms, the API: not cached pages, health checks
 * or scrapes, which make little garbage and would keep it from ever being quiet) have been
 * followed by `quietMs` without any. It stops everything for its duration (100–200 ms here),
 * which is why it waits for a quiet moment and never runs under traffic: a busy process collects as
 * it always did.
 *
 * Used by scripts/start.mjs (plain Node with type stripping): only erasable TypeScript here.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A memory-reducing collection: every generation, weak references cleared, freed pages released. */
export type Collect = () => void;

export interface QuietCollectorOptions {
  /** How long without a request before collecting. */
  quietMs: number;
  /** How often quietness is checked. */
  checkEveryMs: number;
  collect: Collect;
  /** Told after each collection: the resident set before and after, and how long it took. */
  collected?: (report: { rssBeforeMb: number; rssAfterMb: number; ms: number; reason: string }) => void;
  now?: () => number;
  rss?: () => number;
}

/** How long without a request before a collection (each one 100–200 ms of CPU, once per quiet spell). */
export const QUIET_MS = 10_000;
export const CHECK_EVERY_MS = 2_000;

export interface QuietState {
  /** Requests seen when last checked. */
  seen: number;
  /** When the count last moved. */
  since: number;
  /** Requests came since the last collection. */
  dirty: boolean;
}

/** Whether to collect now, and the state to keep (pure: the policy, tested on its own). */
export function checkQuiet(state: QuietState, requests: number, now: number, quietMs: number): { state: QuietState; collect: boolean } {
  if (requests !== state.seen) return { state: { seen: requests, since: now, dirty: true }, collect: false };
  if (state.dirty && now - state.since >= quietMs) return { state: { ...state, dirty: false }, collect: true };
  return { state, collect: false };
}

export interface QuietCollector {
  /** Counts a request that reached the app (called for each, so it only adds one). */
  request(): void;
  /** Collects at once (the process is ready and has served nobody yet). */
  collectNow(reason: string): void;
  /** Starts watching for quiet spells (the timer never keeps the process alive). */
  start(): void;
  stop(): void;
}

const MB = 1024 * 1024;

export function createQuietCollector(options: QuietCollectorOptions): QuietCollector {
  const now = options.now ?? Date.now;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  let requests = 0;
  let state: QuietState = { seen: 0, since: now(), dirty: false };
  let timer: ReturnType<typeof setInterval> | undefined;

  const collectNow = (reason: string) => {
    const before = rss();
    const started = performance.now();
    options.collect();
    const ms = Math.round(performance.now() - started);
    options.collected?.({ rssBeforeMb: Math.round(before / MB), rssAfterMb: Math.round(rss() / MB), ms, reason });
  };

  return {
    request() {
      requests++;
    },
    collectNow,
    start() {
      timer ??= setInterval(() => {
        const next = checkQuiet(state, requests, now(), options.quietMs);
        state = next.state;
        if (next.collect) collectNow(`quiet for ${Math.round(options.quietMs / 1000)} s`);
      }, options.checkEveryMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * V8's own `gc()`, asked for a memory-reducing collection (what V8 does before it gives up on an
 * allocation: every generation, twice or more, and freed pages handed back to the system). It is
 * not exposed without `--expose-gc`; the flag set now exposes it in a new context only, so the
 * app's own global scope stays as it was.
 */
export function memoryReducingCollection(): Collect {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
