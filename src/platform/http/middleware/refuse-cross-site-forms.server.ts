import type { MiddlewareHandler } from 'astro';
import { crossSiteFormRefusal } from '../origin-check.server.ts';

/**
 * Astro's checkOrigin is off (astro.config.mjs): the same check, with one-click unsubscribe let
 * through. A refused form post is answered before anything else runs.
 */
export const refuseCrossSiteForms: MiddlewareHandler = (context, next) => crossSiteFormRefusal(context.request, context.url) ?? next();
