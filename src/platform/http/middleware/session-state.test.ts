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

  it('not on JSON, and a cached page already says it', async () => {
    expect((await run(sessionState, fakeContext(), fakeNext(Response.json({})))).headers.get(SESSION_STATE_HEADER)).toBeNull();
    expect((await run(sessionState, fakeContext(), fakeNext(cachedPage()))).headers.get(SESSION_STATE_HEADER)).toBeNull();
  });
});
