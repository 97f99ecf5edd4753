/**
 * Well-known places in Addis Ababa, for finding nearby offers (/nearby-shops) or placing a business
 * (the listing form) without a GPS position.
 */
export interface Place {
  name: string;
  lat: number;
  lng: number;
}

export const PLACES: readonly Place[] = [
  { name: 'Bole Medhanialem', lat: 8.9963, lng: 38.7868 },
  { name: 'Edna Mall', lat: 8.9984, lng: 38.7893 },
  { name: '22 Mazoria', lat: 9.0087, lng: 38.7874 },
  { name: 'Kazanchis', lat: 9.0186, lng: 38.7681 },
  { name: 'Piassa', lat: 9.0335, lng: 38.7502 },
  { name: 'Merkato', lat: 9.0301, lng: 38.7372 },
  { name: 'Arat Kilo', lat: 9.0331, lng: 38.7629 },
  { name: 'Mexico Square', lat: 9.0105, lng: 38.7452 },
  { name: 'Sarbet', lat: 8.9961, lng: 38.7378 },
  { name: 'Megenagna', lat: 9.0203, lng: 38.8002 },
  { name: 'CMC', lat: 9.0208, lng: 38.8452 },
  { name: 'Gerji', lat: 8.9993, lng: 38.8148 },
  { name: 'Ayat', lat: 9.0301, lng: 38.8803 },
  { name: 'Saris', lat: 8.9502, lng: 38.7598 },
  { name: 'Jemo', lat: 8.9601, lng: 38.7103 },
];

/** The place of that name, if it is one. */
export function findPlace(name: string | null): Place | undefined {
  return PLACES.find((p) => p.name === name);
}
