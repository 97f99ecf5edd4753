/** Shared handling of community writes for the JSON API and plain form posts. */
import type { APIContext } from 'astro';
import { safePath } from '#lib/safe-path.ts';
import { jsonError } from './http.server.ts';
import { allowWrite, clientAddressOf, SLOW_DOWN, type LimitName } from './rate-limit.server.ts';

/** True when the request came from a plain HTML form (no script): answer with a redirect. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/** Where a form post returns to: the page it came from (a path of this site only), with a notice flag. */
export function backTo(context: Pick<APIContext, 'request' | 'url'>, flag: Record<string, string>, fallback = '/', hash = ''): Response {
  const target = new URL(fallback, context.url);
  const referer = refererPath(context);
  if (referer) {
    const r = new URL(referer, context.url);
    target.pathname = r.pathname;
    target.search = r.search;
  }
  for (const key of ['request', 'like', 'comment']) target.searchParams.delete(key);
  for (const [k, v] of Object.entries(flag)) target.searchParams.set(k, v);
  return new Response(null, {
    status: 303,
    headers: { Location: `${target.pathname}${target.search}${hash}`, 'Cache-Control': 'no-store' },
  });
}

/**
 * The Referer's path when it is a page of this site. A same-origin Referer can still carry a path
 * like `//evil.example/`, which a Location header would read as another host.
 */
function refererPath(context: Pick<APIContext, 'request' | 'url'>): string | null {
  const referer = context.request.headers.get('referer');
  if (!referer) return null;
  try {
    const r = new URL(referer);
    if (r.origin !== context.url.origin) return null;
    const path = `${r.pathname}${r.search}`;
    return safePath(path, '') || null;
  } catch {
    return null;
  }
}

/** Applies a write's rate limit; a 429 response when over it. */
export async function limitOr429(context: APIContext, name: LimitName): Promise<Response | null> {
  const result = await allowWrite(context.locals.db, name, { userId: context.locals.user?.id, address: clientAddressOf(context) });
  if (result.allowed) return null;
  const response = jsonError(429, SLOW_DOWN);
  response.headers.set('Retry-After', String(result.retryAfter));
  return response;
}
