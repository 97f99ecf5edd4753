/**
 * Rendered HTML (and sitemap XML) of public pages for visitors who are not signed in, kept for a
 * few seconds and served before Astro's pipeline runs (front-cache.server.ts).
 *
 * Measured (BENCHMARKS.md): rendering a list page costs several times what serving the same bytes
 * from a file costs, and every visitor who is not signed in gets the same bytes for the same URL.
 *
 * Correctness:
 * - only GET requests without a signed-in user, and only 200 text/html or application/xml
 *   responses that set no cookie and are not marked private or no-store; the key is the path and
 *   the query without tracking parameters (and lite mode). A page that read a cookie while
 *   rendering is marked private (page-cookies.server.ts): its body is not the URL's alone;
 * - each page is stored with the tags of what it shows (page-dependencies.server.ts: the tables it
 *   read, the listings, categories and lists it shows). A request that may write (any method but
 *   GET and HEAD) records the tags of what it wrote, and when its answer says it changed data
 *   ({@link changedData}) the pages with any of those tags are dropped, and nothing else (decision
 *   30). A write that fails empties everything (nobody knows what it did). A page whose rendering
 *   started before a change of one of its tags is not stored, so this process never serves a page
 *   older than its own last write. Refused writes (a 404, 401, 429, a form sent back with an
 *   error) leave the cache alone;
 * - with PostgreSQL and several app processes, the tags of each write reach every process through
 *   NOTIFY (page-cache-sync.server.ts);
 * - pages depend on the clock (discount windows, "N days left"): an entry expires after `ttlMs`
 *   (default 30 s, the API's max-age too), or sooner when its render said when its text changes;
 * - memory is bounded: least recently used entries go first beyond `maxBytes`.
 */
import { createHash } from 'node:crypto';
import { EVERY_PAGE, recordingWrite } from './page-dependencies.server.ts';
import {
  compressBest,
  compressQuickly,
  compressQuicklyInPool,
  decompress,
  UpgradeQueue,
  type PageEncoding,
} from './page-compression.server.ts';

/** A page's bytes in one encoding, and whether they are the smallest we make. */
interface Encoded {
  bytes: Buffer;
  best: boolean;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /**
   * The page's bytes, until it is stored with a compressed copy: the cache then keeps only the
   * compressed bytes (a sixth of the memory, so six times the pages) and makes these again from
   * them when asked ({@link PageCache.plainBody}: a client that accepts no compression, a new encoding).
   */
  body: Buffer | null;
  /** The same bytes compressed, per encoding, made when first asked for. */
  encoded: Partial<Record<PageEncoding, Encoded>>;
  /** A validator of the bytes (weak: the same for every encoding of them). */
  etag: string;
  /** The listing whose detail page this is: each hit counts a view. */
  viewOf: number | null;
  /** What the page shows (page-dependencies.server.ts); none: it depends on nothing a write changes. */
  tags: ReadonlySet<string>;
  /** In how many ms (from its render) the page's text changes by itself, if sooner than the cache's lifetime. */
  changesIn: number;
  /** The route pattern that rendered it (`/listings/[id]`), for the log and metrics of its hits. */
  route?: string;
}

interface Entry extends CachedPage {
  key: string;
  storedAt: number;
  expiresAt: number;
  bytes: number;
  /** Times served from the cache: the second asks for the best compression. */
  served: number;
}

/** When a render started, for {@link PageCache.set}: what changed since is known. */
export interface RenderStamp {
  readonly generation: number;
  readonly change: number;
}

/**
 * A page ready to be stored, with its ETag, and compressed once for the encoding its own visitor
 * asked for (page-compression.server.ts: about a millisecond); other encodings are made when asked.
 */
export async function preparePage(
  status: number,
  headers: [string, string][],
  html: string | Buffer,
  viewOf: number | null = null,
  options: { encoding?: PageEncoding | null; tags?: ReadonlySet<string>; changesIn?: number } = {},
): Promise<CachedPage> {
  const body = typeof html === 'string' ? Buffer.from(html) : html;
  const encoded: CachedPage['encoded'] = {};
  if (options.encoding) encoded[options.encoding] = { bytes: await compressQuicklyInPool(body, options.encoding), best: false };
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { status, headers, body, encoded, etag, viewOf, tags: options.tags ?? new Set(), changesIn: options.changesIn ?? Infinity };
}

