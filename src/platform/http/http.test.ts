/**
 * The route toolkit (http.server.ts) on its own: readers and guards stop a request with the
 * right answer, `api()` turns what a handler throws into a response, `formAction` reads a page's post.
 */
import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { captureLog } from '#platform/log/log-capture.test-kit.server.ts';
import { z } from 'zod';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import {
  answer,
  api,
  formAction,
  formValues,
  pagedJson,
  pathId,
  readBody,
  readQuery,
  Refusal,
  refuse,
  requireAdmin,
  requireUser,
  type RequestContext,
} from './http.server.ts';
import { ID_TOO_LARGE } from './input-guards.ts';
import { fail, ok } from './result.ts';

const person: SessionUser = {
  id: 'u1',
  email: 'u1@test.invalid',
  name: 'Hana',
  firstName: 'Hana',
  lastName: null,
  image: null,
  isAdmin: false,
};

function contextOf(
  path: string,
  { user = null, init = {}, params = {} }: { user?: SessionUser | null; init?: RequestInit; params?: Record<string, string> } = {},
) {
  const url = new URL(path, 'http://localhost');
  return { request: new Request(url, init), url, params, locals: { user }, clientAddress: '10.0.0.1' } as unknown as RequestContext &
    APIContext;
}

/** What a guard or reader stopped the request with. */
function refusalOf(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error.response;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function refusalOfAsync(run: () => Promise<unknown>): Promise<Response> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof Refusal) return error.response;
  throw error ?? new Error('expected a refusal');
}

const post = (body: BodyInit, type?: string): RequestInit => ({ method: 'POST', body, headers: type ? { 'content-type': type } : {} });
const messageSchema = z.object({ message: z.string().trim().min(1, 'Please enter a message.'), tags: z.array(z.string()).optional() });

describe('formValues', () => {
  it('keeps one value per field, an array where a field repeats, and files as files', () => {
    const form = new FormData();
    form.set('name', '  Hana ');
    form.append('tag', 'a');
    form.append('tag', 'b');
    form.set('photo', new File(['png'], 'p.png', { type: 'image/png' }));
    const values = formValues(form);
    expect(values.name).toBe('  Hana ');
    expect(values.tag).toEqual(['a', 'b']);
    expect(values.photo).toBeInstanceOf(File);
    expect((values.photo as File).name).toBe('p.png');
  });
});

describe('readBody', () => {
  it('reads JSON and forms (urlencoded and multipart) through the schema', async () => {
    const json = contextOf('/api/x', { init: post(JSON.stringify({ message: ' hi ' }), 'application/json') });
    expect(await readBody(json, messageSchema)).toEqual({ message: 'hi' });
    const urlencoded = contextOf('/api/x', { init: post(new URLSearchParams({ message: 'hello' })) });
    expect(await readBody(urlencoded, messageSchema)).toEqual({ message: 'hello' });
    const form = new FormData();
    form.set('message', 'multi');
    form.append('tags', 'a');
    form.append('tags', 'b');
    expect(await readBody(contextOf('/api/x', { init: post(form) }), messageSchema)).toEqual({ message: 'multi', tags: ['a', 'b'] });
  });

  it('answers 400 {error, fields} when the body does not fit the schema', async () => {
    const response = await refusalOfAsync(() =>
      readBody(contextOf('/api/x', { init: post('{"message":"  "}', 'application/json') }), messageSchema),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Please enter a message.', fields: { message: ['Please enter a message.'] } });
  });

  it('answers 400 {error} for garbage JSON, a wrong content type and no body', async () => {
    for (const init of [
      post('{not json', 'application/json'),
      post('message=hi', 'text/plain'),
      post('{"message":"hi"}'),
      { method: 'POST' },
    ]) {
      const response = await refusalOfAsync(() => readBody(contextOf('/api/x', { init }), messageSchema));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body.error).toMatch(/^The request body must be/);
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});

describe('readQuery', () => {
  it('reads the query string through a schema, or answers 400 naming the field', async () => {
    const schema = z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1) });
    expect(readQuery(new URL('http://localhost/api/x?page=3'), schema)).toEqual({ page: 3 });
    const response = refusalOf(() => readQuery(new URL('http://localhost/api/x?page=0'), schema));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { page: ['page must be 1 or more'] } });
  });
});

describe('requireUser and requireAdmin', () => {
  it('give the signed-in user', () => {
    expect(requireUser(contextOf('/api/x', { user: person }))).toBe(person);
    expect(requireAdmin(contextOf('/api/x', { user: { ...person, isAdmin: true } })).isAdmin).toBe(true);
  });

  it('answer an API request 401 JSON with the message', async () => {
    const response = refusalOf(() => requireUser(contextOf('/api/wallet/?page=2'), 'Sign in to see your wallet.'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Sign in to see your wallet.' });
  });

  it('send a page to sign in, and back to it afterwards', () => {
    const response = refusalOf(() => requireUser(contextOf('/myposts?edit=7')));
    expect(response.status).toBe(303);
    // Slashes stay readable; the query is encoded so it stays part of `next`.
    expect(response.headers.get('Location')).toBe('/login?next=/myposts%3Fedit%3D7');
  });

  it('answer 403 for someone who is not an admin, 401 when signed out', async () => {
    const forbidden = refusalOf(() =>
      requireAdmin(contextOf('/api/admin/listings/1/', { user: person }), 'Only admins can verify listings.'),
    );
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: 'Only admins can verify listings.' });
    expect(refusalOf(() => requireAdmin(contextOf('/api/admin/listings/1/'))).status).toBe(401);
  });
});

