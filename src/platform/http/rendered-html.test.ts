import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptRenderedHtml, RENDERED_HTML, renderedHtmlOf } from './rendered-html.mjs';

const astroPage = path.join(
  path.dirname(createRequire(import.meta.url).resolve('astro/package.json')),
  'dist/runtime/server/render/page.js',
);

describe("a page's HTML kept as Astro rendered it (issue 31)", () => {
  const plugin = keptRenderedHtml() as unknown as { transform: (code: string, id: string) => string | null };

  it("rewrites Astro's renderPage: no encoding of the body, the string kept on the response", () => {
    const code = plugin.transform(readFileSync(astroPage, 'utf8'), astroPage)!;
    expect(code).toContain(`answer[Symbol.for('sefer.renderedHtml')] = renderedHtml`);
    expect(code).toContain('Buffer.byteLength(body)');
    expect(code).not.toContain('body = encoder.encode(body);\n    headers.set("Content-Length", body.byteLength');
    expect(plugin.transform('export {}', '/app/src/pages/index.astro')).toBeNull();
    expect(() => plugin.transform('export {}', astroPage)).toThrow(/not as expected/);
  });

  it('reads the kept string without reading the body, and the body of any other response', async () => {
    const kept = new Response('<p>ቡና</p>', { headers: { 'Content-Type': 'text/html' } });
    (kept as unknown as Record<symbol, string>)[RENDERED_HTML] = '<p>ቡና</p>';
    expect(await renderedHtmlOf(kept)).toBe('<p>ቡና</p>');
    expect(kept.bodyUsed).toBe(false);
    const plain = new Response('<p>shiro</p>');
    expect(await renderedHtmlOf(plain)).toBe('<p>shiro</p>');
    expect(plain.bodyUsed).toBe(true);
  });
});
