/**
 * Astro's cross-site form check (`security.checkOrigin`), made here instead so that one path can be
 * let through: the RFC 8058 one-click unsubscribe, which mail providers POST from their own servers
 * without an Origin header. That POST can only delete the saved search its 256-bit token names.
 * The rule is Astro's: a write from another origin is refused when it is form-like (or untyped).
 */
import { config } from '#platform/config/config.server.ts';

const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ONE_CLICK_UNSUBSCRIBE = /^(\/[a-z]{2})?\/unsubscribe\/[A-Za-z0-9_-]+\/?$/;

/**
 * The origin the visitor's browser used. Behind a proxy that ends TLS (TRUST_PROXY, deploy/nginx.conf)
 * the app is reached over plain HTTP: the scheme is the one the proxy reports.
 */
function visitorOrigin(request: Request, url: URL): string {
  if (!config().trustProxy) return url.origin;
  const scheme = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return scheme === 'https' || scheme === 'http' ? `${scheme}://${url.host}` : url.origin;
}

/** The 403 for a cross-site form post, or null when the request may go on. */
export function crossSiteFormRefusal(request: Request, url: URL): Response | null {
  if (SAFE_METHODS.has(request.method) || ONE_CLICK_UNSUBSCRIBE.test(url.pathname)) return null;
  if (request.headers.get('origin') === visitorOrigin(request, url)) return null;
  const type = request.headers.get('content-type')?.toLowerCase();
  if (type !== undefined && !FORM_CONTENT_TYPES.some((form) => type.includes(form))) return null;
  return new Response(`Cross-site ${request.method} form submissions are forbidden`, { status: 403 });
}
