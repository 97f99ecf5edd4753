/**
 * Rendered HTML (and sitemap XML) of public pages for visitors who are not signed in, kept for a
 * few seconds.
 *
 * Measured (BENCHMARKS.md): rendering a list page costs several times what serving the same bytes
 * from a file costs, and every visitor who is not signed in gets the same bytes for the same URL.
 *
 * Correctness:
 * - only GET requests without a signed-in user, and only 200 text/html or application/xml
 *   responses that set no cookie and are not marked private or no-store; the key is the URL;
 * - a request that may write (any method but GET and HEAD) empties the cache when it is done and
 *   its answer says it changed data ({@link changedData}); a page rendered while such a request
 *   ran is not stored (a generation counter), so this process never serves a page older than its
 *   own last write. Refused writes (a 404, 401, 429, a form sent back with an error) leave the
 *   cache alone, so a trickle of cheap failing POSTs cannot keep it empty;
 * - pages depend on the clock (discount windows, "N days left") and, with PostgreSQL and several
 *   app processes, on other processes' writes: entries expire after `ttlMs` (default 30 s, the
 *   API's max-age too);
 * - memory is bounded: least recently used entries go first beyond `maxBytes`.
 */

export interface CachedPage {
  body: string;
  status: number;
  headers: [string, string][];
}

interface Entry extends CachedPage {
  storedAt: number;
  bytes: number;
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

  get enabled(): boolean {
    return this.ttlMs > 0;
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
    const bytes = page.body.length * 2 + 512;
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
      this.clear();
      throw error;
    }
    this.#writes--;
    if (changed(result)) this.clear();
    return result;
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Flags with which a form post is sent back to its page after a failure (community.server.ts `backTo`). */
const FAILURE_FLAG = /[?&](request|like|comment)=(failed|blank|slow|signin)(&|#|$)/;

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
