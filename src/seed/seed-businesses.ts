/** The demo catalogue's businesses: who sells, and where in Addis Ababa. */

export interface DemoBusiness {
  company: string;
  seller: { firstName: string; lastName: string };
  neighbourhood: string;
  latitude: number;
  longitude: number;
}

/** Neighbourhoods with approximate coordinates; several sit within 2 km of Bole so nearby has content. */
export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  {
    company: 'Bole Fresh Market',
    seller: { firstName: 'Hana', lastName: 'Tesfaye' },
    neighbourhood: 'Bole Medhanialem, Addis Ababa',
    latitude: 8.9963,
    longitude: 38.7868,
  },
  {
    company: 'Edna Style House',
    seller: { firstName: 'Meron', lastName: 'Alemu' },
    neighbourhood: 'Edna Mall, Bole, Addis Ababa',
    latitude: 8.9984,
    longitude: 38.7893,
  },
  {
    company: 'Gotera Auto Care',
    seller: { firstName: 'Dawit', lastName: 'Bekele' },
    neighbourhood: 'Gotera, Addis Ababa',
    latitude: 8.9895,
    longitude: 38.7552,
  },
  {
    company: 'Haya Hulet Tech Hub',
    seller: { firstName: 'Samuel', lastName: 'Girma' },
    neighbourhood: '22 Mazoria, Addis Ababa',
    latitude: 9.0087,
    longitude: 38.7874,
  },
  {
    company: 'Atlas Home Interiors',
    seller: { firstName: 'Selam', lastName: 'Haile' },
    neighbourhood: 'Atlas, Bole, Addis Ababa',
    latitude: 8.9987,
    longitude: 38.7812,
  },
  {
    company: 'Kazanchis Business Center',
    seller: { firstName: 'Yonas', lastName: 'Mekonnen' },
    neighbourhood: 'Kazanchis, Addis Ababa',
    latitude: 9.0186,
    longitude: 38.7681,
  },
  {
    company: 'Piassa Jewellers',
    seller: { firstName: 'Tigist', lastName: 'Wolde' },
    neighbourhood: 'Piassa, Addis Ababa',
    latitude: 9.0335,
    longitude: 38.7502,
  },
  {
    company: 'Merkato Wholesale Traders',
    seller: { firstName: 'Abebe', lastName: 'Kebede' },
    neighbourhood: 'Merkato, Addis Ababa',
    latitude: 9.0301,
    longitude: 38.7372,
  },
  {
    company: 'Sarbet Wellness Clinic',
    seller: { firstName: 'Liya', lastName: 'Getachew' },
    neighbourhood: 'Sarbet, Addis Ababa',
    latitude: 8.9961,
    longitude: 38.7378,
  },
  {
    company: 'CMC Green Gardens',
    seller: { firstName: 'Bereket', lastName: 'Assefa' },
    neighbourhood: 'CMC, Addis Ababa',
    latitude: 9.0208,
    longitude: 38.8452,
  },
  {
    company: 'Megenagna Logistics',
    seller: { firstName: 'Kalkidan', lastName: 'Tadesse' },
    neighbourhood: 'Megenagna, Addis Ababa',
    latitude: 9.0203,
    longitude: 38.8002,
  },
  {
    company: 'Arat Kilo Books & Print',
    seller: { firstName: 'Mulugeta', lastName: 'Desta' },
    neighbourhood: 'Arat Kilo, Addis Ababa',
    latitude: 9.0331,
    longitude: 38.7629,
  },
  {
    company: 'Old Airport Event Hall',
    seller: { firstName: 'Rahel', lastName: 'Negash' },
    neighbourhood: 'Old Airport, Addis Ababa',
    latitude: 8.9878,
    longitude: 38.7497,
  },
  {
    company: 'Gerji Family Care',
    seller: { firstName: 'Eden', lastName: 'Yohannes' },
    neighbourhood: 'Gerji, Addis Ababa',
    latitude: 8.9993,
    longitude: 38.8148,
  },
  {
    company: 'Lideta Craft Collective',
    seller: { firstName: 'Fikru', lastName: 'Abera' },
    neighbourhood: 'Lideta, Addis Ababa',
    latitude: 9.0102,
    longitude: 38.7351,
  },
  {
    company: 'Ayat Pet & Garden',
    seller: { firstName: 'Saron', lastName: 'Mulatu' },
    neighbourhood: 'Ayat, Addis Ababa',
    latitude: 9.0301,
    longitude: 38.8803,
  },
  {
    company: 'Mexico Square Travel',
    seller: { firstName: 'Nahom', lastName: 'Fikre' },
    neighbourhood: 'Mexico, Addis Ababa',
    latitude: 9.0105,
    longitude: 38.7452,
  },
  {
    company: 'Saris Agro Supply',
    seller: { firstName: 'Genet', lastName: 'Ayele' },
    neighbourhood: 'Saris, Addis Ababa',
    latitude: 8.9502,
    longitude: 38.7598,
  },
  {
    company: 'Rwanda Street Studio',
    seller: { firstName: 'Yared', lastName: 'Tilahun' },
    neighbourhood: 'Rwanda Street, Bole, Addis Ababa',
    latitude: 8.9941,
    longitude: 38.7905,
  },
  {
    company: 'Jemo Kids Corner',
    seller: { firstName: 'Bethlehem', lastName: 'Shiferaw' },
    neighbourhood: 'Jemo, Addis Ababa',
    latitude: 8.9601,
    longitude: 38.7103,
  },
];
