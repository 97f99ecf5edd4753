/**
 * Where the business is, in a seller's words: a neighbourhood picked from the places list, a pin
 * dropped on a map or the phone's own position, each told back as a place ("Near Bole Medhanialem")
 * and turned into the form's fields. Pure and isomorphic (the island and its tests).
 *
 * The picker matches what he types against a place's English name and its name in Amharic, both
 * folded (search/text.ts: case, Latin accents, Ethiopic same-sound letters), and Amharic typed in
 * Latin letters by sound: the Amharic name is romanised with a small table (the search's
 * `latinKey` romanises with any-ascii, half a megabyte the form's island should not carry).
 */
import { m } from '#paraglide/messages.js';
import { PLACES, nearestPlace, type Place } from '#features/listings/places.ts';
import { foldWord, isEthiopic, wordsOf } from '#features/search/text.ts';

/** How the seller placed his business. `kept`: coordinates the form already had (a restored draft). */
export type PlaceWay = 'picked' | 'pinned' | 'located' | 'kept';

export interface PlaceChoice {
  way: PlaceWay;
  /** The place chosen, or the one nearest the pin or the position. */
  place: Place;
  latitude: number;
  longitude: number;
}

// ── Matching ───────────────────────────────────────────────────────────────────────────────────

/** The consonant of each Ethiopic row (first syllable of the row); '' for the glottal rows (አ, ዐ). */
const CONSONANTS: Record<number, string> = {
  0x1200: 'h', 0x1208: 'l', 0x1210: 'h', 0x1218: 'm', 0x1220: 's', 0x1228: 'r', 0x1230: 's', 0x1238: 'sh',
  0x1240: 'q', 0x1248: 'qw', 0x1250: 'q', 0x1260: 'b', 0x1268: 'v', 0x1270: 't', 0x1278: 'ch', 0x1280: 'h',
  0x1288: 'hw', 0x1290: 'n', 0x1298: 'ny', 0x12a0: '', 0x12a8: 'k', 0x12b0: 'kw', 0x12b8: 'h', 0x12c0: 'hw',
  0x12c8: 'w', 0x12d0: '', 0x12d8: 'z', 0x12e0: 'zh', 0x12e8: 'y', 0x12f0: 'd', 0x12f8: 'd', 0x1300: 'j',
  0x1308: 'g', 0x1310: 'gw', 0x1318: 'g', 0x1320: 't', 0x1328: 'ch', 0x1330: 'p', 0x1338: 'ts', 0x1340: 'ts',
  0x1348: 'f', 0x1350: 'p',
}; // prettier-ignore
/** The vowel of each order: ä, u, i, a, e, ə (often silent), o, and -wa for the 8th. */
const VOWELS = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'];

/** Amharic in Latin letters as people type it on a phone (ፒያሳ → piyasa, መገናኛ → meguenanya). */
export function romaniseAmharic(text: string): string {
  let out = '';
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const consonant = CONSONANTS[cp & ~7];
    out += cp >= 0x1200 && cp <= 0x1357 && consonant !== undefined ? consonant + VOWELS[cp & 7] : char;
  }
  return out;
}

/**
 * How a Latin word sounds, the way `latinKey` in search/text.ts folds it: ch/c, sh/x, q/c/ck → k,
 * gn → ny, doubled letters once, and no e, i or y (typed at will for ä, ə and glides) unless fewer
 * than three letters would be left.
 */
export function soundKey(word: string): string {
  const folded = foldWord(word)
    .replace(/[^a-z0-9]/gu, '')
    .replace(/ch/gu, 'C')
    .replace(/x(?![aeiou])/gu, 'ks')
    .replace(/sh/gu, 'x')
    .replace(/zh/gu, 'j')
    .replace(/ph/gu, 'f')
    .replace(/gn/gu, 'ny')
    .replace(/ck/gu, 'k')
    .replace(/[cq]/gu, 'k')
    .replace(/C/gu, 'c')
    .replace(/([a-z])\1+/gu, '$1');
  const consonantal = folded.replace(/[eiy]/gu, '').replace(/([a-z])\1+/gu, '$1');
  return consonantal.length >= 3 ? consonantal : folded;
}

