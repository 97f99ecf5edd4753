import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.server.ts';
import { signInPath } from '#platform/http/http.server.ts';
import { pageGuard, pageNeeds, protectedPages } from './protected-pages.server.ts';
import { ACCOUNT_POLICIES } from './policy.ts';

const person = (isAdmin: boolean): SessionUser => ({
  id: 'u1',
  email: 'u1@test.invalid',
  name: 'U',
  firstName: 'U',
  lastName: null,
  image: null,
  isAdmin,
});

describe('protected pages', () => {
  it('names what each account and admin page needs, with or without a trailing slash', () => {
    expect(pageNeeds('/wallet')).toBe('signedIn');
    expect(pageNeeds('/wallet/')).toBe('signedIn');
    expect(pageNeeds('/checkout/chk_1')).toBe('signedIn');
    expect(pageNeeds('/checkout/')).toBeNull();
    expect(pageNeeds('/admin')).toBe('admin');
    expect(pageNeeds('/admin/orders')).toBe('admin');
    expect(pageNeeds('/admins-only')).toBeNull();
    expect(pageNeeds('/shop')).toBeNull();
    expect(pageNeeds('/')).toBeNull();
  });

  it('sends a visitor to sign in and back (303), a non-admin to the admins-only page', () => {
    const redirect = pageGuard(new URL('http://x/admin/orders'), null);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(303);
    expect((redirect as Response).headers.get('Location')).toBe('/login?next=/admin/orders');
    expect(pageGuard(new URL('http://x/admin'), person(false))).toBe('admins-only');
    expect(pageGuard(new URL('http://x/admin'), person(true))).toBe('pass');
    expect(pageGuard(new URL('http://x/wallet'), person(false))).toBe('pass');
    expect(pageGuard(new URL('http://x/shop'), null)).toBe('pass');
  });

  it('guards every page by its policy: a visitor signs in, a signed-in user passes exactly when the policy says yes', () => {
    const pages = protectedPages();
    expect(pages.map(([, policy]) => policy)).toEqual(expect.arrayContaining(['signedIn', 'admin']));
    for (const [path, policy] of pages) {
      const url = new URL(`http://x${path.endsWith('/') ? `${path}chk_1` : path}`);
      expect(pageNeeds(url.pathname)).toBe(policy);
      expect((pageGuard(url, null) as Response).status).toBe(303);
      for (const user of [person(false), person(true)]) {
        expect(pageGuard(url, user)).toBe(ACCOUNT_POLICIES[policy](user) ? 'pass' : 'admins-only');
      }
    }
    // The policies themselves: an admin page lets only admins through, a signed-in page any account.
    expect(ACCOUNT_POLICIES.admin(person(false))).toBe(false);
    expect(ACCOUNT_POLICIES.admin(person(true))).toBe(true);
    expect(ACCOUNT_POLICIES.signedIn(person(false))).toBe(true);
    expect(ACCOUNT_POLICIES.signedIn(null)).toBe(false);
  });

  it('keeps a simple path readable and encodes a query', () => {
    expect(signInPath(new URL('http://x/wallet'))).toBe('/login?next=/wallet');
    expect(signInPath(new URL('http://x/success?session_id=chk_1&x=2'))).toBe('/login?next=/success%3Fsession_id%3Dchk_1%26x%3D2');
  });
});
