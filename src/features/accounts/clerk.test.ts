import { describe, expect, it } from 'vitest';
import { clerkAccountPortalUrl, clerkFormOrigins, clerkFrontendApi, clerkUserToSessionUser } from './clerk.server.ts';
import { parseConfig } from '#platform/config/config.server.ts';

const key = (host: string, kind = 'test') => `pk_${kind}_${Buffer.from(`${host}$`).toString('base64')}`;

describe('Clerk adapter (offline parts)', () => {
  it('is chosen only when both keys are set', () => {
    expect(parseConfig({}).clerk).toBeNull();
    expect(parseConfig({ PUBLIC_CLERK_PUBLISHABLE_KEY: key('x.clerk.accounts.dev') }).clerk).toBeNull();
    expect(parseConfig({ PUBLIC_CLERK_PUBLISHABLE_KEY: key('x.clerk.accounts.dev'), CLERK_SECRET_KEY: 'sk_test_1' }).clerk).toEqual({
      publishableKey: key('x.clerk.accounts.dev'),
      secretKey: 'sk_test_1',
      apiUrl: 'https://api.clerk.com',
    });
  });

  it("reaches Clerk's Backend API at CLERK_API_URL (a local fake in the tests), Clerk's own by default", () => {
    const keys = { PUBLIC_CLERK_PUBLISHABLE_KEY: key('x.clerk.accounts.dev'), CLERK_SECRET_KEY: 'sk_test_1' };
    expect(parseConfig({ ...keys, CLERK_API_URL: 'http://127.0.0.1:4999/' }).clerk?.apiUrl).toBe('http://127.0.0.1:4999');
    expect(parseConfig({ ...keys, CLERK_API_URL: '' }).clerk?.apiUrl).toBe('https://api.clerk.com');
    expect(() => parseConfig({ ...keys, CLERK_API_URL: 'ftp://x' })).toThrow(/CLERK_API_URL/);
  });

  it("maps Clerk's user to ours: primary email, names, admin by email", () => {
    process.env.ADMIN_EMAILS = '';
    const user = clerkUserToSessionUser({
      id: 'user_2abc',
      firstName: 'Hana',
      lastName: 'Tesfaye',
      fullName: 'Hana Tesfaye',
      username: 'hana',
      primaryEmailAddressId: 'e2',
      emailAddresses: [
        { id: 'e1', emailAddress: 'old@example.com' },
        { id: 'e2', emailAddress: 'Hana@Example.com' },
      ],
      imageUrl: 'https://img.clerk.com/a.png',
    });
    expect(user).toEqual({
      id: 'clerk_user_2abc',
      email: 'hana@example.com',
      name: 'Hana Tesfaye',
      firstName: 'Hana',
      lastName: 'Tesfaye',
      image: 'https://img.clerk.com/a.png',
      isAdmin: false,
    });
  });

  it('falls back to username, then email, for the name; no email means no user', () => {
    const base = { id: 'u', firstName: null, lastName: null, primaryEmailAddressId: null, imageUrl: null };
    expect(clerkUserToSessionUser({ ...base, username: 'kidus', emailAddresses: [{ id: 'a', emailAddress: 'k@x.et' }] })?.name).toBe(
      'kidus',
    );
    expect(clerkUserToSessionUser({ ...base, username: null, emailAddresses: [{ id: 'a', emailAddress: 'k@x.et' }] })?.name).toBe('k@x.et');
    expect(clerkUserToSessionUser({ ...base, username: 'x', emailAddresses: [] })).toBeNull();
  });

  it('finds the hosted sign-in pages from the publishable key', () => {
    expect(clerkFrontendApi(key('happy-cat-1.clerk.accounts.dev'))).toBe('happy-cat-1.clerk.accounts.dev');
    expect(clerkFrontendApi('nonsense')).toBeNull();
    expect(clerkAccountPortalUrl(key('happy-cat-1.clerk.accounts.dev'), 'sign-in', 'https://sefer.et/')).toBe(
      'https://happy-cat-1.accounts.dev/sign-in?redirect_url=https%3A%2F%2Fsefer.et%2F',
    );
    expect(clerkAccountPortalUrl(key('clerk.sefer.et', 'live'), 'sign-up', 'https://sefer.et/welcome')).toBe(
      'https://accounts.sefer.et/sign-up?redirect_url=https%3A%2F%2Fsefer.et%2Fwelcome',
    );
  });
});

describe("Clerk's origins in form-action", () => {
  it('are the Frontend API (the handshake after /logout) and the Account Portal', () => {
    expect(clerkFormOrigins(key('clerk.sefer.et', 'live'))).toEqual(['https://clerk.sefer.et', 'https://accounts.sefer.et']);
    expect(clerkFormOrigins(key('clerk.sefer.localhost:4443', 'live'))).toEqual([
      'https://clerk.sefer.localhost:4443',
      'https://accounts.sefer.localhost:4443',
    ]);
    expect(clerkFormOrigins('nonsense')).toEqual([]);
  });
});

describe('names from Clerk', () => {
  it('are cut to 60 characters before they are stored or shown', () => {
    const user = clerkUserToSessionUser({
      id: 'user_long',
      firstName: 'F'.repeat(5000),
      lastName: 'L'.repeat(70),
      fullName: null,
      username: null,
      primaryEmailAddressId: 'e1',
      emailAddresses: [{ id: 'e1', emailAddress: 'long@example.com' }],
      imageUrl: `https://img.example.com/${'x'.repeat(5000)}`,
    })!;
    expect(user.firstName).toHaveLength(60);
    expect(user.lastName).toHaveLength(60);
    expect(user.name.length).toBeLessThanOrEqual(60);
    expect(user.image).toBeNull();
  });
});