/** Beyond this many remembered tag changes, the cache is emptied instead (it only ever costs hits). */
const CHANGES_LIMIT = 10_000;

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation = 0;
  /** A counter of tag changes, and the last change of each tag. */
  #change = 0;
  readonly #changed = new Map<string, number>();
  readonly #upgrades: UpgradeQueue;

  constructor(
    readonly ttlMs: number,
    readonly maxBytes = 32 * 1024 * 1024,
    readonly clock: () => number = Date.now,
    /** Whether the process is too busy for background recompression now (page-compression.server.ts). */
    busy?: () => boolean,
  ) {
    this.#upgrades = new UpgradeQueue(64, busy);
  }

  /** Set while this process cannot hear other processes' writes (page-cache-sync.server.ts): nothing is kept or served. */
  paused = false;

  get enabled(): boolean {
    return this.ttlMs > 0 && !this.paused;
  }

  /** Taken when a render starts: a page is not stored if what it shows changed since. */
  get generation(): RenderStamp {
    return { generation: this.#generation, change: this.#change };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The keys of the pages kept, least recently used first. */
  keys(): IterableIterator<string> {
    return this.#entries.keys();
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Pages waiting to be recompressed at the best quality. */
  get upgradesPending(): number {
    return this.#upgrades.pending;
  }

  get(key: string): CachedPage | undefined {
    if (this.paused) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.clock() >= entry.expiresAt) {
      this.#remove(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Drops the page kept under `key`, if any. */
  forget(key: string): void {
    const entry = this.#entries.get(key);
    if (entry) this.#remove(key, entry);
  }

  /** The stored page's own bytes: held until it has a compressed copy, then made again from one. */
  plainBody(page: CachedPage): Buffer {
    if (page.body) return page.body;
    const encoding: PageEncoding = page.encoded.br ? 'br' : 'gzip';
    return decompress(page.encoded[encoding]!.bytes, encoding);
  }

  /**
   * The stored page's bytes in `encoding`: compressed quickly the first time it is asked for;
   * from its second serving on, recompressed at the best quality in the background.
   */
  encodedBody(page: CachedPage, encoding: PageEncoding): Buffer {
    let encoded = page.encoded[encoding];
    if (!encoded) {
      encoded = { bytes: compressQuickly(this.plainBody(page), encoding), best: false };
      page.encoded[encoding] = encoded;
      this.#resized(page);
    }
    const entry = page as Partial<Entry>;
    entry.served = (entry.served ?? 0) + 1;
    if (!encoded.best && entry.served >= 2) {
      encoded.best = true; // asked once
      this.#upgrades.add(async () => {
        const bytes = await compressBest(this.plainBody(page), encoding);
        if (bytes.length < page.encoded[encoding]!.bytes.length) page.encoded[encoding] = { bytes, best: true };
        this.#resized(page);
      });
    }
    return encoded.bytes;
  }

  /** Stores a page whose render started at `stamp`, unless the cache was emptied or one of its tags changed since. */
  set(key: string, page: CachedPage, stamp: RenderStamp): boolean {
    if (!this.enabled || stamp.generation !== this.#generation) return false;
    for (const tag of page.tags) if ((this.#changed.get(tag) ?? -1) > stamp.change) return false;
    if (sizeOf(page) > this.maxBytes / 4) return false;
    const existing = this.#entries.get(key);
    if (existing) this.#remove(key, existing);
    const storedAt = this.clock();
    // With a compressed copy, the page's own bytes are not kept (plainBody makes them again).
    const body = page.encoded.br || page.encoded.gzip ? null : page.body;
    const entry: Entry = { ...page, body, key, storedAt, expiresAt: storedAt + Math.min(this.ttlMs, page.changesIn), bytes: 0, served: 0 };
    entry.bytes = sizeOf(entry);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    this.#evict();
    return true;
  }

  /** Told when a write of this process changed data, with its tags (other processes drop theirs). */
  onWrite: ((tags: readonly string[]) => void) | undefined;

  /** Empties the cache. */
  clear(): void {
    this.#entries.clear();
    this.#changed.clear();
    this.#bytes = 0;
    this.#generation++;
  }

  /** Drops the pages that show any of `tags` ({@link EVERY_PAGE}: all of them). */
  invalidate(tags: Iterable<string>): void {
    const changed = [...tags];
    if (changed.length === 0) return;
    if (changed.includes(EVERY_PAGE) || this.#changed.size + changed.length > CHANGES_LIMIT) return this.clear();
    this.#change++;
    for (const tag of changed) this.#changed.set(tag, this.#change);
    for (const [key, entry] of this.#entries) if (changed.some((tag) => entry.tags.has(tag))) this.#remove(key, entry);
  }

  /**
   * Runs a request that may write, recording the tags of what it writes; when `changed` says its
   * result changed data, the pages with those tags are dropped here and in other processes. One
   * that threw empties everything: nobody knows what it did.
   */
  async write<T>(run: () => Promise<T>, changed: (result: T) => boolean = () => true): Promise<T> {
    const tags = new Set<string>();
    let result: T;
    try {
      result = await recordingWrite(run, tags);
    } catch (error) {
      this.#written([EVERY_PAGE]);
      throw error;
    }
    if (changed(result)) this.#written([...tags]);
    return result;
  }

  /** Applies the tags of a write made outside a request (a job, the bot), and tells other processes. */
  changed(tags: readonly string[]): void {
    this.#written(tags);
  }

  #written(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.invalidate(tags);
    this.onWrite?.(tags);
  }

  #resized(page: CachedPage): void {
    const entry = page as Partial<Entry>;
    // Only an entry still stored counts.
    if (entry.key === undefined || this.#entries.get(entry.key) !== entry) return;
    const bytes = sizeOf(page);
    this.#bytes += bytes - entry.bytes!;
    entry.bytes = bytes;
    this.#evict();
  }

  #evict(): void {
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest, entry);
    }
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

function sizeOf(page: CachedPage): number {
  return (page.body?.length ?? 0) + (page.encoded.br?.bytes.length ?? 0) + (page.encoded.gzip?.bytes.length ?? 0) + 512;
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
