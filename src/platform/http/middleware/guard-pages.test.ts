import { describe, expect, it } from 'vitest';
import { guardPages } from './guard-pages.server.ts';
import { routeState, type GuardDecision } from './route-state.ts';
import { fakeContext, fakeNext, run, someUser } from './step-test-kit.ts';

const guarding = (decision: GuardDecision, seen: [URL, unknown][] = []) =>
  guardPages({ pageGuard: (url, user) => (seen.push([url, user]), decision), adminsOnlyPage: '/admins-only' });

describe('guardPages', () => {
  it("asks the guard about the page's path without its language, for the signed-in user", async () => {
    const seen: [URL, unknown][] = [];
    const user = someUser();
    const context = fakeContext({ url: 'http://localhost:4321/am/admin?tab=2', locals: { user } });
    routeState(context).pathname = '/admin';
    await run(guarding('pass', seen), context, fakeNext());
    expect(seen.map(([url, who]) => [url.href, who])).toEqual([['http://localhost:4321/admin?tab=2', user]]);
  });

  it("answers the guard's redirect: no page code runs", async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: '/login?next=/wallet' } });
    const context = fakeContext({ url: 'http://localhost:4321/wallet' });
    const next = fakeNext();
    expect(await run(guarding(redirect), context, next)).toBe(redirect);
    expect(next.calls).toHaveLength(0);
    expect(routeState(context).guard).toBe(redirect);
  });

  it("shows a non-admin the 'Admins only' page instead", async () => {
    const context = fakeContext({ url: 'http://localhost:4321/admin', locals: { user: someUser() } });
    const next = fakeNext();
    await run(guarding('admins-only'), context, next);
    expect(next.calls).toHaveLength(1);
    expect(routeState(context)).toMatchObject({ guard: 'admins-only', replacement: '/admins-only' });
  });

  it('lets a page anyone may see through', async () => {
    const context = fakeContext({ url: 'http://localhost:4321/' });
    await run(guarding('pass'), context, fakeNext());
    expect(routeState(context)).toMatchObject({ guard: 'pass', replacement: undefined });
  });
});
