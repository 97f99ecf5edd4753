/**
 * The session state a page may read (issue 30): `sefer_state=in` while the visitor is signed in,
 * no cookie otherwise. Not a secret and not the session (that cookie stays HttpOnly): it only lets
 * a page the browser brings back from its back-forward cache or history, rendered for the state
 * before a sign-in or sign-out, see that it is out of date (src/scripts/inline/session-check.js), and
 * lets the offline worker know whether its kept copies (all signed-out pages) fit the visitor.
 */

/** The cookie's name, read by the inline check and the offline worker (keep the three in step). */
export const STATE_COOKIE = 'sefer_state';

/** Cookies that carry a signed-in session: better-auth's (with or without `__Secure-`) and Clerk's. */
const SESSION_COOKIE_NAME = /^(?:__Secure-)?(?:sefer\.session_token|__session)$/;

/** A year: the cookie is dropped by the server as soon as a request shows the session is gone. */
const STATE_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether one `Set-Cookie` value ends the cookie it names (empty, `Max-Age` of 0 or less, or expired). */
function ends(setCookie: string, now: number): boolean {
  const [pair = '', ...attributes] = setCookie.split(';');
  if (pair.slice(pair.indexOf('=') + 1).trim() === '') return true;
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (/^max-age$/i.test(name) && Number(value) <= 0) return true;
    if (/^expires$/i.test(name) && Date.parse(value) <= now) return true;
  }
  return false;
}

/**
 * Whether the visitor is signed in once this response is taken: the response's own session cookie
 * decides (a sign-in sets it, a sign-out ends it), else who the request came from.
 */
export function signedInAfter(signedIn: boolean, setCookies: readonly string[], now = Date.now()): boolean {
  let after = signedIn;
  for (const cookie of setCookies) {
    const name = cookie.slice(0, cookie.indexOf('=')).trim();
    if (SESSION_COOKIE_NAME.test(name)) after = !ends(cookie, now);
  }
  return after;
}

/** The state cookie's value in a `Cookie` header, if any. */
export function stateIn(cookieHeader: string | null | undefined): string | undefined {
  return new RegExp(`(?:^|;\\s*)${STATE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
}

/**
 * The `Set-Cookie` that brings the state cookie in step with the session, or null when it already
 * is: set when signed in and missing, dropped when signed out and present.
 */
export function stateCookieChange(signedIn: boolean, cookieHeader: string | null | undefined, secure: boolean): string | null {
  const present = stateIn(cookieHeader);
  const flags = `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (signedIn) return present === 'in' ? null : `${STATE_COOKIE}=in${flags}; Max-Age=${STATE_MAX_AGE}`;
  return present === undefined ? null : `${STATE_COOKIE}=${flags}; Max-Age=0`;
}
