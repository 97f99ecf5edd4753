import { describe, expect, it } from 'vitest';
import { FALLBACK_CSP } from '../csp.mjs';
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
