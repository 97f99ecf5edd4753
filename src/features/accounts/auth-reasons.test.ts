/** Why a visitor is asked to sign in: only the listed reasons, never words from the URL; a deal's report form is one. */
import { describe, expect, it } from 'vitest';
import { authReasonOf, reasonQuery, signInForPath, signInReasonText, signUpReasonText } from './auth-reasons.ts';

describe('the reason of a sign-in screen', () => {
  it('is one of the list, or none', () => {
    expect(authReasonOf('save-deal', '/listings/x-1')).toBe('save-deal');
    expect(authReasonOf('save-search', '/search?query=tv')).toBe('save-search');
    expect(authReasonOf('Sign in to win a prize', '/')).toBeNull();
    expect(authReasonOf('<script>alert(1)</script>', '/')).toBeNull();
    expect(authReasonOf('constructor', '/')).toBeNull();
    expect(authReasonOf(null, '/listings/x-1')).toBeNull();
  });

  it("is reporting a deal when `next` is a deal's report form, in either language", () => {
    expect(authReasonOf(null, '/report?kind=listing&id=4')).toBe('report-deal');
    expect(authReasonOf(null, '/am/report?kind=listing&id=4')).toBe('report-deal');
    expect(authReasonOf(null, '/report?kind=comment&id=4')).toBeNull();
    expect(authReasonOf(null, '//evil.example/report?kind=listing&id=4')).toBeNull();
  });

  it('has its words in English and Amharic', () => {
    expect(signInReasonText('save-deal')).toBe('Sign in to save this deal');
    expect(signInReasonText('save-search')).toBe('Sign in to save this search');
    expect(signInReasonText('report-deal')).toBe('Sign in to report this deal');
    expect(signUpReasonText('save-deal')).toBe('Create your account to save this deal');
  });

  it('travels on the sign-in link with `next`, which stays a path of this site', () => {
    expect(signInForPath('/listings/x-1', 'save-deal')).toBe('/login?next=/listings/x-1&reason=save-deal');
    expect(signInForPath('/search?query=tv&x=1', 'save-search', 'signup')).toBe(
      '/signup?next=/search%3Fquery%3Dtv%26x%3D1&reason=save-search',
    );
    expect(signInForPath('//evil.example', 'save-deal')).toBe('/login?next=/&reason=save-deal');
    expect(reasonQuery('report-deal')).toBe('&reason=report-deal');
    expect(reasonQuery(null)).toBe('');
  });
});
