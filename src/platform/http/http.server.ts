/**
 * The route toolkit: the chores every API route and form-handling page shares, done once. A route
 * reads as guard, parse, call, answer:
 *
 *   export const POST = api('refunds', async (context) => {
 *     const user = requireUser(context, 'Sign in to ask for a refund.');
 *     const input = await readBody(context, refundSchema);
 *     return answer(await requestRefund(context.locals.db, user, input.orderId), { status: 201 });
 *   });
 *
 * Guards and readers throw a {@link Refusal} carrying the answer (401/403/404 JSON for the API, a
 * redirect to sign-in for a page, 400 `{error, fields}` for bad input); `api()` and the
 * middleware turn it into the response. Authorise before reading a body, so someone else's
 * listing is a 403 whatever was sent.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '#platform/db/db.server.ts';
import { allowWrite, clientAddressOf, slowDown, type LimitName } from './rate-limit.server.ts';
import { RETRY_AFTER_SECONDS } from './safe.server.ts';
import { readId } from './input-guards.ts';
import { fail, parseWith, type Failure, type FieldErrors, type Result } from './result.ts';
import { safePath } from './safe-path.ts';
import { m } from '#paraglide/messages.js';
import { logger } from '#platform/log/log.server.ts';

const log = logger('api');

/**
 * The signed-in user as the middleware put it in `locals.user` (accounts reads it from the session):
 * the toolkit only passes it on, so it needs no import of accounts.
 */
type SessionUser = NonNullable<App.Locals['user']>;

/** What a guard or reader needs of a request: an API route's context or a page's `Astro`. */
export type RequestContext = Pick<APIContext, 'request' | 'url' | 'locals' | 'params' | 'clientAddress'>;

/** A request refused before its work: thrown by guards and readers, answered by `api()` or the middleware. */
export class Refusal extends Error {
  constructor(readonly response: Response) {
    super(`refused with ${response.status}`);
  }
}

const isApi = (url: URL) => url.pathname.startsWith('/api/');

/** `{ error, fields? }` with the right status; never a stack trace, never cached. */
export function jsonError(status: number, error: string, fields?: FieldErrors): Response {
  return Response.json(fields && Object.keys(fields).length > 0 ? { error, fields } : { error }, {
    status,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export function jsonOk(body: unknown, init: { status?: number; cache?: string } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { 'Cache-Control': init.cache ?? 'no-store' } });
}

/** The JSON answer of a failure: its status, `{error, fields?}`. */
export const failureResponse = (failure: Failure): Response => jsonError(failure.status, failure.error, failure.fields);

/** Stops the request with a failure's JSON answer. */
export function refuse(failure: Failure): never {
  throw new Refusal(failureResponse(failure));
}

/** Where signing in returns to: this page (a path of this site only; its slashes stay readable). */
export function signInPath(url: URL): string {
  return `/login?next=${encodeURIComponent(safePath(`${url.pathname}${url.search}`)).replaceAll('%2F', '/')}`;
}

/** The 303 to sign in and back to `url`. */
export function signInRedirect(url: URL): Response {
  return new Response(null, { status: 303, headers: { Location: signInPath(url), 'Cache-Control': 'no-store' } });
}

/**
 * The signed-in user. Signed out: a 401 `{error: message}` for the API, a redirect to sign-in
 * (and back here) for a page.
 */
export function requireUser(context: RequestContext, message = 'Please sign in.'): SessionUser {
  const user = context.locals.user;
  if (user) return user;
  if (isApi(context.url)) refuse(fail(401, message));
  throw new Refusal(signInRedirect(context.url));
}

/** The signed-in admin: as {@link requireUser}, then 403 for anyone else. */
export function requireAdmin(context: RequestContext, message = 'Only admins can do this.'): SessionUser {
  const user = requireUser(context);
  if (!user.isAdmin) refuse(fail(403, message));
  return user;
}

/** A path parameter that is an id: 400 when it is a number too large for one, else 404 `notFound`. */
export function pathId(context: Pick<RequestContext, 'params'>, notFound: string, name = 'id'): number {
  const read = readId(context.params[name], notFound);
  return read.ok ? read.value : refuse(read);
}

/** Applies a write's rate limit: stops the request with a 429 (and `Retry-After`) when over it. */
export async function limitWrites(context: RequestContext, name: LimitName): Promise<void> {
  const result = await allowWrite(context.locals.db, name, { userId: context.locals.user?.id, address: clientAddressOf(context) });
  if (result.allowed) return;
  const response = jsonError(429, slowDown());
  response.headers.set('Retry-After', String(result.retryAfter));
  throw new Refusal(response);
}

/** True when the request came from a plain HTML form (no script): such posts are answered with a redirect. */
export function isFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/**
 * A form as a plain object: one value per field, an array where a field repeats. Files stay
 * `File`s; text loses nothing (trimming is the schema's job).
 */
export function formValues(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const values: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key);
    values[key] = all.length === 1 ? all[0]! : all;
  }
  return values;
}

