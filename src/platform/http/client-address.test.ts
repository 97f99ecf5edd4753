import { describe, expect, it } from 'vitest';

// The first read of the configuration: behind one trusted proxy.
process.env.TRUST_PROXY = 'true';
const { clientAddressOf } = await import('./rate-limit.server.ts');

const from = (forwardedFor: string | null) => ({
  clientAddress: '127.0.0.1',
  request: new Request('http://localhost/', { headers: forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor } }),
});

describe('the client address behind a trusted proxy', () => {
  it('is the entry the proxy appended, not one the client made up', () => {
    expect(clientAddressOf(from('6.6.6.6, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressOf(from('1.1.1.1,2.2.2.2, 203.0.113.9'))).toBe('203.0.113.9');
  });

  it('is the only entry when the client sent none', () => {
    expect(clientAddressOf(from('203.0.113.9'))).toBe('203.0.113.9');
  });

  it('falls back to the socket without the header', () => {
    expect(clientAddressOf(from(null))).toBe('127.0.0.1');
  });
});
