import { describe, expect, it } from 'vitest';
import { glossary } from './glossary-data.ts';
import { searchDocument } from './search-document.ts';
import { coveringKeys, planSearch, substringUsesIndex } from './search-query.ts';

describe("the spec's substring and its trigram index", () => {
  it('is looked up when a run of letters is long enough for pg_trgm to use', () => {
    for (const text of ['shoes', 'tv set', 'A15', 'ቡናዎች', 'ሸገር ቡና', 'ቡና ቤት', 'ye bet', 'tv.', 'café'])
      expect(substringUsesIndex(text), text).toBe(true);
  });

  it('is left to the word match when no run is (it would scan every deal)', () => {
    for (const text of ['tv', 'ቡና', ' ጫማ ', 'ማር', 'a1', 'ቡና', '  ', '...']) expect(substringUsesIndex(text), text).toBe(false);
  });
});

describe('the keys a search looks up', () => {
  const documentOf = (productName: string, description = '') =>
    searchDocument({ productName, companyName: 'Sefer shop', location: 'Bole', description, category: 'other' }, 'Other', glossary);
  const finds = (terms: readonly string[], keys: readonly string[]) => keys.some((k) => terms.includes(k));

  it('drop a word or stem whose sound key is also looked up, and keep every deal they find', () => {
    const docs = [
      documentOf('Solar panel 200W'),
      documentOf('ሶላር ፓነል', 'ለቤት የሚሆን'),
      documentOf('Wedding cake', 'Bridal and party cakes'),
      documentOf('ቡናዎች', 'Buna from Jimma'),
      documentOf('Shoes', 'Leather shoe repair'),
      documentOf('Solaris sunglasses'),
    ];
    for (const query of ['solar', 'ሶላር', 'wedding', 'ቡና', 'coffee', 'shoe', 'sol']) {
      const plan = planSearch(query, glossary);
      for (const w of plan.words) {
        const keys = [...w.exact, ...w.derived];
        const fewer = coveringKeys(keys);
        expect(fewer.length, query).toBeLessThan(keys.length);
        for (const doc of docs) expect(finds(doc.searchTerms, fewer), `${query} in ${doc.searchPhrase}`).toBe(finds(doc.searchTerms, keys));
      }
    }
    expect(coveringKeys(['solar', '~solar', 'ሶላር'])).toEqual(['~solar']);
  });

  it('keep a word whose sound key is not looked up', () => {
    expect(coveringKeys(['solar', '~other'])).toEqual(['solar', '~other']);
  });
});
