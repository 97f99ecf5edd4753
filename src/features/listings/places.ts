/**
 * Well-known places in Addis Ababa, for finding nearby offers (/nearby-shops) or placing a business
 * (the listing form) without a GPS position.
 */
import { m } from '#paraglide/messages.js';
import { haversineKm } from './listing-query.ts';

export interface Place {
  /** The place's English name: the value forms and URLs carry. */
  name: string;
  /** Its name in the current language, for what the visitor reads. */
  readonly label: string;
  /** Its names in every language (what a seller may have typed without JavaScript). */
  readonly labels: readonly string[];
  lat: number;
  lng: number;
}

function place(
  name: string,
  label: (inputs?: Record<string, never>, options?: { locale?: 'en' | 'am' }) => string,
  lat: number,
  lng: number,
): Place {
  return Object.freeze({
    name,
    get label() {
      return label();
    },
    get labels() {
      return [label({}, { locale: 'en' }), label({}, { locale: 'am' })];
    },
    lat,
    lng,
  });
}

export const PLACES: readonly Place[] = [
  place('Bole Medhanialem', m.listings_place_bole_medhanialem, 8.9963, 38.7868),
  place('Edna Mall', m.listings_place_edna_mall, 8.9984, 38.7893),
  place('22 Mazoria', m.listings_place_mazoria_22, 9.0087, 38.7874),
  place('Kazanchis', m.listings_place_kazanchis, 9.0186, 38.7681),
  place('Piassa', m.listings_place_piassa, 9.0335, 38.7502),
  place('Merkato', m.listings_place_merkato, 9.0301, 38.7372),
  place('Arat Kilo', m.listings_place_arat_kilo, 9.0331, 38.7629),
  place('Mexico Square', m.listings_place_mexico_square, 9.0105, 38.7452),
  place('Sarbet', m.listings_place_sarbet, 8.9961, 38.7378),
  place('Megenagna', m.listings_place_megenagna, 9.0203, 38.8002),
  place('CMC', m.listings_place_cmc, 9.0208, 38.8452),
  place('Gerji', m.listings_place_gerji, 8.9993, 38.8148),
  place('Ayat', m.listings_place_ayat, 9.0301, 38.8803),
  place('Saris', m.listings_place_saris, 8.9502, 38.7598),
  place('Jemo', m.listings_place_jemo, 8.9601, 38.7103),
];

/** The place of that name, if it is one. */
export function findPlace(name: string | null): Place | undefined {
  return PLACES.find((p) => p.name === name);
}

/**
 * The place a seller typed in the neighbourhood box of a form posted without JavaScript: its name
 * or its label in either language, in any letter case and spacing; undefined when it names none.
 */
export function placeTyped(typed: string | null | undefined): Place | undefined {
  const fold = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  const wanted = fold(typed ?? '');
  if (wanted === '') return undefined;
  return PLACES.find((p) => [p.name, ...p.labels].some((name) => fold(name) === wanted));
}

/** The known place nearest a position (a shared location, a pin on the map). */
export function nearestPlace(latitude: number, longitude: number): Place {
  let best = PLACES[0]!;
  let bestKm = Infinity;
  for (const place of PLACES) {
    const km = haversineKm(latitude, longitude, place.lat, place.lng);
    if (km < bestKm) [best, bestKm] = [place, km];
  }
  return best;
}
