import { afterEach, describe, expect, it } from 'vitest';
import { requestClock } from './request-clock.server.ts';
import { fakeContext, fakeNext, run } from './step-test-kit.ts';

describe('requestClock', () => {
  afterEach(() => {
    delete process.env.SEFER_NOW;
  });

  it('reads the clock once into locals.now (a pinned clock too)', async () => {
    process.env.SEFER_NOW = '2026-03-01T09:00:00Z';
    const context = fakeContext();
    const next = fakeNext();
    await run(requestClock, context, next);
    expect(context.locals.now).toEqual(new Date('2026-03-01T09:00:00Z'));
    expect(next.calls).toHaveLength(1);
  });
});
