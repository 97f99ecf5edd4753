import type { MiddlewareHandler } from 'astro';
import { FALLBACK_CSP, withFormTargets, withMapTiles, withMediaOrigin } from '../csp.mjs';
import { isCachedPage } from './page-store.server.ts';

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
  // Pages get Astro's policy (with the inline scripts' hashes); this one covers every other response.
  'Content-Security-Policy': FALLBACK_CSP,
};

export interface SecurityOrigins {
  /**
   * Where forms may lead besides this site: the payment provider's hosted page, t.me for
   * "Continue with Telegram" (its form is answered with a redirect to the bot), Clerk's pages.
   */
  formTargets: () => string[];
  /** Where photos and videos are served from, when not this site. */
  mediaOrigin: () => string | undefined;
  /** The map tile URL template of a page that shows a map (by its path), else undefined. */
  mapTiles?: (path: string) => string | undefined;
}

/** The security headers on every answer, and a content policy that lets in the form targets and the media origin. */
export const securityHeaders =
  ({ formTargets, mediaOrigin, mapTiles }: SecurityOrigins): MiddlewareHandler =>
  async (context, next) => {
    const response = await next();
    if (isCachedPage(response)) return response;
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    const policy = response.headers.get('Content-Security-Policy');
    if (policy) {
      const opened = withMediaOrigin(withFormTargets(policy, formTargets()), mediaOrigin());
      response.headers.set('Content-Security-Policy', withMapTiles(opened, mapTiles?.(context.url.pathname)));
    }
    return response;
  };