/** A typed word shorter than this is matched by its letters only, never by its sound. */
const MIN_SOUND_LETTERS = 3;

interface PlaceKeys {
  /** The English and the Amharic name, folded. */
  texts: string[];
  /** Their words, folded (a word that starts with what is typed ranks first). */
  words: string[];
  /** The sound of both names written in Latin letters, spaces left out. */
  sounds: string[];
}

function keysOf(place: Place): PlaceKeys {
  const names = [place.name, place.label];
  const latin = names.map((name) => (isEthiopic(name) ? romaniseAmharic(name) : name));
  return {
    texts: names.map(foldWord),
    words: names.flatMap(wordsOf),
    sounds: latin.map((name) => soundKey(name.replace(/\s+/gu, ''))),
  };
}

function wordMatches(keys: PlaceKeys, word: string): boolean {
  if (keys.texts.some((text) => text.includes(word))) return true;
  const latin = isEthiopic(word) ? romaniseAmharic(word) : word;
  if (latin.length < MIN_SOUND_LETTERS) return false;
  const sound = soundKey(latin);
  return keys.sounds.some((key) => key.includes(sound));
}

/**
 * The places that match what the seller typed, those with a name that starts with his first word
 * first; every place, in the list's order, while he has typed nothing. Each typed word must match
 * (as part of either name, or by its sound in Latin letters).
 */
export function placesMatching(typed: string, places: readonly Place[] = PLACES): Place[] {
  const words = wordsOf(typed);
  if (words.length === 0) return [...places];
  const found = places.map((place) => ({ place, keys: keysOf(place) })).filter(({ keys }) => words.every((w) => wordMatches(keys, w)));
  const first = words[0]!;
  const leads = ({ keys }: { keys: PlaceKeys }) => (keys.words.some((w) => w.startsWith(first)) ? 0 : 1);
  return found.sort((a, b) => leads(a) - leads(b)).map(({ place }) => place);
}

// ── Choices and fields ─────────────────────────────────────────────────────────────────────────

/** A neighbourhood picked from the list: its own coordinates. */
export function pickedPlace(place: Place): PlaceChoice {
  return { way: 'picked', place, latitude: place.lat, longitude: place.lng };
}

/** A pin or a position: its coordinates, told as the place nearest them. */
export function placedAt(way: 'pinned' | 'located', latitude: number, longitude: number): PlaceChoice {
  return { way, place: nearestPlace(latitude, longitude), latitude, longitude };
}

/** The form's coordinates as 6-decimal text (spec 5), as the reducer writes them. */
const coordinate = (value: number) => value.toFixed(6);

/**
 * What the form already holds, told as a place: a listed place's exact coordinates as picked,
 * other coordinates as near the nearest place; null while it has none.
 */
export function choiceOfFields(latitude: string, longitude: string): PlaceChoice | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const exact = PLACES.find((p) => coordinate(p.lat) === coordinate(lat) && coordinate(p.lng) === coordinate(lng));
  return exact ? pickedPlace(exact) : { ...placedAt('pinned', lat, lng), way: 'kept' };
}

/**
 * The fields a choice fills: latitude and longitude, and the location (the place's name) when
 * the seller left it empty and picked a neighbourhood. A pin or a position is only near a place,
 * so his own words are never replaced and an empty location stays his to write.
 */
export function fieldsOfChoice(choice: PlaceChoice, location: string): { latitude: number; longitude: number; location?: string } {
  const fields = { latitude: choice.latitude, longitude: choice.longitude };
  return choice.way === 'picked' && location.trim() === '' ? { ...fields, location: choice.place.name } : fields;
}

/** The choice in words: "Near Bole Medhanialem", "Pinned near Edna Mall", "Your location: near Merkato". */
export function choiceInWords(choice: PlaceChoice): string {
  const place = choice.place.label;
  if (choice.way === 'pinned') return m.form_place_pinned_near({ place });
  if (choice.way === 'located') return m.form_place_located_near({ place });
  return m.form_place_near({ place });
}
