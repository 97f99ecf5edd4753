/**
 * Where a visitor may be sent from input (`?next=`, a Referer): only a path of this site.
 *
 * Checking the string is not enough: browsers drop tabs and newlines from URLs and read `\` as `/`,
 * so `/\t/evil.example` passes a "starts with / but not //" test and still lands on another host.
 * A path is safe when the URL parser, resolving it on a stand-in origin, keeps that origin and gives
 * back exactly the same path.
 */
const STAND_IN = 'http://sefer.invalid';

export function safePath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, STAND_IN);
  } catch {
    return fallback;
  }
  if (url.origin !== STAND_IN) return fallback;
  return `${url.pathname}${url.search}${url.hash}` === value ? value : fallback;
}
