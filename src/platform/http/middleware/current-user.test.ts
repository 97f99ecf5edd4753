import { describe, expect, it } from 'vitest';
import { currentUser } from './current-user.server.ts';
import { fakeContext, fakeNext, run, someUser } from './step-test-kit.ts';

describe('currentUser', () => {
  it('puts the signed-in user in locals.user, read from the request with the database', async () => {
    const user = someUser();
    const context = fakeContext({ locals: { db: 'db' as never } });
    const seen: unknown[] = [];
    const step = currentUser({ readUser: async (db, request) => (seen.push(db, request), user) });
    const next = fakeNext();
    await run(step, context, next);
    expect(context.locals.user).toBe(user);
    expect(seen).toEqual(['db', context.request]);
    expect(next.calls).toHaveLength(1);
  });

  it('a visitor is null', async () => {
    const context = fakeContext({ locals: { user: someUser() } });
    await run(currentUser({ readUser: async () => null }), context, fakeNext());
    expect(context.locals.user).toBeNull();
  });

  it("answers the reader's response instead of the page", async () => {
    const handshake = new Response(null, { status: 307 });
    const next = fakeNext();
    expect(await run(currentUser({ readUser: async () => handshake }), fakeContext(), next)).toBe(handshake);
    expect(next.calls).toHaveLength(0);
  });
});
