/** A fake request context and `next` for the middleware steps' unit tests. */
import type { APIContext, MiddlewareNext } from 'astro';

export interface FakeRequest {
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  locals?: Partial<App.Locals>;
}

/** A context as the steps see it: the request, its URL and fresh locals (English, not lite, a visitor). */
export function fakeContext({ url = 'http://localhost:4321/', method = 'GET', headers = {}, locals = {} }: FakeRequest = {}): APIContext {
  const parsed = new URL(url);
  return {
    url: parsed,
    request: new Request(parsed, { method, headers }),
    locals: { locale: 'en', lite: false, user: null, ...locals },
    params: {},
    clientAddress: '127.0.0.1',
  } as unknown as APIContext;
}

/** A `next` that answers `response` (made fresh on each call when a function) and records what it was called with. */
export function fakeNext(response: Response | (() => Response) = new Response('ok')): MiddlewareNext & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const next = async (...args: unknown[]) => {
    calls.push(args);
    return typeof response === 'function' ? response() : response;
  };
  return Object.assign(next, { calls }) as MiddlewareNext & { calls: unknown[][] };
}

/** An HTML page, as Astro answers one. */
export const htmlPage = (body = '<!doctype html><html><body><p>Hi</p></body></html>', headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });

/** A page answered from the page cache. */
export const cachedPage = (headers: Record<string, string> = {}) => htmlPage(undefined, { 'X-Page-Cache': 'hit', ...headers });

/** Runs a step to its response. */
export const run = async (step: (context: APIContext, next: MiddlewareNext) => unknown, context: APIContext, next: MiddlewareNext) =>
  (await step(context, next)) as Response;

/** A signed-in user, as accounts puts it in `locals.user` (only what the steps read). */
export const someUser = (isAdmin = false) => ({ id: 'u1', isAdmin }) as unknown as NonNullable<App.Locals['user']>;
