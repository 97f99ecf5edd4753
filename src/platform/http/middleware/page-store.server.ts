/** The process's cache of rendered pages, and what the page steps ask of a response. */
import { PageCache } from '#platform/cache/page-cache.server.ts';
import { syncPageCache } from '#platform/cache/page-cache-sync.server.ts';
import { config } from '#platform/config/config.server.ts';
import { onPagesChanged } from '#platform/cache/page-dependencies.server.ts';
import { gauge } from '#platform/metrics/metrics.server.ts';

let cache: PageCache | undefined;

/** The page cache (page-cache.server.ts), made on first use. */
export function pageCache(): PageCache {
  if (cache) return cache;
  // Kept until a write or the clock changes what a page shows, at most PAGE_KEEP_SECONDS; shared
  // caches, which hear of no change, get PAGE_CACHE_SECONDS (keep-public-pages.server.ts).
  const { pageCacheSeconds, pageKeepSeconds } = config();
  const pages = new PageCache(pageCacheSeconds > 0 ? pageKeepSeconds * 1000 : 0);
  cache = pages;
  gauge('sefer_page_cache_pages', {
    help: 'Pages kept in the page cache of this process',
    collect() {
      this.set(pages.size);
    },
  });
  gauge('sefer_page_cache_bytes', {
    help: 'Bytes the page cache of this process holds (each page and its compressed copies), at most 32 MB',
    collect() {
      this.set(pages.bytes);
    },
  });
  // Writes outside a request (jobs, the bot's handlers) drop the pages they name at once.
  onPagesChanged((tags) => pages.changed(tags));
  // With PostgreSQL, every process drops the pages of any process's write.
  syncPageCache(pages);
  return cache;
}

/**
 * Writes that change nothing a page shows: the bot's updates, "Continue with Telegram" presses and
 * the parts of resumable uploads (staged files no page shows until a listing takes them).
 */
export const writesNoPage = (pathname: string) =>
  /^(\/[a-z]{2})?\/telegram\/start$/.test(pathname) || /^\/api\/uploads(\/|$)/.test(pathname);

/** Whether the response is an HTML page. */
export const isPage = (response: Response) => response.headers.get('Content-Type')?.startsWith('text/html') ?? false;

/**
 * The HTML of a page response as the page-css step made it, encoded once: the step that keeps the
 * page compresses these bytes instead of decoding the body and encoding it again (issue 31: every
 * miss paid for both).
 */
export const pageHtml = new WeakMap<Response, Buffer>();

/** A page answered from the page cache: it was stored with every header the later steps set. */
export const isCachedPage = (response: Response) => response.headers.get('X-Page-Cache') === 'hit';
