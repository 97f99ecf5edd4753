// @ts-check
/**
 * The Content-Security-Policy, in one place for astro.config.mjs (pages: Astro writes the header,
 * with the hashes of its own island scripts) and the middleware (every other response).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

/** @typedef {Exclude<NonNullable<NonNullable<import('astro').AstroUserConfig['security']>['csp']>, boolean>} CspConfig */
/** @typedef {NonNullable<NonNullable<CspConfig['scriptDirective']>['hashes']>} CspHashes */

/**
 * Every directive but script-src and style-src, which Astro builds.
 * @type {NonNullable<CspConfig['directives']>}
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  // The offline worker (/sw.js), named rather than left to script-src's fallback.
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

/** The policy of responses Astro does not render as a page (API, media, redirects). */
export const FALLBACK_CSP = [...CSP_DIRECTIVES, "script-src 'self'", "style-src 'self' 'unsafe-inline'"].join('; ');

/**
 * `sha256-…` of each inline script in `folder` (src/scripts/inline): the only inline scripts a
 * page may run, so an injected `<script>` is refused even if HTML escaping ever fails.
 * @param {URL} folder
 * @returns {CspHashes}
 */
export function inlineScriptHashes(folder) {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map(
      (name) =>
        /** @type {CspHashes[number]} */ (
          `sha256-${createHash('sha256')
            .update(minifiedInlineScript(readFileSync(new URL(name, folder), 'utf8')))
            .digest('base64')}`
        ),
    );
}

/**
 * An inline script as pages carry it: minified (every page carries its scripts; comments and
 * indentation were a third of a home page's scripts, decision 21). A classic script, so its
 * top-level names are kept.
 * @param {string} source
 * @returns {string}
 */
export function minifiedInlineScript(source) {
  return transformSync(source, { minify: true, target: 'es2022', charset: 'utf8' }).code.trim();
}

/**
 * The policy with more places a form may lead to: a payment form (Buy Now without script, My Posts'
 * Promote) is answered with a redirect to the payment provider's hosted page, and browsers check
 * form-action on every hop of a form's navigation.
 * @param {string} policy
 * @param {readonly string[]} origins
 * @returns {string}
 */
export function withFormTargets(policy, origins) {
  if (origins.length === 0) return policy;
  return policy.replace("form-action 'self'", `form-action 'self' ${origins.join(' ')}`);
}

/**
 * The policy with the public address of stored media (S3_PUBLIC_URL: a CDN or the bucket) allowed
 * for images and video: pages link media there directly.
 * @param {string} policy
 * @param {string | undefined} origin
 * @returns {string}
 */
export function withMediaOrigin(policy, origin) {
  if (!origin) return policy;
  return policy.replace("img-src 'self'", `img-src 'self' ${origin}`).replace("media-src 'self'", `media-src 'self' ${origin}`);
}

/**
 * The origin of a map tile URL template (`https://{s}.tile.example/{z}/{x}/{y}.png`), `{s}`
 * subdomains as a wildcard; undefined for a template on this site (a path) or one that is not a
 * plain http(s) origin.
 * @param {string} tileUrl
 * @returns {string | undefined}
 */
export function tileOrigin(tileUrl) {
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0].replace('{s}', '*');
  return origin && /^https?:\/\/(\*\.)?[\w.-]+(:\d+)?$/.test(origin) ? origin : undefined;
}

/**
 * The policy with the map tiles' origin allowed for images: the listing form's "Pin it on a map".
 * @param {string} policy
 * @param {string | undefined} tileUrl
 * @returns {string}
 */
export function withMapTiles(policy, tileUrl) {
  const origin = tileUrl && tileOrigin(tileUrl);
  return origin ? policy.replace("img-src 'self'", `img-src 'self' ${origin}`) : policy;
}

/** Astro's digest of one stylesheet or script for a page's policy (astro/dist/core/encryption.js). */
const ASTRO_DIGEST = 'async function generateCspDigest(data, algorithm) {';

/**
 * A Vite plugin: Astro's digests for a page's policy remembered by content. With CSP on, Astro hashes
 * every stylesheet and script of a page's head on every render, and the head's stylesheet is the
 * site's whole CSS (about 50 KB): its UTF-8 encoding and SHA-256 were 4 % of a deal page's miss
 * (issue 31), the same bytes every time. The build fails if Astro's function is not found, so an
 * upgrade that renames it cannot silently bring the cost back.
 * @returns {{ name: string, transform(code: string, id: string): string | null }}
 */
export function rememberedCspDigests() {
  return {
    name: 'sefer:remembered-csp-digests',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/astro/dist/core/encryption.js')) return null;
      if (!code.includes(ASTRO_DIGEST)) throw new Error(`[csp] Astro's generateCspDigest not found in ${id}`);
      return code.replace(
        ASTRO_DIGEST,
        [
          // By algorithm, then by the content itself: the head's strings are the same objects every
          // render, so a lookup does not read them again. Up to 64 each (a build has a handful of heads).
          'const rememberedDigests = new Map();',
          'function generateCspDigest(data, algorithm) {',
          '  let byData = rememberedDigests.get(algorithm);',
          '  if (!byData) rememberedDigests.set(algorithm, (byData = new Map()));',
          '  let digest = byData.get(data);',
          '  if (digest === undefined) {',
          '    if (byData.size >= 64) byData.clear();',
          '    digest = computeCspDigest(data, algorithm);',
          '    byData.set(data, digest);',
          '    digest.catch(() => byData.delete(data));',
          '  }',
          '  return digest;',
          '}',
          'async function computeCspDigest(data, algorithm) {',
        ].join('\n'),
      );
    },
  };
}
