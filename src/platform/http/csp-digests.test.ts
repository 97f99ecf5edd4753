import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rememberedCspDigests } from './csp.mjs';

/** Astro's own encryption module, as the build reads it. */
const astroEncryption = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist/core/encryption.js');

describe("Astro's CSP digests, remembered (issue 31)", () => {
  const plugin = rememberedCspDigests() as unknown as { transform: (code: string, id: string) => string | null };

  it("rewrites Astro's module, and only it", () => {
    const code = readFileSync(astroEncryption, 'utf8');
    expect(plugin.transform(code, astroEncryption)).toContain('rememberedDigests');
    expect(plugin.transform(code, '/app/src/pages/index.astro')).toBeNull();
    expect(() => plugin.transform('export {}', astroEncryption)).toThrow(/generateCspDigest not found/);
  });

  it('gives the same digests as before, worked out once per content', async () => {
    // The rewritten module beside Astro's own, so its imports resolve as in the build.
    const copy = path.join(path.dirname(astroEncryption), `.remembered-${process.pid}.mjs`);
    writeFileSync(copy, plugin.transform(readFileSync(astroEncryption, 'utf8'), astroEncryption)!);
    try {
      const { generateCspDigest } = (await import(pathToFileURL(copy).href)) as {
        generateCspDigest: (data: string, algorithm: string) => Promise<string>;
      };
      const css = '.flex{display:flex}'.repeat(500);
      const first = generateCspDigest(css, 'SHA-256');
      expect(generateCspDigest(css, 'SHA-256')).toBe(first);
      expect(await first).toBe(`sha256-${createHash('sha256').update(css).digest('base64')}`);
      expect(await generateCspDigest('b{}', 'SHA-384')).toBe(`sha384-${createHash('sha384').update('b{}').digest('base64')}`);
    } finally {
      rmSync(copy, { force: true });
    }
  });
});
