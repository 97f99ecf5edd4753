import type { APIRoute } from 'astro';
import { parseNearbyQuery } from '#lib/listing-query.ts';
import { cardJson } from '#server/api.server.ts';
import { jsonError, jsonOk } from '#server/http.server.ts';
import { listNearbyListings } from '#server/nearby-listings.server.ts';

/** `GET /api/products/nearby/?lat=&lng=&radius=2`: verified listings within `radius` km, nearest first. */
export const GET: APIRoute = async ({ url, locals }) => {
  const parsed = parseNearbyQuery(url.searchParams);
  if (!parsed.ok) return jsonError(400, parsed.error, parsed.fields);
  const q = parsed.value;
  try {
    const page = await listNearbyListings(locals.db, { lat: q.lat, lng: q.lng, radiusKm: q.radius }, { page: q.page, pageSize: q.limit });
    const response = jsonOk(page.items.map(cardJson));
    response.headers.set('X-Has-More', String(page.hasMore));
    return response;
  } catch (error) {
    console.error('[api/products/nearby]', error);
    return jsonError(503, 'Nearby listings are unavailable right now. Please try again.');
  }
};
