/** Shared handling of community writes for the JSON API and plain form posts. */
import type { APIContext } from 'astro';
import { jsonError } from './api.server.ts';
import { allowWrite, clientAddressOf, SLOW_DOWN, type LimitName } from './rate-limit.server.ts';

/** True when the request came from a plain HTML form (no script): answer with a redirect. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/** Where a form post returns to: the page it came from (same site only), with a notice flag. */
export function backTo(context: Pick<APIContext, 'request' | 'url'>, flag: Record<string, string>, fallback = '/', hash = ''): Response {
  let target = new URL(fallback, context.url);
  const referer = context.request.headers.get('referer');
  if (referer) {
    try {
      const r = new URL(referer);
      if (r.origin === context.url.origin) target = r;
    } catch {
      // keep the fallback
    }
  }
  for (const key of ['request', 'like', 'comment']) target.searchParams.delete(key);
  for (const [k, v] of Object.entries(flag)) target.searchParams.set(k, v);
  return new Response(null, { status: 303, headers: { Location: `${target.pathname}${target.search}${hash}`, 'Cache-Control': 'no-store' } });
}

/** Applies a write's rate limit; a 429 response when over it. */
export async function limitOr429(context: APIContext, name: LimitName): Promise<Response | null> {
  const result = await allowWrite(context.locals.db, name, { userId: context.locals.user?.id, address: clientAddressOf(context) });
  if (result.allowed) return null;
  const response = jsonError(429, SLOW_DOWN);
  response.headers.set('Retry-After', String(result.retryAfter));
  return response;
}
