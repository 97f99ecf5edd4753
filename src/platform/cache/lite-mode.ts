/**
 * Lite mode (issue 17): text-first pages for visitors who pay for every megabyte. On when the
 * browser asks for less data (`Save-Data: on`) or the visitor turned it on in the menu; a choice
 * the visitor made (the cookie, on or off) beats the browser's hint, so a phone whose data saver is
 * always on can still show photos.
 *
 * Pure: the middleware (from the request's headers) and the front cache (from Node's) decide with
 * the same function, so a page is cached and found under the same key.
 */

/** The cookie that remembers the visitor's choice: `on` or `off`. */
export const LITE_COOKIE = 'sefer_lite';

/** A year, in seconds: the choice outlives a session, as the language's does. */
export const LITE_COOKIE_MAX_AGE = 365 * 24 * 3600;

export type LiteChoice = 'on' | 'off';

/** The visitor's choice from `?set=` or the cookie's value; anything else is no choice. */
export function liteChoice(value: string | null | undefined): LiteChoice | null {
  return value === 'on' || value === 'off' ? value : null;
}

/**
 * Whether a `Save-Data` header asks for less data. The Client Hints draft defines it as a list of
 * tokens separated by `;`, and `on` (any case) as the opt-in; other tokens are ignored.
 */
export function savesData(header: string | null | undefined): boolean {
  if (!header) return false;
  return header.split(';').some((token) => token.trim().toLowerCase() === 'on');
}

/** The value of one cookie in a `Cookie` header, or undefined. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export interface LiteDecision {
  /** Pages are text-first. */
  lite: boolean;
  /** The visitor's cookie decided (on or off), not the browser's header. */
  chosen: boolean;
}

/** Lite mode for a request: its `Save-Data` header and `Cookie` header. */
export function liteMode(saveData: string | null | undefined, cookieHeader: string | null | undefined): LiteDecision {
  const choice = liteChoice(cookieValue(cookieHeader, LITE_COOKIE));
  if (choice) return { lite: choice === 'on', chosen: true };
  return { lite: savesData(saveData), chosen: false };
}
