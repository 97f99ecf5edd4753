/**
 * Rotating AUTH_SECRET without signing anybody out (issue 32). better-auth signs its session cookie
 * (`<token>.<HMAC-SHA256 of the token, base64>`) with one secret and refuses any other; its own
 * `secrets` list only covers what it encrypts. So, before a request reaches the app
 * (scripts/start.mjs), a session cookie signed with one of AUTH_SECRET_PREVIOUS is signed again with
 * AUTH_SECRET, in the request (this request is signed in) and in the browser (a `Set-Cookie` with
 * the same attributes better-auth gives it). The session itself, in the database, is untouched.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** better-auth's signed cookies, with the `sefer` prefix (auth.server.ts), in either security mode. */
const SIGNED_COOKIE = /^(__Secure-)?sefer\.(session_token|dont_remember)$/;
/** The session lasts 30 days (auth.server.ts): so does its cookie. */
const SESSION_MAX_AGE = 60 * 60 * 24 * 30;

const signatureOf = (value: string, secret: string) => createHmac('sha256', secret).update(value).digest('base64');

function signedWith(value: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signatureOf(value, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface Resigned {
  /** The request's Cookie header with the cookies signed again. */
  cookie: string;
  /** `Set-Cookie` values giving the browser the cookies signed again. */
  setCookies: string[];
}

/**
 * A function re-signing a request's Cookie header, or null when there is nothing to rotate from.
 * It answers null for a header with no cookie of an earlier secret (the common case, cheap).
 */
export function sessionCookieResigner(current: string | undefined, previous: readonly string[]) {
  if (!current || previous.length === 0) return null;
  /** `https`: the visitor's request came over TLS (the cookie then stays Secure, as secureCookies() makes it). */
  return function resign(header: string | undefined, https = false): Resigned | null {
    if (!header?.includes('sefer.')) return null;
    const setCookies: string[] = [];
    const parts = header.split(';').map((part) => {
      const eq = part.indexOf('=');
      const name = part.slice(0, eq).trim();
      const kind = SIGNED_COOKIE.exec(name);
      if (eq < 0 || !kind) return part;
      let raw: string;
      try {
        raw = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part;
      }
      const dot = raw.lastIndexOf('.');
      const [value, signature] = [raw.slice(0, dot), raw.slice(dot + 1)];
      if (dot < 1 || signature.length !== 44 || signedWith(value, signature, current)) return part;
      if (!previous.some((secret) => signedWith(value, signature, secret))) return part;
      const fresh = encodeURIComponent(`${value}.${signatureOf(value, current)}`);
      const secure = kind[1] || https ? '; Secure' : '';
      const lasting = kind[2] === 'session_token' ? `; Max-Age=${SESSION_MAX_AGE}` : '';
      setCookies.push(`${name}=${fresh}${lasting}; Path=/; HttpOnly; SameSite=Lax${secure}`);
      return ` ${name}=${fresh}`;
    });
    return setCookies.length > 0 ? { cookie: parts.join(';').trim(), setCookies } : null;
  };
}
