/**
 * A seller's initials badge (lite mode's picture in lists): one or two initials of the company's
 * name and one of a few colour pairs, the same for a seller everywhere.
 */

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first grapheme of the first two words: an Ethiopic syllable (ሰ, ቡ) is one grapheme, as is a
 * letter with its combining marks, so a name is never cut inside a character.
 */
export function initialsOf(name: string): string {
  const firsts: string[] = [];
  for (const { segment, isWordLike } of words.segment(name.normalize('NFC'))) {
    if (!isWordLike) continue;
    const first = graphemes.segment(segment)[Symbol.iterator]().next().value?.segment;
    if (first) firsts.push(first.toLocaleUpperCase());
    if (firsts.length === 2) break;
  }
  return firsts.join('') || '?';
}

/** Colour pairs already in the stylesheet (brand, accent, Telegram sky, amber): the badge adds no CSS. */
export const BADGE_COLOURS = [
  'bg-brand-700 text-white',
  'bg-brand-100 text-brand-800',
  'bg-accent-400 text-stone-900',
  'bg-sky-700 text-white',
  'bg-amber-100 text-amber-900',
] as const;

/** A seller's colour pair, from its name: stable across pages and restarts. */
export function badgeColours(name: string): (typeof BADGE_COLOURS)[number] {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.codePointAt(0)!) >>> 0;
  return BADGE_COLOURS[hash % BADGE_COLOURS.length]!;
}
