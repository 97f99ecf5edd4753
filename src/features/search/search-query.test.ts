import { describe, expect, it } from 'vitest';
import { commonShare, substringUsesIndex, walkFindsWindowSooner, type SearchPlan } from './search-query.ts';

describe("the spec's substring and its trigram index", () => {
  it('is looked up when a run of letters is long enough for pg_trgm to use', () => {
    for (const text of ['shoes', 'tv set', 'A15', 'ቡናዎች', 'ሸገር ቡና', 'ቡና ቤት', 'ye bet', 'tv.', 'café'])
      expect(substringUsesIndex(text), text).toBe(true);
  });

  it('is left to the word match when no run is (it would scan every deal)', () => {
    for (const text of ['tv', 'ቡና', ' ጫማ ', 'ማር', 'a1', 'ቡና', '  ', '...']) expect(substringUsesIndex(text), text).toBe(false);
  });
});

describe('walking the newest deals or gathering every match', () => {
  const plan = (...words: string[][]) => ({ words: words.map((exact) => ({ exact })) }) as unknown as SearchPlan;
  const shares = new Map([
    ['bole', 0.26],
    ['~bol', 0.26],
    ['kofe', 0.004],
  ]);
  const shareOf = (key: string) => shares.get(key) ?? 0;

  it('takes the commonest key of each word and the rarest word', () => {
    expect(commonShare(plan(['bole', '~bol']), shareOf)).toBe(0.26);
    expect(commonShare(plan(['bole'], ['kofe']), shareOf)).toBe(0.004);
    expect(commonShare(plan(['unknown']), shareOf)).toBe(0);
    expect(commonShare(plan(), shareOf)).toBe(0);
  });

  it('walks for a word in a large share of a large catalogue only', () => {
    expect(walkFindsWindowSooner(0.26, 100_000, 1000)).toBe(true);
    expect(walkFindsWindowSooner(0.074, 100_000, 1000)).toBe(false);
    expect(walkFindsWindowSooner(0.26, 1000, 1000)).toBe(false);
    expect(walkFindsWindowSooner(1, 900, 1000)).toBe(false);
  });
});
