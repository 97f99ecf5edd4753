/**
 * What /nearby-shops does (spec 2.4 item 8, issue 30): deals near an area at once, never a question
 * first (nearby-area.ts says which area), or near the position the visitor chose to share; the
 * picked neighbourhood is remembered in a cookie. Nearest first, within 2 km, paged in SQL
 * (nearby-listings.server.ts).
 */
import type { AstroGlobal } from 'astro';
import { readCookie } from '#platform/http/page-cookies.server.ts';
import { readOrNull } from '#platform/http/safe.server.ts';
import { localHref } from '#platform/i18n/locales.ts';
import type { Database } from '#db/client.ts';
import type { Page } from '#platform/http/paging.ts';
import { parseNearbyQuery, PAGE_SIZE, type NearbyQuery } from './listing-query.ts';
import { listNearbyListings, type NearbyListingCard } from './nearby-listings.server.ts';
import { AREA_COOKIE, AREA_COOKIE_MAX_AGE, CENTRAL_ADDIS, nearbyView, type NotShared } from './nearby-area.ts';
import type { Place } from './places.ts';

/** Deals near a point, and, when none are, the deals of central Addis Ababa instead. */
export interface NearbyDeals {
  deals: Page<NearbyListingCard>;
  instead: { area: Place; deals: Page<NearbyListingCard> } | null;
}

export type NearbyShopsPage =
  | { redirect: string }
  | {
      redirect?: undefined;
      /** The area shown, or null for the visitor's own position. */
      area: Place | null;
      /** False for the default area (nobody chose it). */
      chosen: boolean;
      notShared: NotShared | null;
      /** The point and paging asked for, or null when the position could not be read (400). */
      point: NearbyQuery | null;
      /** The deals, or null when they could not be read (503). */
      result: NearbyDeals | null | undefined;
    };

/**
 * One page of deals within `radiusKm` of a point, nearest first; when the first page is empty (a
 * visitor outside the city, a quiet neighbourhood), the deals near central Addis Ababa follow, so
 * the page is never bare.
 */
export async function readNearbyDeals(db: Database, point: NearbyQuery): Promise<NearbyDeals> {
  const paging = { page: point.page, pageSize: PAGE_SIZE };
  const deals = await listNearbyListings(db, { lat: point.lat, lng: point.lng, radiusKm: point.radius }, paging);
  const centre = point.lat === CENTRAL_ADDIS.lat && point.lng === CENTRAL_ADDIS.lng;
  if (deals.items.length > 0 || point.page > 1 || centre) return { deals, instead: null };
  const central = await listNearbyListings(db, { lat: CENTRAL_ADDIS.lat, lng: CENTRAL_ADDIS.lng, radiusKm: point.radius }, paging);
  return { deals, instead: central.items.length > 0 ? { area: CENTRAL_ADDIS, deals: central } : null };
}

export async function loadNearbyShops(page: AstroGlobal): Promise<NearbyShopsPage> {
  const params = page.url.searchParams;
  const view = nearbyView(params, () => readCookie(page, AREA_COOKIE));
  if (view.kind === 'remember') {
    page.cookies.set(AREA_COOKIE, view.area.name, { path: '/', maxAge: AREA_COOKIE_MAX_AGE, sameSite: 'lax', httpOnly: true });
    return { redirect: localHref(view.path) };
  }
  if (view.kind === 'remembered') return { redirect: localHref(view.path) };
  const area = view.kind === 'area' ? view.area : null;
  const query = area ? new URLSearchParams({ lat: String(area.lat), lng: String(area.lng), page: params.get('page') ?? '1' }) : params;
  const parsed = parseNearbyQuery(query);
  if (!parsed.ok) page.response.status = 400;
  const point = parsed.ok ? parsed.value : null;
  const result = point ? await readOrNull('nearby', () => readNearbyDeals(page.locals.db, point)) : undefined;
  if (result === null) page.response.status = 503;
  return {
    area,
    chosen: view.kind === 'area' && view.chosen,
    notShared: view.kind === 'area' ? view.notShared : null,
    point,
    result,
  };
}
