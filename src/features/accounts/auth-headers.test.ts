import { describe, expect, it } from 'vitest';

// The first read of the configuration: no proxy is trusted, the site is plain http.
process.env.TRUST_PROXY = 'false';
process.env.SITE_URL = 'http://localhost:4321';
const { authHeaders, CLIENT_ADDRESS_HEADER, isHttpsRequest, secureCookies } = await import('./auth.server.ts');

describe('what better-auth is told about the client, with TRUST_PROXY off', () => {
  const request = new Request('http://localhost:4321/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'x-forwarded-for': '1.2.3.4', [CLIENT_ADDRESS_HEADER]: '6.6.6.6', 'x-forwarded-proto': 'https' },
  });

  it('the address is the socket’s, never a header the client sent', () => {
    const headers = authHeaders({ clientAddress: '9.9.9.9', request });
    expect(headers.get(CLIENT_ADDRESS_HEADER)).toBe('9.9.9.9');
    expect(authHeaders({ request }).get(CLIENT_ADDRESS_HEADER)).toBeNull();
  });

  it('a forwarded https is not believed, so cookies stay as they are', () => {
    expect(isHttpsRequest(request)).toBe(false);
    const headers = new Headers([['Set-Cookie', 'sefer.session_token=x; Path=/; HttpOnly']]);
    expect(secureCookies(headers, request).getSetCookie()).toEqual(['sefer.session_token=x; Path=/; HttpOnly']);
  });
});