/** The request's form data; a 400 when the body is not a form. */
export async function readFormData(request: Request): Promise<Result<FormData>> {
  try {
    return { ok: true, value: await request.formData() };
  } catch {
    return fail(400, 'The request body must be form data.');
  }
}

/** The body, JSON or a form, as a plain value: a 400 when it is neither. */
export async function readBodyValues(request: Request): Promise<Result<unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) {
    try {
      return { ok: true, value: await request.json() };
    } catch {
      return fail(400, 'The request body must be valid JSON.');
    }
  }
  if (isFormPost(request)) {
    const form = await readFormData(request);
    return form.ok ? { ok: true, value: formValues(form.value) } : form;
  }
  return fail(400, 'The request body must be JSON or form data.');
}

/** The body through `schema`, as a result (for pages, which show a failure as a notice). */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<Result<z.output<S>>> {
  const values = await readBodyValues(request);
  return values.ok ? parseWith(schema, values.value) : values;
}

/** The body through `schema`: its data, or the request stops with a 400 `{error, fields}`. */
export async function readBody<S extends z.ZodType>(context: Pick<RequestContext, 'request'>, schema: S): Promise<z.output<S>> {
  const parsed = await parseBody(context.request, schema);
  return parsed.ok ? parsed.value : refuse(parsed);
}

/** The query string through `schema`: its data, or a 400 `{error, fields}`. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const parsed = parseWith(schema, Object.fromEntries(url.searchParams));
  return parsed.ok ? parsed.value : refuse(parsed);
}

/**
 * One page of a list as JSON: `X-Has-More`, and a `Link: rel=next` to the same URL with the next
 * `page` when there is more.
 */
export function pagedJson(body: unknown, url: URL, page: { page: number; hasMore: boolean }, init: { cache?: string } = {}): Response {
  const response = jsonOk(body, init);
  response.headers.set('X-Has-More', String(page.hasMore));
  if (page.hasMore) {
    const next = new URL(url);
    next.searchParams.set('page', String(page.page + 1));
    response.headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return response;
}

/** A service's result as JSON: the value (or `body(value)`) with `status`, or the failure's `{error, fields}`. */
export function answer<T>(result: Result<T>, init: { status?: number; cache?: string; body?: (value: T) => unknown } = {}): Response {
  if (!result.ok) return failureResponse(result);
  if (init.status === 204) return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  return jsonOk(init.body ? init.body(result.value) : result.value, init);
}

/**
 * An API route with the chores done: a {@link Refusal} becomes its response, and any other failure
 * is logged and answered 503 `{error: unavailable}` (with `Retry-After` when the database went
 * away), never a 500 or a stack trace.
 */
export function api(
  label: string,
  handler: (context: APIContext) => Promise<Response>,
  unavailable: string | (() => string) = m.pages_unavailable,
): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (error instanceof Refusal) return error.response;
      const databaseDown = isDatabaseUnavailable(error);
      if (databaseDown) log.error({ dependency: 'database' }, `[api/${label}] ${(error as Error).message}`);
      else log.error({ err: error }, `[api/${label}] failed`);
      const response = jsonError(503, typeof unavailable === 'function' ? unavailable() : unavailable);
      if (databaseDown) response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
      return response;
    }
  };
}

type FormPage = Pick<RequestContext, 'request'> & { response: { status?: number } };

/**
 * A page's form post: null when the request is not a POST; otherwise the body through `schema`
 * and, when it is valid, `run`'s result. A failure sets the page's status (400, 403, 404, …) so
 * the page renders its notice with it. With `schema` null the body is `run`'s to read, or to
 * ignore: a post whose only meaning is that it was sent (a mail program's one-click) or a form
 * that reads its own body (under a size cap, a non-form as an empty form).
 */
export async function formAction<T>(page: FormPage, schema: null, run: () => Promise<Result<T>>): Promise<Result<T> | null>;
export async function formAction<S extends z.ZodType, T>(
  page: FormPage,
  schema: S,
  run: (input: z.output<S>) => Promise<Result<T>>,
): Promise<Result<T> | null>;
export async function formAction<S extends z.ZodType, T>(
  page: FormPage,
  schema: S | null,
  run: (input?: z.output<S>) => Promise<Result<T>>,
): Promise<Result<T> | null> {
  if (page.request.method !== 'POST') return null;
  const input = schema ? await parseBody(page.request, schema) : { ok: true as const, value: undefined };
  const result = input.ok ? await run(input.value) : input;
  if (!result.ok) page.response.status = result.status;
  return result;
}
