import { describe, expect, it } from 'vitest';
import { MIX, pagePicker, randomSource, summary, zipf } from '../../bench/mixed.mjs';
import { startFlags } from '../../bench/server.mjs';

describe("the mixed workload's picks", () => {
  it('draws Zipf ranks: the first far more often than the tenth, every rank possible', () => {
    const draw = zipf(1000, 1, randomSource(1)) as () => number;
    const seen = new Map<number, number>();
    for (let i = 0; i < 100_000; i++) {
      const rank = draw();
      seen.set(rank, (seen.get(rank) ?? 0) + 1);
    }
    const share = (rank: number) => (seen.get(rank) ?? 0) / 100_000;
    // 1/H(1000) ≈ 13 % for the first, a tenth of that for the tenth.
    expect(share(0)).toBeGreaterThan(0.11);
    expect(share(0)).toBeLessThan(0.16);
    expect(share(9) / share(0)).toBeGreaterThan(0.07);
    expect(share(9) / share(0)).toBeLessThan(0.13);
    expect(Math.max(...seen.keys())).toBeGreaterThan(900);
  });

  it('mixes deals, categories, searches, home and recents in the stated shares, some with tracking parameters', () => {
    const pick = pagePicker({
      listingPaths: Array.from({ length: 500 }, (_, i) => `/listings/${i + 1}-deal`),
      categoryPaths: ['/homes', '/food-and-beverages', '/cafes'],
      queries: ['ቡና', 'buna', 'coffee'],
      next: randomSource(2),
    }) as () => { kind: string; path: string };
    const kinds = new Map<string, number>();
    let tracked = 0;
    const n = 60_000;
    for (let i = 0; i < n; i++) {
      const { kind, path } = pick();
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (/[?&](utm_source|fbclid)=/.test(path)) tracked++;
      if (kind === 'search') expect(path).toMatch(/^\/search\?query=/);
      if (kind === 'recents') expect(path).toBe('/recents');
    }
    for (const [kind, share] of MIX as [string, number][]) expect(Math.abs(kinds.get(kind)! / n - share), kind).toBeLessThan(0.01);
    expect(tracked / n).toBeGreaterThan(0.08);
    expect(tracked / n).toBeLessThan(0.16);
  });

  it('counts the hit rate over visitors who are not signed in, and over all', () => {
    expect(summary({ total: 100, hit: 72, miss: 18, signedIn: 10, signedInFilled: 8 })).toEqual({
      hitRate: 0.8,
      hitRateAll: 0.72,
      signedInFilledRate: 0.8,
    });
    expect(summary({ total: 0, hit: 0, miss: 0, signedIn: 0 })).toEqual({ hitRate: null, hitRateAll: null, signedInFilledRate: null });
  });

  it('starts each build with the Node flags of its own npm start', () => {
    expect(startFlags(new URL('../..', import.meta.url).pathname)).toEqual(['--max-semi-space-size=16']);
  });
});
