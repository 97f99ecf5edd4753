import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { countViews } from './count-views.server.ts';
import { routeState } from './route-state.ts';
import { fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

describe('countViews', () => {
  it('counts the answered page at its path without the language, after it was answered', async () => {
    const counted: [APIContext, string, Response][] = [];
    const step = countViews({ countPageView: async (...args) => void counted.push(args) });
    const context = fakeContext({ url: 'http://localhost:4321/am/listings/3' });
    routeState(context).pathname = '/listings/3';
    const page = htmlPage();
    const response = await run(step, context, fakeNext(page));
    expect(response).toBe(page);
    expect(counted).toEqual([[context, '/listings/3', page]]);
  });
});
