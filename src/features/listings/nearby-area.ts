/**
 * Which deals /nearby-shops shows (issue 30): the position the visitor shared (`?lat=&lng=`, after
 * they tapped "Share my location"), else a neighbourhood (`?place=`), else the one they chose last
 * (the `sefer_area` cookie), else central Addis Ababa. Nothing here asks for a location: the page
 * shows deals before any question.
 *
 * A page of one neighbourhood is the same for everybody (`?place=`): shared caches may keep it.
 * Only the bare URL reads the cookie, and sends its visitor on to their neighbourhood's URL.
 */
import { m } from '#paraglide/messages.js';
import { PLACES, findPlace, type Place } from './places.ts';

/** The last neighbourhood a visitor chose on /nearby-shops: a place's English name. */
export const AREA_COOKIE = 'sefer_area';
/** A year, like the language and lite-mode choices. */
export const AREA_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Central Addis Ababa: Meskel Square, where the city's main roads meet. The default area. */
export const CENTRAL_ADDIS: Place = Object.freeze({
  name: 'Meskel Square',
  get label() {
    return m.nearby_central_area();
  },
  get labels() {
    return [m.nearby_central_area({}, { locale: 'en' }), m.nearby_central_area({}, { locale: 'am' })];
  },
  lat: 9.0106,
  lng: 38.7612,
});

/** The areas a visitor may pick: the city centre first, then the well-known places. */
export const NEARBY_AREAS: readonly Place[] = [CENTRAL_ADDIS, ...PLACES];

/** The area of that name (a picked value, a cookie), if it is one; anything else is nothing. */
export function findArea(name: string | null | undefined): Place | undefined {
  return name === CENTRAL_ADDIS.name ? CENTRAL_ADDIS : findPlace(name ?? null);
}

/** Why the visitor's location is not used: they refused it, or the browser could not give it. */
export type NotShared = 'denied' | 'unavailable';

export type NearbyView =
  /** Deals near the visitor's shared position (the page parses and checks it). */
  | { kind: 'position' }
  /** Deals near an area; `chosen` is false for the default (central Addis Ababa). */
  | { kind: 'area'; area: Place; chosen: boolean; notShared: NotShared | null }
  /** The visitor picked an area: remember it, then go to its page. */
  | { kind: 'remember'; area: Place; path: string }
  /** The bare URL of a visitor who picked an area before: go to its page. */
  | { kind: 'remembered'; area: Place; path: string };

/** The path (without language) of an area's deals, page `page`: the same URL for every visitor. */
export function areaPath(area: Place, page?: string | null): string {
  const query = new URLSearchParams({ place: area.name });
  if (page && page !== '1') query.set('page', page);
  return `/nearby-shops?${query}`;
}

/**
 * What /nearby-shops shows for its query. `remembered` reads the area cookie; it is called only when
 * the URL names no area (reading it keeps the page out of shared caches).
 */
export function nearbyView(params: URLSearchParams, remembered: () => string | undefined): NearbyView {
  if (params.has('lat') || params.has('lng')) return { kind: 'position' };
  const named = findArea(params.get('place'));
  if (named && params.has('remember')) return { kind: 'remember', area: named, path: areaPath(named, params.get('page')) };
  if (named) return { kind: 'area', area: named, chosen: true, notShared: null };
  const location = params.get('location');
  const notShared: NotShared | null = location === 'denied' ? 'denied' : location === 'unsupported' ? 'unavailable' : null;
  const last = findArea(remembered());
  if (last && !notShared) return { kind: 'remembered', area: last, path: areaPath(last, params.get('page')) };
  return last ? { kind: 'area', area: last, chosen: true, notShared } : { kind: 'area', area: CENTRAL_ADDIS, chosen: false, notShared };
}
