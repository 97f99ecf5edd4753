/**
 * A page's Content-Security-Policy names the hashes of the inline scripts that page has, not of every
 * inline script of the site: the site-wide list (astro.config.mjs) was 21 hashes, 1.2 KB of headers
 * on every page, which slow 3G pays before the first byte of HTML (issue 17). Narrower is also
 * stricter: a script that belongs on another page does not run here.
 */
import { createHash } from 'node:crypto';

/** Inline scripts the browser runs (no `src`; no data type such as JSON-LD). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const RUNS = (attributes: string) => !/\bsrc\s*=/.test(attributes) && !/\btype\s*=\s*"?(?!module|text\/javascript)[^\s">]/.test(attributes);

/**
 * Each script's hash by its code: every page carries the same few scripts, and hashing them again
 * for every page was most of this step's cost (issue 31). Bounded against a page that makes its code.
 */
const hashOfScript = new Map<string, string>();
const HASH_MEMO_LIMIT = 200;

function hashOf(body: string): string {
  let hash = hashOfScript.get(body);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    if (hashOfScript.size >= HASH_MEMO_LIMIT) hashOfScript.clear();
    // A copy: the key must not keep the page it was sliced from alive.
    hashOfScript.set(Buffer.from(body, 'utf8').toString('utf8'), hash);
  }
  return hash;
}

/** `script-src` of `policy` with exactly the hashes of the inline scripts in `html`. */
export function withOnlyPageScripts(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (RUNS(attributes!)) hashes.add(hashOf(body!));
  }
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name !== 'script-src') return directive;
      return ` ${[name, ...sources.filter((source) => !source.startsWith("'sha256-")), ...hashes].join(' ')} `;
    })
    .join(';');
}
