/** Shared handling of community writes for the JSON API and plain form posts. */
import type { APIContext, APIRoute } from 'astro';
import { safePath } from '#platform/http/safe-path.ts';
import { isFormPost } from '#platform/http/http.server.ts';
import { REQUEST_DRAFT } from './community.ts';

/**
 * A community endpoint that also takes plain HTML form posts (no script): `route` answers in JSON,
 * and a form post is sent back to its page by `back`, which reads that answer's status.
 */
export function formPostsBack(route: APIRoute, back: (context: APIContext, answer: Response) => Response | Promise<Response>): APIRoute {
  return async (context) => {
    const answer = await route(context);
    return isFormPost(context.request) ? back(context, answer) : answer;
  };
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
  for (const key of ['request', REQUEST_DRAFT, 'like', 'comment']) target.searchParams.delete(key);
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
