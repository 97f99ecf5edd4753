/**
 * What the process knows of the request being served, for its log lines and metrics: its id, and
 * what the app learns on the way (the route pattern, the signed-in account, a page-cache hit).
 * scripts/start.mjs opens one per request (`inRequest`) before the front cache and Astro run; the
 * store is shared through `globalThis` because start.mjs and the built bundle each load this module.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestInfo {
  /** The request id: the client's `X-Request-Id` when it is a sane token, else a new one. */
  id: string;
  /** The route pattern that answered (`/listings/[id]`), as Astro or the page cache names it. */
  route?: string;
  /** The signed-in account, once the middleware read it. */
  userId?: string | number;
  /** `hit` when the page came from the page cache; `filled` from the copy signed-in visitors share (keep-signed-in-pages). */
  cache?: 'hit' | 'filled';
}

const KEY = Symbol.for('sefer.requestContext');
const shared = globalThis as { [KEY]?: AsyncLocalStorage<RequestInfo> };
const store = (shared[KEY] ??= new AsyncLocalStorage<RequestInfo>());

/** Runs `work` (and everything it starts) as part of the request `info`. */
export function inRequest<T>(info: RequestInfo, work: () => T): T {
  return store.run(info, work);
}

/** The request being served here, if any. */
export function currentRequest(): RequestInfo | undefined {
  return store.getStore();
}

/** A client's request id is kept when it is 1 to 128 letters, digits, `.`, `_`, `:` or `-` (nothing a log or a header could be fooled by). */
const SANE_ID = /^[\w.:-]{1,128}$/;

/** The id of a request: the one its client (or the proxy) sent, when sane, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_ID.test(header) ? header : randomUUID();
}
