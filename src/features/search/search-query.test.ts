import { describe, expect, it } from 'vitest';
import { substringUsesIndex } from './search-query.ts';

describe("the spec's substring and its trigram index", () => {
  it('is looked up when a run of letters is long enough for pg_trgm to use', () => {
    for (const text of ['shoes', 'tv set', 'A15', 'ቡናዎች', 'ሸገር ቡና', 'ቡና ቤት', 'ye bet', 'tv.', 'café'])
      expect(substringUsesIndex(text), text).toBe(true);
  });

  it('is left to the word match when no run is (it would scan every deal)', () => {
    for (const text of ['tv', 'ቡና', ' ጫማ ', 'ማር', 'a1', 'ቡና', '  ', '...']) expect(substringUsesIndex(text), text).toBe(false);
  });
});
