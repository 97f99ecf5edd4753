/**
 * Signing up in the middle of posting (issue 29): /signup keeps `next` (the deal kept on
 * `/form?resume=1`) through the emailed code, /welcome in the page's language, and /welcome says
 * where it goes: home in the spec's words, the deal, or back.
 */
import type { AstroGlobal } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { ok } from '#platform/http/result.ts';
import { signupPage } from './accounts.page.server.ts';
import { welcomeDestination, welcomeRedirectLine } from './welcome.ts';

// The emailed code is accepted: what the sign-up step answers then (its own tests cover the code).
vi.mock('./account-forms.server.ts', async (original) => ({
  ...(await original<typeof import('./account-forms.server.ts')>()),
  signUpStep: vi.fn(async () => ok({ cookies: new Headers({ 'Set-Cookie': 'session=s; Path=/' }), passwordKept: true })),
}));

const SITE = 'http://localhost:4321';

function signupPost(url: string, user: unknown = null) {
  const request = new Request(`${SITE}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'code', email: 'hana@example.com', code: '123456' }).toString(),
  });
  const page = {
    request,
    url: new URL(request.url),
    locals: { user },
    response: { status: 200, headers: new Headers() },
    redirect: (location: string, status: number) => new Response(null, { status, headers: { Location: location } }),
  };
  return page as unknown as AstroGlobal;
}

describe('/welcome says where it goes', () => {
  it('home, the deal being posted, or back', () => {
    expect(welcomeDestination('/')).toBe('home');
    expect(welcomeDestination('/am/')).toBe('home');
    expect(welcomeDestination('/?lite=1')).toBe('home');
    expect(welcomeDestination('/form?resume=1')).toBe('deal');
    expect(welcomeDestination('/am/form?resume=1')).toBe('deal');
    expect(welcomeDestination('/form/sent?id=4')).toBe('deal');
    expect(welcomeDestination('/saved')).toBe('back');
    expect(welcomeDestination('/formula')).toBe('back');
  });

  it("in the page's language, the spec's words going home", () => {
    expect(welcomeRedirectLine('/')).toBe('Redirecting you to the homepage...');
    expect(welcomeRedirectLine('/form?resume=1')).toBe('Redirecting you to your deal...');
    expect(welcomeRedirectLine('/saved')).toBe('Redirecting you back to where you were...');
    expect(inLocale('am', () => welcomeRedirectLine('/am/form?resume=1'))).toBe('ወደ ቅናሽዎ በማዛወር ላይ...');
    expect(inLocale('am', () => welcomeRedirectLine('/am/'))).toBe('ወደ መነሻ ገጹ በማዛወር ላይ...');
  });
});

describe('/signup keeps where the visitor was going', () => {
  it('the accepted code goes to /welcome with `next`, in the page language', async () => {
    const en = (await signupPage(signupPost('/signup?next=/form%3Fresume%3D1'))) as Response;
    expect(en.status).toBe(303);
    expect(en.headers.get('Location')).toBe('/welcome?next=%2Fform%3Fresume%3D1');
    expect(en.headers.get('Set-Cookie')).toContain('session=s');
    const am = (await inLocale('am', () => signupPage(signupPost('/am/signup?next=/form%3Fresume%3D1')))) as Response;
    expect(am.headers.get('Location')).toBe('/am/welcome?next=%2Fform%3Fresume%3D1');
  });

  it('a signed-in visitor goes straight on to `next`', async () => {
    const response = (await signupPage(signupPost('/signup?next=/form%3Fresume%3D1', { id: 'u1' }))) as Response;
    expect(response.headers.get('Location')).toBe('/form?resume=1');
  });

  it('"Already have an account? Sign in" keeps `next`', async () => {
    const page = signupPost('/signup?next=/form%3Fresume%3D1');
    const view = await signupPage({ ...page, request: new Request(page.url) } as unknown as AstroGlobal);
    expect(view).toMatchObject({ next: '/form?resume=1', signInHref: '/login?next=%2Fform%3Fresume%3D1' });
  });
});
