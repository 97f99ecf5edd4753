import { fail, type Result } from './result.ts';
import { safePath } from './safe-path.ts';
import { isDatabaseUnavailable } from '#platform/db/db.server.ts';
import { m } from '#paraglide/messages.js';
import { logger } from '#platform/log/log.server.ts';

const log = logger('app');

/**
 * Runs a read for a page; on failure logs it and returns null, so the page shows the list's
 * error text (and a 503) instead of a raw error.
 */
export async function readOrNull<T>(label: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    log.error({ err: error }, `[${label}] failed`);
    return null;
  }
}

/**
 * Runs a page's write; when it throws, logs it and fails with a 503 `unavailable` the page shows
 * as its notice. A database that went away is left to the middleware, which answers every route alike.
 */
export async function writeOrFail<T>(label: string, unavailable: string, write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await write();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error({ err: error }, `[${label}] failed`);
    return fail(503, unavailable);
  }
}

/** A read that either gave its value or failed (logged): lets a page tell "missing" from "could not read". */
export type ReadOutcome<T> = { ok: true; value: T } | { ok: false };

export async function readOutcome<T>(label: string, read: () => Promise<T>): Promise<ReadOutcome<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    log.error({ err: error }, `[${label}] failed`);
    return { ok: false };
  }
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

const NOT_AVAILABLE = {
  starting: { title: m.pages_starting_title, text: m.pages_starting_text },
  down: { title: m.pages_down_title, text: m.pages_unavailable },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The 503 for a request that cannot be served because the database is starting or unreachable:
 * `{error}` for the API, otherwise a small page that reloads itself. Never cached.
 */
export function notAvailable(reason: keyof typeof NOT_AVAILABLE, url: URL): Response {
  // The page's language from its address: this answer may come before the request's language is set.
  const locale = url.pathname === '/am' || url.pathname.startsWith('/am/') ? 'am' : 'en';
  const title = NOT_AVAILABLE[reason].title({}, { locale });
  const text = NOT_AVAILABLE[reason].text({}, { locale });
  const headers = {
    'Cache-Control': 'no-store',
    'Retry-After': String(RETRY_AFTER_SECONDS),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  };
  if (url.pathname.startsWith('/api/') || url.pathname === '/healthz' || url.pathname === '/readyz') {
    return Response.json({ error: text }, { status: 503, headers });
  }
  const again = escapeHtml(safePath(`${url.pathname}${url.search}`));
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;display:grid;place-items:center;min-height:100vh;text-align:center}main{padding:2rem 1.25rem;max-width:28rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#57534e}a{display:inline-block;margin-top:1rem;padding:.5rem 1.25rem;border-radius:999px;background:#047857;color:#fff;font-weight:600;text-decoration:none}</style>
</head><body><main><h1>${title}</h1><p>${text}</p><a href="${again}">${m.pages_try_again({}, { locale })}</a></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}
