import { describe, expect, it } from 'vitest';
import { safeNext as safePath } from '#features/accounts/users.server.ts';
import { backTo } from '#features/community/community.server.ts';
import { onwardHref } from '#platform/i18n/locales.ts';
import { inLocale, localizedRedirect } from '#platform/i18n/locale.server.ts';

describe('safeNext (open redirects)', () => {
  it.each(['/', '/myposts', '/search?query=shoes&page=2', '/listings/12-coffee#photos', '/success?session_id=abc'])(
    'keeps the path %s',
    (path) => {
      expect(safePath(path, '/fallback')).toBe(path);
    },
  );

  it.each([
    ['another host', '//evil.example/'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a tab after the slash', '/\t/evil.example'],
    ['a carriage return after the slash', '/\r/evil.example'],
    ['a line feed after the slash', '/\n/evil.example'],
    ['a tab inside the slashes', '/\t\t/evil.example/x'],
    ['a full URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['no leading slash', 'evil.example'],
    ['a path the parser rewrites', '/a/../b'],
    ['empty', ''],
  ])('refuses %s', (_, path) => {
    expect(safePath(path, '/fallback')).toBe('/fallback');
  });

  it('refuses null and undefined', () => {
    expect(safePath(null)).toBe('/');
    expect(safePath(undefined, '/x')).toBe('/x');
  });
});

describe('backTo (form posts return to the page they came from)', () => {
  const context = (referer?: string) => ({
    url: new URL('http://localhost:4321/api/cat'),
    request: new Request('http://localhost:4321/api/cat', { method: 'POST', headers: referer ? { referer } : {} }),
  });

  it('returns to a same-origin page with the flag', () => {
    const res = backTo(context('http://localhost:4321/recents?page=2&request=blank'), { request: 'sent' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/recents?page=2&request=sent');
  });

  it('ignores another origin', () => {
    expect(backTo(context('https://evil.example/x'), { request: 'sent' }).headers.get('Location')).toBe('/?request=sent');
  });

  it.each(['http://localhost:4321//evil.example/x', 'http://localhost:4321//evil.example', 'http://localhost:4321/\\evil.example'])(
    'never answers a Location that leaves the site (Referer %s)',
    (referer) => {
      const location = backTo(context(referer), { like: 'slow' }, '/recents', '#requests').headers.get('Location')!;
      expect(location.startsWith('/')).toBe(true);
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, 'http://localhost:4321').origin).toBe('http://localhost:4321');
    },
  );
});

describe('onwardHref (every next=, checked after each transformation)', () => {
  const ORIGIN = 'http://sefer.test';
  // Each is a way a next= has been, or could be, turned into another host once a language prefix
  // is removed or added, a backslash is read as a slash, or a control character is dropped.
  const attacks = [
    '/am//evil.example/x',
    '/am//evil.example',
    '/am/\\evil.example/x',
    '/am/\\/evil.example',
    '/am/\t/evil.example',
    '/am/\r\n/evil.example',
    '/am/%2F/evil.example',
    '/am/%5Cevil.example',
    '/am/%09/evil.example',
    '/am//%09/evil.example',
    '/am///evil.example',
    '/en//evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '/%2F/evil.example',
    '/\t/evil.example',
    'https://evil.example/',
    '/am/https://evil.example/',
    'javascript:alert(1)',
    '/am/../../evil.example',
  ];
  const leavesSite = (href: string) =>
    !href.startsWith('/') || href.startsWith('//') || /[\\\t\r\n]/.test(href) || new URL(href, ORIGIN).origin !== ORIGIN;

  for (const requestLocale of ['en', 'am'] as const) {
    for (const language of [undefined, 'en', 'am'] as const) {
      it.each(attacks)(`stays on the site for %j (request ${requestLocale}, language ${language ?? 'kept'})`, (next) => {
        const href = inLocale(requestLocale, () => onwardHref(next, language ? { language } : {}));
        expect(leavesSite(href), href).toBe(false);
        // And so does the redirect the middleware localizes on the way out.
        const sent = localizedRedirect(new Response(null, { status: 303, headers: { Location: href } }), requestLocale);
        expect(leavesSite(sent.headers.get('Location')!), sent.headers.get('Location')!).toBe(false);
      });
    }
  }

  it('the language picker case of issue 25: /am//evil.example/x in English goes home', () => {
    expect(onwardHref('/am//evil.example/x', { language: 'en' })).toBe('/');
    expect(onwardHref('/am//evil.example/x', { language: 'am' })).toBe('/am/');
  });

  it('keeps ordinary pages, moving them into the chosen language', () => {
    expect(onwardHref('/am/homes?page=2', { language: 'en' })).toBe('/homes?page=2');
    expect(onwardHref('/homes?page=2', { language: 'am' })).toBe('/am/homes?page=2');
    expect(inLocale('am', () => onwardHref('/myposts'))).toBe('/am/myposts');
    expect(inLocale('en', () => onwardHref('/am/myposts'))).toBe('/am/myposts');
    expect(onwardHref(null, { fallback: '/profile' })).toBe('/profile');
    expect(onwardHref('//evil.example', { fallback: '//evil.example' })).toBe('/');
  });
});
