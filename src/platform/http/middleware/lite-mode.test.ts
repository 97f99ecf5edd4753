import { describe, expect, it } from 'vitest';
import { LITE_COOKIE } from '#platform/cache/lite-mode.ts';
import { liteMode } from './lite-mode.server.ts';
import { fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

const publicPage = () => htmlPage(undefined, { 'Cache-Control': 'public, max-age=30' });

describe('liteMode', () => {
  it('turns lite mode on for Save-Data, and a public page stays public', async () => {
    const context = fakeContext({ headers: { 'save-data': 'on' } });
    const response = await run(liteMode, context, fakeNext(publicPage));
    expect(context.locals.lite).toBe(true);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=30');
  });

  it("a page whose body the visitor's lite cookie chose is kept from shared caches", async () => {
    const context = fakeContext({ headers: { cookie: `${LITE_COOKIE}=on` } });
    const response = await run(liteMode, context, fakeNext(publicPage));
    expect(context.locals.lite).toBe(true);
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=0');
  });

  it('no lite choice: not lite', async () => {
    const context = fakeContext();
    await run(liteMode, context, fakeNext(publicPage));
    expect(context.locals.lite).toBe(false);
  });
});
