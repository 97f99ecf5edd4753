import { describe, expect, it } from 'vitest';
import { signedInAfter, stateCookieChange, stateIn } from './session-state.ts';

const NOW = Date.parse('2026-03-10T09:00:00Z');

describe('the state after an answer', () => {
  it("follows the answer's session cookie: a sign-in sets it, a sign-out ends it", () => {
    expect(signedInAfter(false, ['sefer.session_token=abc.def; Path=/; HttpOnly; SameSite=Lax'], NOW)).toBe(true);
    expect(signedInAfter(false, ['__Secure-sefer.session_token=abc; Path=/; Secure'], NOW)).toBe(true);
    expect(signedInAfter(true, ['sefer.session_token=; Max-Age=0; Path=/'], NOW)).toBe(false);
    expect(signedInAfter(true, ['sefer.session_token=abc; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], NOW)).toBe(false);
    expect(signedInAfter(true, ['__session=; Path=/; Max-Age=0; SameSite=Lax'], NOW)).toBe(false);
  });

  it('else who asked; other cookies change nothing', () => {
    expect(signedInAfter(true, [], NOW)).toBe(true);
    expect(signedInAfter(false, [], NOW)).toBe(false);
    expect(signedInAfter(false, ['sefer_lang=am; Path=/', 'sefer.session_data=x; Path=/'], NOW)).toBe(false);
    expect(signedInAfter(true, ['sefer_lite=; Max-Age=0', 'my__session=; Max-Age=0'], NOW)).toBe(true);
    // A refreshed session (a later expiry) stays signed in.
    expect(signedInAfter(true, ['sefer.session_token=abc; Expires=Fri, 20 Mar 2026 09:00:00 GMT'], NOW)).toBe(true);
  });
});

describe('the state cookie', () => {
  it('is set once signed in, readable by the page (not HttpOnly), Secure over HTTPS', () => {
    const set = stateCookieChange(true, 'sefer_lang=am', true)!;
    expect(set).toMatch(/^sefer_state=in; Path=\/; SameSite=Lax; Secure; Max-Age=\d+$/);
    expect(set).not.toMatch(/HttpOnly/i);
    expect(stateCookieChange(true, null, false)).not.toMatch(/Secure/);
    expect(stateCookieChange(true, 'sefer_state=in; sefer_lang=am', true)).toBeNull();
  });

  it('is dropped once signed out, and left alone when there is none', () => {
    expect(stateCookieChange(false, 'sefer_lang=am; sefer_state=in', false)).toBe('sefer_state=; Path=/; SameSite=Lax; Max-Age=0');
    expect(stateCookieChange(false, 'sefer_lang=am', false)).toBeNull();
    expect(stateCookieChange(false, undefined, false)).toBeNull();
  });

  it('is read by its own name only', () => {
    expect(stateIn('a=1; sefer_state=in')).toBe('in');
    expect(stateIn('my_sefer_state=in')).toBeUndefined();
  });
});
