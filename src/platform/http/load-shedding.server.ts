/**
 * Load shedding in front of Astro (scripts/start.mjs): at most `maxActive` requests are rendered at
 * once; a few more wait their turn in a short queue (at most `maxQueued`, each at most `maxWaitMs`),
 * and beyond that a request is answered at once with 503, `Retry-After` and a small page in the
 * address's language, instead of joining a queue that would make every visitor wait for seconds.
 * Each render holds memory until it is sent (its queries' rows, its HTML, its compression), so the
 * bound on renders is also the bound on what a burst of traffic can add to the process's memory
 * (deploy/README.md, "Memory and sizing").
 *
 * Never counted nor shed: cached pages (answered before this, in start.mjs), the health checks,
 * the build's files and media (a cached page must keep its CSS and images), and uploads (a
 * resumable upload's parts and a listing's files: refusing them would waste what the visitor has
 * already sent, and they are few).
 *
 * Used by scripts/start.mjs (plain Node with type stripping): only erasable TypeScript here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pages_busy_text } from '#paraglide/messages/pages_busy_text.js';
import { pages_busy_title } from '#paraglide/messages/pages_busy_title.js';
import { pages_try_again } from '#paraglide/messages/pages_try_again.js';
import { bodyCapFor, MAX_REQUEST_BYTES } from './body-limit.server.ts';
import { safePath } from './safe-path.ts';

export interface LoadSheddingOptions {
  /** Requests rendered at once (0: no limit, nothing is shed). */
  maxActive: number;
  /** Requests that may wait for a render beyond those. */
  maxQueued: number;
  /** Longest a request waits in the queue before it is shed. */
  maxWaitMs: number;
  /** What `Retry-After` says, in seconds. */
  retryAfterSeconds: number;
}

/** The queue and its wait that go with a render limit (the limit itself is configured: MAX_CONCURRENT_RENDERS). */
export const QUEUE_PER_RENDER = 2;
export const MAX_WAIT_MS = 1000;
export const RETRY_AFTER_SECONDS = 5;

export function loadSheddingOptions(maxActive: number): LoadSheddingOptions {
  return { maxActive, maxQueued: maxActive * QUEUE_PER_RENDER, maxWaitMs: MAX_WAIT_MS, retryAfterSeconds: RETRY_AFTER_SECONDS };
}

type Next = () => void;

interface Waiting {
  res: ServerResponse;
  run: () => void;
  timer: ReturnType<typeof setTimeout>;
  gone: () => void;
}

const HEALTH = /^\/(healthz|readyz)\/?$/;
const FILES = /^\/(_astro|media)\//;
const STATIC_FILE = /\.(css|js|mjs|map|png|jpe?g|webp|avif|gif|svg|ico|woff2?|ttf|webmanifest|mp4|webm)$/i;
const RESUMABLE_UPLOAD = /^\/api\/uploads(\/|$)/;

/** True for what is never counted nor shed (see the module's comment). */
export function isExempt(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  if (HEALTH.test(pathname) || FILES.test(pathname) || STATIC_FILE.test(pathname) || RESUMABLE_UPLOAD.test(pathname)) return true;
  return bodyCapFor(req.method ?? 'GET', url, req.headers['content-type']) === MAX_REQUEST_BYTES;
}

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The 503: `{error}` for the API, otherwise a small page in the address's language (English or Amharic). */
export function shed(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void {
  if (res.headersSent) return;
  const url = req.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  const locale = pathname === '/am' || pathname.startsWith('/am/') ? 'am' : 'en';
  const title = pages_busy_title({}, { locale });
  const text = pages_busy_text({}, { locale });
  const api = pathname.startsWith('/api/');
  const again = escapeHtml(safePath(url));
  const body = api
    ? JSON.stringify({ error: text })
    : `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;display:grid;place-items:center;min-height:100vh;text-align:center}main{padding:2rem 1.25rem;max-width:28rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#57534e}a{display:inline-block;margin-top:1rem;padding:.5rem 1.25rem;border-radius:999px;background:#047857;color:#fff;font-weight:600;text-decoration:none}</style>
</head><body><main><h1>${title}</h1><p>${text}</p><a href="${again}">${pages_try_again({}, { locale })}</a></main></body></html>`;
  res.writeHead(503, {
    'Content-Type': api ? 'application/json' : 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': String(retryAfterSeconds),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export interface LoadShedder {
  /** Runs `next` now, once a render ends (queued), or answers 503. */
  handle(req: IncomingMessage, res: ServerResponse, next: Next): void;
  /** Renders under way and requests waiting (for tests and logs). */
  readonly active: number;
  readonly queued: number;
}

export function createLoadShedder(options: LoadSheddingOptions): LoadShedder {
  let active = 0;
  const queue: Waiting[] = [];

  function release(): void {
    active--;
    const waiting = queue.shift();
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.res.off('close', waiting.gone);
    waiting.run();
  }

  function start(res: ServerResponse, next: Next): void {
    active++;
    res.once('close', release);
    next();
  }

  return {
    get active() {
      return active;
    },
    get queued() {
      return queue.length;
    },
    handle(req, res, next) {
      if (options.maxActive <= 0 || isExempt(req)) return next();
      if (active < options.maxActive) return start(res, next);
      if (queue.length >= options.maxQueued) return shed(req, res, options.retryAfterSeconds);
      const waiting: Waiting = {
        res,
        run: () => start(res, next),
        timer: setTimeout(() => {
          remove();
          shed(req, res, options.retryAfterSeconds);
        }, options.maxWaitMs),
        // The visitor left while waiting: its place goes to the next one.
        gone: () => {
          clearTimeout(waiting.timer);
          remove();
        },
      };
      const remove = () => {
        const at = queue.indexOf(waiting);
        if (at >= 0) queue.splice(at, 1);
        res.off('close', waiting.gone);
      };
      res.once('close', waiting.gone);
      queue.push(waiting);
    },
  };
}
