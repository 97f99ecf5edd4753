import { describe, expect, it } from 'vitest';
import { safeNext as safePath } from '#server/users.server.ts';
import { backTo } from '#server/community.server.ts';

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
