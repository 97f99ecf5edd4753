import { describe, expect, it } from 'vitest';

// The first read of the configuration: behind a trusted proxy that ends TLS (deploy/nginx.conf).
process.env.TRUST_PROXY = 'true';
const { crossSiteFormRefusal } = await import('./origin-check.server.ts');

// What the app sees behind the proxy: plain HTTP, the visitor's Host, the scheme in a header.
const behindProxy = new URL('http://sefer.example/contact-us');
const form = (origin: string, forwardedProto?: string) =>
  crossSiteFormRefusal(
    new Request(behindProxy, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwardedProto ? { 'x-forwarded-proto': forwardedProto } : {}),
      },
    }),
    behindProxy,
  );

describe('the cross-site form check behind a TLS proxy', () => {
  it('takes the scheme the proxy reports', () => {
    expect(form('https://sefer.example', 'https')).toBeNull();
    expect(form('http://sefer.example')).toBeNull();
  });

  it('still refuses another host, and a scheme the proxy did not report', () => {
    expect(form('https://evil.example', 'https')?.status).toBe(403);
    expect(form('https://sefer.example')?.status).toBe(403);
    expect(form('https://sefer.example', 'gopher')?.status).toBe(403);
  });
});
