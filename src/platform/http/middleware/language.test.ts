import { describe, expect, it } from 'vitest';
import { getLocale } from '#paraglide/runtime.js';
import { language } from './language.server.ts';
import { routeState } from './route-state.ts';
import { fakeContext, fakeNext, run } from './step-test-kit.ts';

describe('language', () => {
  it('renders /am/… at its English path in Amharic, and keeps its redirects in Amharic', async () => {
    const context = fakeContext({ url: 'http://localhost:4321/am/listings/1?photo=2' });
    let localeInside: string | undefined;
    const next = fakeNext(() => {
      localeInside = getLocale();
      return new Response(null, { status: 303, headers: { Location: '/login?next=/myposts' } });
    });
    const response = await run(language, context, next);
    expect(context.locals.locale).toBe('am');
    expect(localeInside).toBe('am');
    expect(routeState(context)).toMatchObject({ pathname: '/listings/1', target: '/listings/1?photo=2' });
    // The rewrite is left to the last step: the later steps still see the path asked for.
    expect(next.calls).toEqual([[]]);
    expect(context.url.pathname).toBe('/am/listings/1');
    expect(response.headers.get('Location')).toMatch(/^\/am\/login/);
  });

  it('sends a language prefix on something that exists once (the API) to the 404 page', async () => {
    const context = fakeContext({ url: 'http://localhost:4321/am/api/products' });
    await run(language, context, fakeNext());
    expect(routeState(context).target).toBe('/404');
  });

  it('leaves an English page where it is', async () => {
    const context = fakeContext({ url: 'http://localhost:4321/listings/1' });
    const response = await run(language, context, fakeNext(new Response(null, { status: 303, headers: { Location: '/login' } })));
    expect(context.locals.locale).toBe('en');
    expect(routeState(context)).toMatchObject({ pathname: '/listings/1', target: undefined });
    expect(response.headers.get('Location')).toBe('/login');
  });
});
