import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.server.ts';
import { signInPath } from '#platform/http/http.server.ts';
import { pageGuard, pageNeeds } from './protected-pages.server.ts';

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
    expect(pageNeeds('/wallet')).toBe('user');
    expect(pageNeeds('/wallet/')).toBe('user');
    expect(pageNeeds('/checkout/chk_1')).toBe('user');
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

  it('keeps a simple path readable and encodes a query', () => {
    expect(signInPath(new URL('http://x/wallet'))).toBe('/login?next=/wallet');
    expect(signInPath(new URL('http://x/success?session_id=chk_1&x=2'))).toBe('/login?next=/success%3Fsession_id%3Dchk_1%26x%3D2');
  });
});
