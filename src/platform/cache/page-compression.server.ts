/**
 * Compressing pages: once, quickly, on the request that rendered them; better in the background
 * once a page proves popular (issue 31).
 *
 * Measured on a 54 KB category page (2 cores, Node 24): brotli quality 5 takes 1.5 ms and gives
 * 8.6 KB, quality 6 1.1 ms and 8.6 KB, quality 9 14 ms and 8.5 KB, quality 11 67 ms and 7.8 KB;
 * gzip 6 0.7 ms and 9.3 KB, gzip 9 0.8 ms and 9.3 KB. So a miss pays about a millisecond for the
 * one encoding its visitor asked for, and a page served again is upgraded to brotli 11 (9 % fewer
 * bytes for every later visitor) off the main thread, one page at a time, while the process has
 * time to spare: under the mixed workload the upgrades kept a second core 45 % busy and cost 15 %
 * of the requests a second (294 against 249 req/s without them, issue 31).
 */
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { logger } from '#platform/log/log.server.ts';

const log = logger('cache');

export type PageEncoding = 'br' | 'gzip';

/** Pages are far smaller than 256 KB: a smaller window allocates less per call. */
const BROTLI_WINDOW = 18;

function brotliOptions(body: Buffer, quality: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** About a millisecond for a page: brotli 6 or gzip 6, on the calling thread (no round trip to the pool). */
export function compressQuickly(body: Buffer, encoding: PageEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body, 6)) : zlib.gzipSync(body, { level: 6 });
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * The same, in the thread pool: the page that was just rendered is compressed on the other core
 * while the main thread (rendering, and PGlite's queries) goes on with the next request.
 */
export function compressQuicklyInPool(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body, 6)) : gzipAsync(body, { level: 6 });
}

/** A stored page's own bytes again, from one of its compressed copies (about 0.1 ms for a page). */
export function decompress(bytes: Buffer, encoding: PageEncoding): Buffer {
  return encoding === 'br' ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes);
}

/** The smallest bytes: brotli 11 or gzip 9, in the thread pool. */
export function compressBest(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body, 11)) : gzipAsync(body, { level: 9 });
}

/** Above this share of the last half second spent working, the main thread is busy serving. */
const BUSY_UTILIZATION = 0.5;
const SAMPLE_MS = 500;
let lastSample = performance.eventLoopUtilization();
let lastSampleAt = 0;
let lastBusy = false;

/**
 * Whether the main thread spent most of the last half second working (its event-loop utilization):
 * the process is serving traffic, and the cores are better spent on requests than on saving 9 % of
 * a page's bytes.
 */
export function mainThreadBusy(now = performance.now()): boolean {
  if (now - lastSampleAt >= SAMPLE_MS) {
    const current = performance.eventLoopUtilization();
    lastBusy = performance.eventLoopUtilization(current, lastSample).utilization > BUSY_UTILIZATION;
    lastSample = current;
    lastSampleAt = now;
  }
  return lastBusy;
}

/** How long a waiting upgrade waits before it asks again whether the process is busy. */
const BUSY_RETRY_MS = 1000;

/**
 * Runs upgrades one at a time, so a burst of popular pages never takes more than one thread of the
 * pool (file reads and the other compressions use it too), and only while `busy()` says no; beyond
 * `limit` waiting, new ones are dropped (the page is served quick-compressed and asked again next time).
 */
export class UpgradeQueue {
  #running = false;
  #retry: NodeJS.Timeout | undefined;
  readonly #waiting: (() => Promise<void>)[] = [];

  constructor(
    readonly limit = 64,
    readonly busy: () => boolean = mainThreadBusy,
  ) {}

  get pending(): number {
    return this.#waiting.length + (this.#running ? 1 : 0);
  }

  add(task: () => Promise<void>): boolean {
    if (this.#waiting.length >= this.limit) return false;
    this.#waiting.push(task);
    void this.#next();
    return true;
  }

  async #next(): Promise<void> {
    if (this.#running || this.#retry || this.#waiting.length === 0) return;
    if (this.busy()) {
      this.#retry = setTimeout(() => {
        this.#retry = undefined;
        void this.#next();
      }, BUSY_RETRY_MS).unref();
      return;
    }
    const task = this.#waiting.shift();
    if (!task) return;
    this.#running = true;
    try {
      await task();
    } catch (error) {
      log.error(`[cache] a page was not recompressed: ${(error as Error).message}`);
    } finally {
      this.#running = false;
      void this.#next();
    }
  }
}
