/**
 * Rendered HTML (and sitemap XML) of public pages for visitors who are not signed in, kept for a
 * few seconds, compressed once, and served before Astro's pipeline runs (front-cache.server.ts).
 *
 * Measured (BENCHMARKS.md): rendering a list page costs several times what serving the same bytes
 * from a file costs, and every visitor who is not signed in gets the same bytes for the same URL.
 * Compressing a 40 KB page for every visitor cost more than finding it in the cache, so each page
 * is stored with its brotli and gzip bytes and a validator.
 *
 * Correctness:
 * - only GET requests without a signed-in user, and only 200 text/html or application/xml
 *   responses that set no cookie and are not marked private or no-store; the key is the path and
 *   query (and lite mode). A page that read a cookie while rendering is marked private
 *   (page-cookies.server.ts): its body is not the URL's alone;
 * - a request that may write (any method but GET and HEAD) empties the cache when it is done and
 *   its answer says it changed data ({@link changedData}); a page rendered while such a request
 *   ran is not stored (a generation counter), so this process never serves a page older than its
 *   own last write. Refused writes (a 404, 401, 429, a form sent back with an error) leave the
 *   cache alone, so a trickle of cheap failing POSTs cannot keep it empty;
 * - with PostgreSQL and several app processes, a write empties every process's cache through
 *   NOTIFY (page-cache-sync.server.ts);
 * - pages depend on the clock (discount windows, "N days left"): entries expire after `ttlMs`
 *   (default 30 s, the API's max-age too);
 * - memory is bounded: least recently used entries go first beyond `maxBytes`.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The page's bytes, and the same bytes compressed once. */
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A validator of the bytes (weak: the same for every encoding of them). */
  etag: string;
  /** The listing whose detail page this is: each hit counts a view. */
  viewOf: number | null;
}

interface Entry extends CachedPage {
  storedAt: number;
  bytes: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page ready to be stored: compressed in the thread pool (brotli at quality 9 is within a few
 * per cent of 11 on these pages at a fraction of the time), with its ETag.
 */
export async function preparePage(
  status: number,
  headers: [string, string][],
  html: string,
  viewOf: number | null = null,
): Promise<CachedPage> {
  const body = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { status, headers, body, br, gzip: gz, etag, viewOf };
}

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation = 0;
  #writes = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxBytes = 32 * 1024 * 1024,
    readonly clock: () => number = Date.now,
  ) {}

  /** Set while this process cannot hear other processes' writes (page-cache-sync.server.ts): nothing is kept or served. */
  paused = false;

  get enabled(): boolean {
    return this.ttlMs > 0 && !this.paused;
  }

  /** Changes whenever the cache is emptied; a render that started in another generation is not stored. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): CachedPage | undefined {
    if (this.paused) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt >= this.ttlMs) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Stores a page rendered in `generation`, unless the cache was emptied since or a write is running. */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (!this.enabled || generation !== this.#generation || this.#writes > 0) return false;
    const bytes = page.body.length + page.br.length + page.gzip.length + 512;
    if (bytes > this.maxBytes / 4) return false;
    const existing = this.#entries.get(key);
    if (existing) this.#remove(key, existing);
    this.#entries.set(key, { ...page, storedAt: this.clock(), bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest, entry);
    }
    return true;
  }

  /** Told when a write of this process changed data, after the cache was emptied (other processes empty theirs). */
  onWrite: (() => void) | undefined;

  /** Empties the cache. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation++;
  }

  /**
   * Runs a request that may write: nothing rendered meanwhile is stored, and the cache is emptied
   * after it when `changed` says its result changed data (or when it threw: nobody knows).
   */
  async write<T>(run: () => Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> {
    this.#writes++;
    let result: T;
    try {
      result = await run();
    } catch (error) {
      this.#writes--;
      this.#written();
      throw error;
    }
    this.#writes--;
    if (changed(result)) this.#written();
    return result;
  }

  #written(): void {
    this.clear();
    this.onWrite?.();
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Flags with which a form post is sent back to its page after a failure (community.server.ts `backTo`). */
const FAILURE_FLAG = /[?&](request|like|comment)=(failed|blank|slow|signin|phone)(&|#|$)/;

/**
 * Whether the answer to a write says data changed: a 2xx, or a 303 that sends a form post on
 * after success. Errors (400, 401, 403, 404, 413, 422, 429, 5xx), other redirects, a redirect to
 * sign in and a form sent back with a failure flag change nothing.
 */
export function changedData(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status >= 200 && response.status < 300) return true;
  if (response.status !== 303) return false;
  const location = response.headers.get('Location') ?? '';
  return !/^\/login\b/.test(location) && !FAILURE_FLAG.test(location);
}

/** Whether a rendered page (HTML, or a sitemap's XML) may be shared with every visitor who is not signed in. */
export function isShareable(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!/^(text\/html|application\/xml)\b/.test(response.headers.get('Content-Type') ?? '')) return false;
  if (response.headers.has('Set-Cookie')) return false;
  return !/\b(private|no-store|no-cache)\b/i.test(response.headers.get('Cache-Control') ?? '');
}
