import { describe, expect, it } from 'vitest';
import { pageCss } from './page-css.server.ts';
import { cachedPage, fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

const STYLED =
  '<!doctype html><html><head><style>.used{color:red}.unused{color:blue}</style></head><body><p class="used">Hi</p></body></html>';

describe('pageCss', () => {
  it('cuts a page to the CSS it uses, and drops the length that no longer holds', async () => {
    const page = htmlPage(STYLED, { 'Content-Length': String(STYLED.length), 'X-Kept': 'yes' });
    const response = await run(pageCss, fakeContext(), fakeNext(page));
    const html = await response.text();
    expect(html).toContain('.used');
    expect(html).not.toContain('.unused');
    expect(response.headers.get('Content-Length')).toBeNull();
    expect(response.headers.get('X-Kept')).toBe('yes');
  });

  it('leaves writes, JSON and cached pages alone', async () => {
    for (const [context, response] of [
      [fakeContext({ method: 'POST' }), htmlPage(STYLED)],
      [fakeContext(), Response.json({})],
      [fakeContext(), cachedPage()],
    ] as const) {
      expect(await run(pageCss, context, fakeNext(response))).toBe(response);
    }
  });
});
