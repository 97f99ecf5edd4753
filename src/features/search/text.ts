/**
 * Text for matching, never for display (decision 26). Pure and isomorphic.
 *
 * - `foldWord`: NFC, case-fold, Latin diacritics removed, Ethiopic same-sound letters folded to one
 *   family per sound and vowel order, labialised syllables spelled out.
 * - `wordsOf`: a text's words; Ethiopic punctuation and word space are separators.
 * - `stemsOf`: a word with Amharic prefixes and suffixes stripped (and a light English plural).
 * - `latinKey`: how a word sounds in Latin letters, the key that meets Amharic typed on a phone:
 *   Ge'ez is romanised with `any-ascii` (its Ethiopic table is SERA-like), then both scripts go
 *   through one phonetic folding (ch/c, sh/x, q/k, gemination, and the vowels e and i that people
 *   type for ä and ə at will are dropped).
 */
import anyAscii from 'any-ascii';
import { SAME_SOUND_ROWS } from './ethiopic-rows.ts';

const ETHIOPIC = /[\u1200-\u139F\u2D80-\u2DDF]/u;
const ETHIOPIC_PUNCTUATION = /[\u1360-\u1368]/gu;
/** Gemination and vowel-length marks: not written by most people, so never part of a word. */
const ETHIOPIC_MARKS = /[\u135D-\u135F]/gu;

/** Rows whose 1st and 4th orders are pronounced alike and interchanged (ሀ/ሃ, አ/ኣ). */
const FIRST_IS_FOURTH = new Set([0x1200, 0x12a0]);
/** Labialised rows (ቈ ቊ ቋ ቌ ቍ …) and the plain row each is a form of. */
const LABIALISED_ROWS = new Map<number, number>([
  [0x1248, 0x1240], // ቈ → ቀ
  [0x1258, 0x1250], // ቘ → ቐ
  [0x1288, 0x1200], // ኈ → ሀ (ኀ folds to ሀ)
  [0x12b0, 0x12a8], // ኰ → ከ
  [0x12c0, 0x1200], // ዀ → ሀ (ኸ folds to ሀ)
  [0x1310, 0x1308], // ጐ → ገ
]);
/** Rows whose 8th syllable is the -wa form (ሏ = ሉ + ዋ); the others' 8th is a different sound. */
const WA_EIGHTH = new Set([
  0x1208, 0x1210, 0x1218, 0x1220, 0x1228, 0x1230, 0x1238, 0x1260, 0x1268, 0x1270, 0x1278, 0x1290, 0x1298, 0x12d8, 0x12e0, 0x12f0, 0x12f8,
  0x1300, 0x1320, 0x1328, 0x1330, 0x1338, 0x1348, 0x1350,
]);
const WA = 0x12cb; // ዋ
const W_OF_ORDER: Record<number, number> = { 2: 0x12ca, 3: WA, 4: 0x12cc }; // ዊ ዋ ዌ
const ORDER = { first: 0, second: 1, sixth: 5, seventh: 6 } as const;

function syllable(row: number, order: number): string {
  return String.fromCodePoint(row + order);
}

/** Folds one Ethiopic syllable of the main block; anything else is returned as it is. */
function foldSyllable(char: string): string {
  const cp = char.codePointAt(0)!;
  if (cp < 0x1200 || cp > 0x135a) return char;
  if (cp === 0x12a7) return 'አ'; // ኧ is a spelling of አ
  let row = cp & ~7;
  let order = cp & 7;
  const labialBase = LABIALISED_ROWS.get(row);
  if (labialBase !== undefined) {
    const base = SAME_SOUND_ROWS.get(labialBase) ?? labialBase;
    // ቈ (wä) is written and heard as ቆ; the others are the 2nd order followed by a w-syllable.
    if (order === 0) return syllable(base, ORDER.seventh);
    const w = W_OF_ORDER[order];
    return w ? syllable(base, ORDER.second) + String.fromCodePoint(w) : syllable(base, ORDER.second);
  }
  if (order === 7 && WA_EIGHTH.has(row)) {
    row = SAME_SOUND_ROWS.get(row) ?? row;
    return syllable(row, ORDER.second) + String.fromCodePoint(WA);
  }
  row = SAME_SOUND_ROWS.get(row) ?? row;
  if (order === 3 && FIRST_IS_FOURTH.has(row)) order = ORDER.first;
  return syllable(row, order);
}

export function isEthiopic(word: string): boolean {
  return ETHIOPIC.test(word);
}

/** A word (or text) for matching: the same word however it was spelled or cased. */
export function foldWord(text: string): string {
  const composed = text.normalize('NFC').toLowerCase();
  // Latin diacritics go (café → cafe); Ethiopic has none but its own marks, removed above.
  const plain = composed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .normalize('NFC');
  let out = '';
  for (const char of plain.replace(ETHIOPIC_MARKS, '')) out += foldSyllable(char);
  return out;
}

