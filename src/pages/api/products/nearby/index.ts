import { parseNearbyQuery } from '#features/listings/listing-query.ts';
import { cardJson } from '#features/listings/listing-json.server.ts';
import { api, jsonOk, refuse } from '#platform/http/http.server.ts';
import { listNearbyListings } from '#features/listings/nearby-listings.server.ts';
import { m } from '#paraglide/messages.js';

/** `GET /api/products/nearby/?lat=&lng=&radius=2`: verified listings within `radius` km, nearest first. */
export const GET = api(
  'products/nearby',
  async ({ url, locals }) => {
    const query = parseNearbyQuery(url.searchParams);
    if (!query.ok) refuse(query);
    const { lat, lng, radius, page, limit } = query.value;
    const nearby = await listNearbyListings(locals.db, { lat, lng, radiusKm: radius }, { page, pageSize: limit });
    const response = jsonOk(nearby.items.map(cardJson));
    response.headers.set('X-Has-More', String(nearby.hasMore));
    return response;
  },
  m.form_srv_nearby_unavailable,
);
