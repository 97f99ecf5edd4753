// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { readFile } from 'node:fs/promises';
import { CSP_DIRECTIVES, inlineScriptHashes, minifiedInlineScript, rememberedCspDigests } from './src/platform/http/csp.mjs';
import { assertCatalogueComplete, compileCatalogue } from './scripts/messages.mjs';
import { buildFiles } from './scripts/build-files.mjs';
import { keptRenderedHtml } from './src/platform/http/rendered-html.mjs';

// A message missing in one language fails the build (and astro check) here.
assertCatalogueComplete();
await compileCatalogue();

/** `src/scripts/inline/*.js?raw` as pages carry them: minified, as their hashes are (src/platform/http/csp.mjs). */
const minifiedInlineScripts = {
  name: 'sefer:minified-inline-scripts',
  enforce: /** @type {const} */ ('pre'),
  /** @param {string} id */
  async load(id) {
    const [file, query] = id.split('?');
    if (query !== 'raw' || !file?.includes('/src/scripts/inline/') || !file.endsWith('.js')) return null;
    return `export default ${JSON.stringify(minifiedInlineScript(await readFile(file, 'utf8')))};`;
  },
};

export default defineConfig({
  output: 'server',
  // Not streamed: every page is read whole by the page steps (its CSS cut, the page cache), and a
  // stream cost an uncached render its chunks' encoding and a web stream's reads (issue 31).
  // The app only: scripts/start.mjs serves the build's static files from a list made at start.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [react(), buildFiles()],
  // Page CSS is small; inlining it saves a render-blocking request on slow links.
  build: { inlineStylesheets: 'always' },
  security: {
    // Done by src/middleware.ts (origin-check.server.ts), which lets RFC 8058 one-click unsubscribe through.
    checkOrigin: false,
    // Scripts by hash only (no 'unsafe-inline'): Astro's own island scripts and ours in src/scripts/inline.
    csp: {
      algorithm: 'SHA-256',
      directives: CSP_DIRECTIVES,
      scriptDirective: { resources: ["'self'"], hashes: inlineScriptHashes(new URL('./src/scripts/inline/', import.meta.url)) },
      // Page CSS is inlined; a style cannot run code, so styles stay 'unsafe-inline'.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // No Markdown here; Shiki's inline styles would only warn about the CSP.
  markdown: { syntaxHighlight: false },
  // astro:assets is not used: its /_image endpoint is replaced by one that answers 404.
  image: { endpoint: { route: '/_image', entrypoint: './src/features/media/no-image-endpoint.ts' } },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), minifiedInlineScripts, rememberedCspDigests(), keptRenderedHtml()],
    ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg'] },
  },
});
