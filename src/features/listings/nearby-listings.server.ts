/** Verified listings near a point, nearest first (the nearby screens and the API). */
import { and, asc, between, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import { boundingBox } from './listing-query.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { cardColumns, isPublic, type ListingCard } from './listings.server.ts';

export type NearbyListingCard = ListingCard & { distanceKm: number };

/** The first radius tried, in km: in the densest part of a large catalogue it already holds a page. */
const NEARBY_FIRST_RADIUS_KM = 0.1;

/**
 * Verified listings within `radiusKm` of a point, nearest first: an indexed bounding box on
 * latitude/longitude, then the haversine distance (no extension needed).
 *
 * The box starts at 100 m and grows, by what the listings found so far say about the density
 * around the point, until it holds the requested page or reaches `radiusKm`: a page costs about
 * the same whether 1,000 or 100,000 listings surround the point (measured in BENCHMARKS.md).
 * Exact: when a radius r already holds `offset + pageSize + 1` listings, every listing outside it
 * is farther than all of them, so the page is the same as with the full radius.
 */
export async function listNearbyListings(
  db: Database,
  point: { lat: number; lng: number; radiusKm: number },
  paging: PageRequest,
): Promise<Page<NearbyListingCard>> {
  const offset = (paging.page - 1) * paging.pageSize;
  const wanted = offset + paging.pageSize + 1;
  let radiusKm = Math.min(NEARBY_FIRST_RADIUS_KM, point.radiusKm);
  for (;;) {
    const rows = await nearbyRows(db, { ...point, radiusKm }, paging);
    if (rows.length > paging.pageSize || radiusKm >= point.radiusKm) {
      return toPage(rows, paging);
    }
    // Listings within the radius (at least; none seen means the page lies farther out).
    const found = rows.length > 0 ? offset + rows.length : 0;
    // Aim at twice the radius the density suggests: one more query is dearer than a few more rows.
    const growth = found > 0 ? Math.max(2, 2 * Math.sqrt(wanted / found)) : 5;
    radiusKm = Math.min(point.radiusKm, radiusKm * growth);
  }
}

/**
 * One page (plus one row) of verified listings within one radius, nearest first: the bounding box
 * reads `listings_public_geo_idx` (nearby-listings.data.test.ts checks the plan).
 */
export function nearbyRows(db: Database, point: { lat: number; lng: number; radiusKm: number }, paging: PageRequest) {
  const box = boundingBox(point.lat, point.lng, point.radiusKm);
  const distance = sql<number>`(6371 * 2 * asin(sqrt(
    power(sin(radians(${listings.latitude} - ${point.lat}) / 2), 2)
    + cos(radians(${point.lat})) * cos(radians(${listings.latitude}))
    * power(sin(radians(${listings.longitude} - ${point.lng}) / 2), 2))))`;
  return db
    .select({ ...cardColumns, distanceKm: distance.mapWith(Number) })
    .from(listings)
    .where(
      and(
        isPublic,
        between(listings.latitude, box.minLat, box.maxLat),
        between(listings.longitude, box.minLng, box.maxLng),
        sql`${distance} <= ${point.radiusKm}`,
      ),
    )
    .orderBy(distance, asc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
}
