/**
 * The query parameters of public listing lists, shared by pages and `GET /api/products/`.
 * Pure and isomorphic; the SQL lives in `server/public-listings.server.ts` and `server/nearby-listings.server.ts`.
 */
import { z } from 'zod';
import { canonicalCategoryKey } from './categories.ts';
import { hasNul, withoutNul } from '#platform/http/input-guards.ts';
import { ok, type FieldErrors, type Result } from '#platform/http/result.ts';
import { m } from '#paraglide/messages.js';

/** The spec's list screens, each a filter on verified listings. */
export const LIST_KINDS = ['daily', 'ending-soon', 'upcoming', 'holiday', 'new', 'recent', 'videos'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 48;
/** Deep pages cost an ever larger OFFSET; nobody pages this far by hand. */
export const MAX_PAGE = 200;
export const MAX_QUERY_LENGTH = 100;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const listingQuerySchema = z.object({
  category: optionalText.pipe(
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const key = canonicalCategoryKey(v);
        if (!key) {
          ctx.addIssue({ code: 'custom', message: `Unknown category '${v}'` });
          return z.NEVER;
        }
        return key;
      }),
  ),
  query: optionalText.pipe(withoutNul(z.string().max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`)).optional()),
  window: optionalText.pipe(z.enum(LIST_KINDS, { message: `window must be one of ${LIST_KINDS.join(', ')}` }).optional()),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(PAGE_SIZE),
  page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1).max(MAX_PAGE).default(1),
});

export type ListingQuery = z.infer<typeof listingQuerySchema>;

/** Parses URL search parameters; unknown parameters are ignored, bad ones reported by name. */
export function parseListingQuery(params: URLSearchParams): Result<ListingQuery> {
  return parseParams(listingQuerySchema, params, ['category', 'query', 'window', 'limit', 'page'], { keepEmpty: true });
}

/**
 * A query string's 400: `error` names the first bad parameter (`Invalid limit: …`), `fields` every
 * one (as the route toolkit's `{error, fields}`).
 */
export function describeIssues(error: z.ZodError): { status: 400; error: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'request');
    (fields[name] ??= []).push(issue.message);
  }
  const first = Object.entries(fields)[0];
  return { status: 400, error: first ? `Invalid ${first[0]}: ${first[1][0]}` : 'Invalid request', fields };
}

/** The named parameters through `schema` (an empty one counts as absent unless `keepEmpty`). */
function parseParams<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams,
  keys: readonly string[],
  { keepEmpty = false } = {},
): Result<z.output<S>> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && (keepEmpty || value !== '')) raw[key] = value;
  }
  const result = schema.safeParse(raw);
  return result.success ? ok(result.data) : { ok: false, ...describeIssues(result.error) };
}

/** The page number from a page URL: 1 for anything missing or unusable (pages never error on it). */
export function pageNumber(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * A search box's text from a page URL: trimmed and capped. `findsNothing` when it holds a NUL
 * character, which no stored text can contain: the page shows no results without asking the
 * database (which would refuse the query).
 */
export function searchText(raw: string | null): { text: string; findsNothing: boolean } {
  const text = (raw ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  return hasNul(text) ? { text: text.replaceAll('\u0000', ''), findsNothing: true } : { text, findsNothing: false };
}

export { likePattern } from '#platform/db/like.ts';

/** Nearby search parameters (`GET /api/products/nearby/?lat=&lng=&radius=`). */
export const nearbyQuerySchema = z.object({
  lat: z.coerce
    .number({ message: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: z.coerce
    .number({ message: 'lng must be a number' })
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
  radius: z.coerce
    .number({ message: 'radius must be a number' })
    .gt(0, 'radius must be more than 0')
    .max(50, 'radius must be at most 50 km')
    .default(2),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

export function parseNearbyQuery(params: URLSearchParams): Result<NearbyQuery> {
  return parseParams(nearbyQuerySchema, params, ['lat', 'lng', 'radius', 'limit', 'page']);
}

/** Kilometres per degree of latitude (and of longitude at the equator). */
export const KM_PER_DEGREE = 111.32;

/** The bounding box that contains every point within `radiusKm` of (lat, lng): the index pre-filter. */
export function boundingBox(lat: number, lng: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const dLng = Math.min(radiusKm / (KM_PER_DEGREE * cos), 180);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Great-circle distance in km (the same formula the SQL uses). */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/** '350 m' or '1.4 km'. */
export function formatDistance(km: number): string {
  return km < 1
    ? m.listings_distance_m({ meters: Math.max(10, Math.round((km * 1000) / 10) * 10) })
    : m.listings_distance_km({ km: km.toFixed(1) });
}
