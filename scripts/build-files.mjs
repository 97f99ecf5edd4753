/**
 * Files the build writes beside Astro's output (astro.config.mjs):
 * - `dist/server/build-info.json`: the version (package.json) and commit of this build, which
 *   `/healthz` and the start log show (scripts/start.mjs), so an operator knows what runs;
 * - `dist/client/unavailable.html`: the page nginx sends, as a 503 with `Retry-After`, when no app
 *   process can answer (deploy/nginx.conf), never its bare "502 Bad Gateway". Both languages, no
 *   script, the catalogue's own texts (messages/platform).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const escapeHtml = (s) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]);

/** The commit checked out, or null outside a git checkout. */
function currentCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** The outage page in English and Amharic, from messages/platform/{en,am}.json. */
export function unavailablePage() {
  const texts = (locale) => JSON.parse(readFileSync(path.join(root, `messages/platform/${locale}.json`), 'utf8'));
  const [en, am] = [texts('en'), texts('am')];
  const block = (t, lang) =>
    `<section lang="${lang}"><h1>${escapeHtml(t.pages_down_title)}</h1><p>${escapeHtml(t.pages_unavailable)}</p><a href="">${escapeHtml(t.pages_try_again)}</a></section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="30"><meta name="robots" content="noindex"><title>${escapeHtml(en.pages_down_title)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fafaf9;display:grid;place-items:center;min-height:100vh;text-align:center}main{padding:2rem 1.25rem;max-width:28rem}section+section{margin-top:2.5rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#57534e}a{display:inline-block;margin-top:1rem;padding:.5rem 1.25rem;border-radius:999px;background:#047857;color:#fff;font-weight:600;text-decoration:none}</style>
</head><body><main>${block(am, 'am')}${block(en, 'en')}</main></body></html>
`;
}

/** The Astro integration that writes both files once the build is done. */
export function buildFiles() {
  return {
    name: 'sefer:build-files',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const client = fileURLToPath(dir);
        const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
        const info = { version, commit: currentCommit(), builtAt: new Date().toISOString() };
        writeFileSync(path.join(client, '..', 'server', 'build-info.json'), `${JSON.stringify(info)}\n`);
        writeFileSync(path.join(client, 'unavailable.html'), unavailablePage());
      },
    },
  };
}
