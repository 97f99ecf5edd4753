import { describe, expect, it } from 'vitest';
import { FALLBACK_CSP, tileOrigin, withMapTiles } from '../csp.mjs';
import { securityHeaders } from './security-headers.server.ts';
import { cachedPage, fakeContext, fakeNext, htmlPage, run } from './step-test-kit.ts';

const step = securityHeaders({
  formTargets: () => ['https://checkout.example', 'https://t.me'],
  mediaOrigin: () => 'https://media.example',
});

describe('securityHeaders', () => {
  it('sets the security headers on any answer, with the fallback policy opened to the form targets and the media', async () => {
    const response = await run(step, fakeContext(), fakeNext(Response.json({})));
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    expect(response.headers.get('Permissions-Policy')).toBe('geolocation=(self), camera=(), microphone=()');
    const policy = response.headers.get('Content-Security-Policy')!;
    expect(policy).toContain("form-action 'self' https://checkout.example https://t.me");
    expect(policy).toContain("img-src 'self' https://media.example");
    expect(policy).toContain("media-src 'self' https://media.example");
    expect(policy.replace(/ https:\/\/[a-z.]+/g, '')).toBe(FALLBACK_CSP);
  });

  it("keeps a page's own headers (its policy too, opened the same way)", async () => {
    const page = htmlPage(undefined, { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "form-action 'self'; img-src 'self'" });
    const response = await run(step, fakeContext(), fakeNext(page));
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "form-action 'self' https://checkout.example https://t.me; img-src 'self' https://media.example",
    );
  });

  it('a cached page already has them', async () => {
    expect((await run(step, fakeContext(), fakeNext(cachedPage()))).headers.get('X-Frame-Options')).toBeNull();
  });
});

describe('securityHeaders with a map', () => {
  const mapped = securityHeaders({
    formTargets: () => [],
    mediaOrigin: () => undefined,
    mapTiles: (path) => (path === '/form' ? 'https://{s}.tiles.example/{z}/{x}/{y}.png' : undefined),
  });

  it("lets the tiles' origin in for images on the page with the map only", async () => {
    const page = () => htmlPage(undefined, { 'Content-Security-Policy': "img-src 'self' data:; connect-src 'self'" });
    const form = await run(mapped, fakeContext({ url: 'http://localhost:4321/form' }), fakeNext(page));
    expect(form.headers.get('Content-Security-Policy')).toBe("img-src 'self' https://*.tiles.example data:; connect-src 'self'");
    const home = await run(mapped, fakeContext({ url: 'http://localhost:4321/' }), fakeNext(page));
    expect(home.headers.get('Content-Security-Policy')).toBe("img-src 'self' data:; connect-src 'self'");
  });

  it('adds nothing for tiles served by this site or a template that is not an origin', () => {
    expect(withMapTiles(FALLBACK_CSP, '/tiles/{z}/{x}/{y}.png')).toBe(FALLBACK_CSP);
    expect(withMapTiles(FALLBACK_CSP, undefined)).toBe(FALLBACK_CSP);
    expect(tileOrigin("https://evil.example; script-src 'unsafe-inline'/{z}/{x}/{y}.png")).toBeUndefined();
    expect(tileOrigin('http://127.0.0.1:4362/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4362');
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
  });
});
