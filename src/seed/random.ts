/**
 * The small deterministic generator (mulberry32) of the demo catalogue and of the benchmark's
 * catalogues: the same seed makes the same data. Plain TypeScript without imports, so bench/
 * loads it in Node directly.
 */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Roughly normal, mean 0, sd 1 (sum of uniforms). */
    normal: () => next() + next() + next() + next() - 2,
  };
}