describe('pathId', () => {
  it('reads an id, 404 for junk and 400 for a number too large for an id', async () => {
    expect(pathId(contextOf('/api/x', { params: { id: '42' } }), 'Listing not found.')).toBe(42);
    const missing = refusalOf(() => pathId(contextOf('/api/x', { params: { id: 'abc' } }), 'Listing not found.'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Listing not found.' });
    const tooLarge = refusalOf(() => pathId(contextOf('/api/x', { params: { id: '99999999999' } }), 'Listing not found.'));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.json()).toEqual({ error: ID_TOO_LARGE });
    expect(refusalOf(() => pathId(contextOf('/api/x'), 'Listing not found.')).status).toBe(404);
  });
});

describe('answer', () => {
  it('answers a value as JSON with its status and cache, or through body()', async () => {
    const plain = answer(ok({ id: 1 }));
    expect(plain.status).toBe(200);
    expect(plain.headers.get('Cache-Control')).toBe('no-store');
    expect(await plain.json()).toEqual({ id: 1 });
    const created = answer(ok({ id: 2, secret: 'x' }), { status: 201, cache: 'public, max-age=30', body: (v) => ({ id: v.id }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('Cache-Control')).toBe('public, max-age=30');
    expect(await created.json()).toEqual({ id: 2 });
  });

  it('answers a failure with its status and {error, fields}', async () => {
    const response = answer(fail(403, 'You can only change your own listings.'), { status: 201 });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'You can only change your own listings.' });
    const invalid = answer(fail(400, 'Required', { product_name: ['Required'] }));
    expect(await invalid.json()).toEqual({ error: 'Required', fields: { product_name: ['Required'] } });
  });

  it('answers 204 with no body', async () => {
    const response = answer(ok(undefined), { status: 204 });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('pages a list with X-Has-More and a Link to the next page', () => {
    const more = pagedJson([1, 2], new URL('http://localhost/api/refunds/?limit=2'), { page: 1, hasMore: true });
    expect(more.headers.get('X-Has-More')).toBe('true');
    expect(more.headers.get('Link')).toBe('</api/refunds/?limit=2&page=2>; rel="next"');
    const last = pagedJson([], new URL('http://localhost/api/refunds/'), { page: 3, hasMore: false });
    expect(last.headers.get('X-Has-More')).toBe('false');
    expect(last.headers.has('Link')).toBe(false);
  });
});

describe('api', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("passes the handler's answer through", async () => {
    const route = api('test', async () => answer(ok({ fine: true })));
    expect(await (await route(contextOf('/api/x'))).json()).toEqual({ fine: true });
  });

  it('turns a refusal into its response', async () => {
    const route = api('test', async () => refuse(fail(409, 'This listing is not waiting for verification.')));
    const response = await route(contextOf('/api/x'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'This listing is not waiting for verification.' });
  });

  it('answers an unexpected error 503 JSON with its text, logged, never a 500 or a stack', async () => {
    const log = captureLog();
    const route = api(
      'test',
      async () => {
        throw new Error('secret stack detail');
      },
      'Listings are unavailable right now. Please try again.',
    );
    const response = await route(contextOf('/api/x'));
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Listings are unavailable right now. Please try again.' });
    expect(text).not.toContain('secret');
    expect(response.headers.has('Retry-After')).toBe(false);
    log.stop();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.err?.stack).toContain('secret stack detail');
  });

  it('answers a lost database with the same text, and asks the client to come back', async () => {
    const log = captureLog();
    onTestFinished(log.stop);
    const route = api('test', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const response = await route(contextOf('/api/x'));
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await response.json()).toEqual({ error: 'Sefer is having trouble right now; please try again in a minute.' });
  });
});

describe('formAction', () => {
  const page = (init: RequestInit) => ({ request: new Request('http://localhost/admin', init), response: { status: 200 } });

  it('is null unless the request is a POST', async () => {
    const run = vi.fn();
    expect(await formAction(page({ method: 'GET' }), messageSchema, run)).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });

  it('runs the action with the parsed form, and leaves the status alone on success', async () => {
    const get = page(post(new URLSearchParams({ message: ' hi ' })));
    const result = await formAction(get, messageSchema, async (input) => ok(input.message.toUpperCase()));
    expect(result).toEqual({ ok: true, value: 'HI' });
    expect(get.response.status).toBe(200);
  });

  it("sets the page's status to a failure's: a bad form (400) or the action's refusal", async () => {
    const bad = page(post(new URLSearchParams({ message: '' })));
    const run = vi.fn();
    expect(await formAction(bad, messageSchema, run)).toMatchObject({
      ok: false,
      status: 400,
      fields: { message: ['Please enter a message.'] },
    });
    expect(bad.response.status).toBe(400);
    expect(run).not.toHaveBeenCalled();
    const refused = page(post(new URLSearchParams({ message: 'hi' })));
    expect(await formAction(refused, messageSchema, async () => fail(403, 'Only admins can do that.'))).toMatchObject({ status: 403 });
    expect(refused.response.status).toBe(403);
  });

  it('without a schema leaves the body to the action: any post runs it, even one that is not a form', async () => {
    const bare = page({ method: 'POST', body: 'not a form' });
    expect(await formAction(bare, null, async () => ok('done'))).toEqual({ ok: true, value: 'done' });
    expect(bare.response.status).toBe(200);
    const refused = page({ method: 'POST' });
    expect(await formAction(refused, null, async () => fail(409, 'already done'))).toMatchObject({ status: 409 });
    expect(refused.response.status).toBe(409);
    expect(await formAction(page({ method: 'GET' }), null, async () => ok('done'))).toBeNull();
  });
});