/** The words of a text, folded, in order, duplicates kept (a phrase is a sequence of words). */
export function wordsOf(text: string): string[] {
  return foldWord(text.replace(ETHIOPIC_PUNCTUATION, ' '))
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

// ── Affixes ────────────────────────────────────────────────────────────────────────────────────

/** Prefixes glued to an Amharic word, longest first (after folding). */
const PREFIXES = ['እንደ', 'ወደ', 'ከየ', 'በየ', 'የ', 'በ', 'ለ', 'ከ'];
/** A word keeps at least this many syllables after a prefix or suffix is taken away. */
const MIN_SYLLABLES = 2;

function ethiopicOrder(char: string | undefined): { row: number; order: number } | null {
  const cp = char?.codePointAt(0);
  if (cp === undefined || cp < 0x1200 || cp > 0x135a) return null;
  return { row: cp & ~7, order: cp & 7 };
}

function withoutSuffix(syllables: string[]): string[] | null {
  const n = syllables.length;
  const last = syllables[n - 1];
  // Plural -ዎች after a vowel, -ኦች/-(7th order)ች after a consonant.
  if (last === 'ች' && n >= 3) {
    const before = syllables[n - 2]!;
    if (before === 'ዎ' || before === 'ኦ') return syllables.slice(0, -2);
    const o = ethiopicOrder(before);
    if (o && o.order === ORDER.seventh) return [...syllables.slice(0, -2), syllable(o.row, ORDER.sixth)];
  }
  // The definite article: -ው/-ዋ after a vowel, the 2nd order of a final consonant.
  if ((last === 'ው' || last === 'ዋ') && n > MIN_SYLLABLES) return syllables.slice(0, -1);
  const o = ethiopicOrder(last);
  if (o && o.order === ORDER.second && n >= MIN_SYLLABLES && o.row !== 0x12c8) {
    return [...syllables.slice(0, -1), syllable(o.row, ORDER.sixth)];
  }
  return null;
}

/** The Latin-letter spellings of the same affixes ("yemekina", "mekinawoch", "libsoch"). */
function latinStems(word: string): string[] {
  const stems: string[] = [];
  const plural = /^(.{3,}?)(?:woch|wech|och|ech)$/u.exec(word);
  if (plural) stems.push(plural[1]!);
  const prefix = /^(?:ye|be|le|ke)(.{4,})$/u.exec(word);
  if (prefix) stems.push(prefix[1]!);
  // A light English plural: shoes → shoe, phones → phone (never 'ss': glass).
  if (/^[a-z]{3,}s$/u.test(word) && !word.endsWith('ss')) stems.push(word.slice(0, -1));
  if (/^[a-z]{3,}es$/u.test(word)) stems.push(word.slice(0, -2));
  return stems;
}

/**
 * Other forms of a folded word with its affixes stripped (the word itself not included): the
 * same stripping on both sides, so መኪናዎች, የመኪና and በመኪና all meet መኪና.
 */
export function stemsOf(word: string): string[] {
  if (!isEthiopic(word)) return latinStems(word);
  const syllables = [...word];
  const forms = new Set<string>();
  let base = syllables;
  for (const prefix of PREFIXES) {
    const p = [...prefix];
    if (syllables.length - p.length >= MIN_SYLLABLES && p.every((s, i) => syllables[i] === s)) {
      base = syllables.slice(p.length);
      forms.add(base.join(''));
      break;
    }
  }
  for (const from of [syllables, base]) {
    const stripped = withoutSuffix(from);
    if (stripped) forms.add(stripped.join(''));
  }
  forms.delete(word);
  return [...forms];
}

// ── Latin keys ─────────────────────────────────────────────────────────────────────────────────

/** A folded word in Latin letters: Ge'ez romanised (any-ascii, SERA-like marks removed). */
export function romanise(word: string): string {
  return anyAscii(word)
    .toLowerCase()
    .replace(/[^a-z0-9]/gu, '');
}

/**
 * The sound of a word as a key that Ge'ez and the many ways of typing it in Latin letters share:
 * ch/c → c, sh/x → x, zh → j, q/ck/c → k, ph → f, kh → h, tz → ts, gn → ny, doubled letters once
 * (gemination), and no e or i (people type ä and ə as e, a, i or nothing) unless fewer than three
 * letters would be left.
 */
export function latinKey(word: string): string {
  const latin = isEthiopic(word) ? romanise(word) : word.replace(/[^a-z0-9]/gu, '');
  const folded = latin
    .replace(/ch/gu, 'C')
    // A typed x is ሸ before a vowel (xay, xama) and ks elsewhere (fix, box): fix and fish stay apart.
    .replace(/x(?![aeiou])/gu, 'ks')
    .replace(/sh/gu, 'x')
    .replace(/zh/gu, 'j')
    .replace(/ph/gu, 'f')
    .replace(/kh/gu, 'h')
    .replace(/tz/gu, 'ts')
    .replace(/gn/gu, 'ny')
    .replace(/ck/gu, 'k')
    .replace(/[cq]/gu, 'k')
    .replace(/C/gu, 'c')
    .replace(/([a-z])\1+/gu, '$1');
  const consonantal = folded.replace(/[ei]/gu, '').replace(/([a-z])\1+/gu, '$1');
  // Without its vowels a short word says too little (egg → g, bet → bt): it keeps them.
  return consonantal.length >= 3 ? consonantal : folded;
}

/** How long a typed word is in Latin letters (a Ge'ez syllable counts as its romanisation). */
export function typedLength(word: string): number {
  return isEthiopic(word) ? romanise(word).length : word.length;
}

/** Typos a word tolerates, as Meilisearch: none under 5 letters, one from 5, two from 9. */
export function typoAllowance(word: string): number {
  const length = typedLength(word);
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = (rows[i] = [i] as number[]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row[j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}
