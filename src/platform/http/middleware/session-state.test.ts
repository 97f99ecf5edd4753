import { describe, expect, it } from 'vitest';
import { SESSION_STATE_HEADER } from '#platform/cache/front-cache.server.ts';
import { sessionState } from './session-state.server.ts';
import { cachedPage, fakeContext, fakeNext, htmlPage, run, someUser } from './step-test-kit.ts';

describe('sessionState', () => {
  it('says on every page whether the visitor is signed in', async () => {
    const signedIn = await run(sessionState, fakeContext({ locals: { user: someUser() } }), fakeNext(htmlPage()));
    expect(signedIn.headers.get(SESSION_STATE_HEADER)).toBe('signed-in');
    const visitor = await run(sessionState, fakeContext(), fakeNext(htmlPage()));
    expect(visitor.headers.get(SESSION_STATE_HEADER)).toBe('signed-out');
  });

  it('sets the readable state cookie on the answer that signs in, drops it on the one that signs out', async () => {
    const signIn = htmlPage(undefined, { 'Set-Cookie': 'sefer.session_token=abc; Path=/; HttpOnly' });
    const signedIn = await run(sessionState, fakeContext({ method: 'POST', url: 'http://localhost:4321/login' }), fakeNext(signIn));
    expect(signedIn.headers.getSetCookie()).toEqual([
      'sefer.session_token=abc; Path=/; HttpOnly',
      expect.stringMatching(/^sefer_state=in;/),
    ]);
    // The page that signs in says so, though its visitor was nobody when it was rendered.
    expect(signedIn.headers.get(SESSION_STATE_HEADER)).toBe('signed-in');
    // The sign-out redirects (redirectWithCookies), ending the session cookie.
    const signOut = new Response(null, { status: 303, headers: { Location: '/', 'Set-Cookie': 'sefer.session_token=; Max-Age=0' } });
    const out = await run(
      sessionState,
      fakeContext({ method: 'POST', headers: { cookie: 'sefer.session_token=abc; sefer_state=in' }, locals: { user: someUser() } }),
      fakeNext(signOut),
    );
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie()).toContain('sefer_state=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('keeps the cookie in step with the session on any answer, even one whose headers cannot change', async () => {
    // Signed in before the cookie existed: the next answer sets it.
    const json = await run(sessionState, fakeContext({ locals: { user: someUser() } }), fakeNext(Response.json({})));
    expect(json.headers.getSetCookie()).toEqual([expect.stringMatching(/^sefer_state=in;/)]);
    // The session ended (expired): a cached page for the visitor still holding it drops it.
    const stale = await run(sessionState, fakeContext({ headers: { cookie: 'sefer_state=in' } }), fakeNext(cachedPage()));
    expect(stale.headers.getSetCookie()).toEqual(['sefer_state=; Path=/; SameSite=Lax; Max-Age=0']);
    const fixed = await run(
      sessionState,
      fakeContext({ headers: { cookie: 'sefer_state=in' } }),
      fakeNext(Response.redirect('http://localhost:4321/', 302)),
    );
    expect(fixed.status).toBe(302);
    expect(fixed.headers.get('Location')).toBe('http://localhost:4321/');
    expect(fixed.headers.getSetCookie()).toEqual(['sefer_state=; Path=/; SameSite=Lax; Max-Age=0']);
    // In step already: nothing is added.
    const inStep = await run(
      sessionState,
      fakeContext({ headers: { cookie: 'sefer_state=in' }, locals: { user: someUser() } }),
      fakeNext(htmlPage()),
    );
    expect(inStep.headers.getSetCookie()).toEqual([]);
    expect((await run(sessionState, fakeContext(), fakeNext(htmlPage()))).headers.getSetCookie()).toEqual([]);
  });

  it('not on JSON, and a cached page already says it', async () => {
    expect((await run(sessionState, fakeContext(), fakeNext(Response.json({})))).headers.get(SESSION_STATE_HEADER)).toBeNull();
    expect((await run(sessionState, fakeContext(), fakeNext(cachedPage()))).headers.get(SESSION_STATE_HEADER)).toBeNull();
  });
});
