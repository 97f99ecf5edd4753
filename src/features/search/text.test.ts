import { describe, expect, it } from 'vitest';
import { editDistance, foldWord, latinKey, romanise, stemsOf, typoAllowance, wordsOf } from './text.ts';

const key = (word: string) => latinKey(foldWord(word));

describe('folding for matching', () => {
  it('folds the same-sound letters to one family per sound and order', () => {
    expect(foldWord('ሥጋ')).toBe(foldWord('ስጋ'));
    expect(foldWord('ዓሣ')).toBe(foldWord('አሳ'));
    expect(foldWord('ፀሐይ')).toBe(foldWord('ጸሀይ'));
    expect(foldWord('ኀይል')).toBe(foldWord('ሀይል'));
    expect(foldWord('ኸረ')).toBe(foldWord('ሀረ'));
    // h and glottal: 1st and 4th order are one sound.
    expect(foldWord('ሃገር')).toBe(foldWord('ሀገር'));
    expect(foldWord('ኣዲስ')).toBe(foldWord('አዲስ'));
    // Different sounds stay apart.
    expect(foldWord('ሰላም')).not.toBe(foldWord('ሸላም'));
    expect(foldWord('ቡና')).not.toBe(foldWord('ባና'));
  });

  it('spells labialised syllables out', () => {
    expect(foldWord('ቈ')).toBe('ቆ');
    expect(foldWord('ኰ')).toBe('ኮ');
    expect(foldWord('ቋንቋ')).toBe(foldWord('ቁዋንቁዋ'));
    expect(foldWord('ጓደኛ')).toBe(foldWord('ጉዋደኛ'));
    expect(foldWord('ሏ')).toBe('ሉዋ');
  });

  it('case-folds, composes and removes Latin diacritics', () => {
    expect(foldWord('CAFÉ')).toBe('cafe');
    expect(foldWord('cafe\u0301')).toBe('cafe');
    expect(foldWord('Mekína')).toBe('mekina');
  });

  it('treats Ethiopic punctuation and word space as separators', () => {
    expect(wordsOf('ቡና፡ጫማ።ዳቦ፣ማር፤ሻይ')).toEqual(['ቡና', 'ጫማ', 'ዳቦ', 'ማር', 'ሻይ']);
    expect(wordsOf('Samsung A15, phone!')).toEqual(['samsung', 'a15', 'phone']);
  });
});

describe('affixes', () => {
  it('strips Amharic prefixes, plurals and the definite article on both sides', () => {
    for (const word of ['መኪናዎች', 'የመኪና', 'በመኪና', 'ለመኪና', 'ከመኪና', 'መኪናው']) expect(stemsOf(foldWord(word)), word).toContain('መኪና');
    expect(stemsOf('ልብሶች')).toContain('ልብስ'); // the 7th order goes back to the 6th
    expect(stemsOf('ቤቶች')).toContain('ቤት');
    expect(stemsOf('ቤቱ')).toContain('ቤት'); // the 2nd order of a final consonant
    expect(stemsOf('የቤት')).toContain('ቤት');
    expect(stemsOf('በሶ')).toEqual([]); // a prefix never leaves less than two syllables
    expect(stemsOf('ሰው')).toEqual([]);
  });

  it('strips the same affixes typed in Latin letters, and English plurals', () => {
    expect(stemsOf('mekinawoch')).toContain('mekina');
    expect(stemsOf('libsoch')).toContain('libs');
    expect(stemsOf('yemekina')).toContain('mekina');
    expect(stemsOf('shoes')).toContain('shoe');
    expect(stemsOf('glass')).toEqual([]);
  });
});

describe('Latin sound keys', () => {
  it('meet Amharic as people type it in Latin letters', () => {
    expect(key('ቡና')).toBe(key('bunna'));
    expect(key('ቡና')).toBe(key('buna'));
    expect(key('ጫማ')).toBe(key('chama'));
    expect(key('ሥጋ')).toBe(key('siga'));
    expect(key('እንጀራ')).toBe(key('injera'));
    expect(key('እንጀራ')).toBe(key('enjera'));
    expect(key('መኪና')).toBe(key('mekina'));
    expect(key('ቀይ')).toBe(key('key'));
    expect(key('ቀይ')).toBe(key('qey'));
    expect(key('ሻይ')).toBe(key('xay'));
    expect(key('ሻይ')).toBe(key('shay'));
    expect(key('ጸሀይ')).toBe(key('tsehay'));
    expect(key('ቆንጆ')).toBe(key('konjo'));
    expect(key('ኮምፒውተር')).not.toBe(key('ቡና'));
  });

  it("meet English loanwords in Ge'ez letters", () => {
    expect(key('ሆቴል')).toBe(key('hotel'));
    expect(key('ሶፋ')).toBe(key('sofa'));
    expect(editDistance(key('ኮምፒውተር'), key('computer'), 1)).toBe(1);
  });

  it('keep short words and unlike sounds apart', () => {
    expect(key('egg')).not.toBe(key('g'));
    expect(key('ቤት')).toBe(key('bet'));
    expect(key('fish')).not.toBe(key('fix'));
    expect(key('xay')).toBe(key('shay'));
  });

  it('keep digits as they are', () => {
    expect(key('500')).toBe('500');
    expect(key('50')).not.toBe(key('500'));
  });

  it('romanise with any-ascii, without its marks', () => {
    expect(romanise('ጫማ')).toBe('chama');
    expect(romanise('ዐሣ')).toBe('asa');
  });
});

describe('typos', () => {
  it('are tolerated as Meilisearch does: one from 5 letters, two from 9', () => {
    expect(typoAllowance('shoe')).toBe(0);
    expect(typoAllowance('phone')).toBe(1);
    expect(typoAllowance('resturant')).toBe(2);
    expect(typoAllowance('ቡና')).toBe(0); // buna: 4 letters
  });

  it('count a transposition as one edit', () => {
    expect(editDistance('electornics', 'electronics', 2)).toBe(1);
    expect(editDistance('resturant', 'restaurant', 2)).toBe(1);
    expect(editDistance('coffee', 'tea', 1)).toBe(2);
    expect(editDistance('', 'ab', 2)).toBe(2);
  });
});
