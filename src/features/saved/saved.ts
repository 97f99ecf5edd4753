/**
 * Saved deals and saved searches: the inputs of the Save button, the "Email me new deals like
 * these" form and the /saved page (one zod schema each, shared by the forms and the server), what a
 * saved search is called and where its list is, and when the daily digest is due. Pure.
 */
import { z } from 'zod';
import { m } from '#paraglide/messages.js';
import { canonicalCategoryKey, categoryByKey } from '#features/listings/categories.ts';
import { hasNul, parseId } from '#platform/http/input-guards.ts';
import { MAX_QUERY_LENGTH } from '#features/listings/listing-query.ts';
import { findPlace } from '#features/listings/places.ts';
import { safePath } from '#platform/http/safe-path.ts';
import { MARKET_UTC_OFFSET_MS } from '#features/listings/discount.ts';

/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 20;
/** Deals a digest names per search; the rest are "and N more" with a link to the list. */
export const DIGEST_DEALS_PER_SEARCH = 10;
/** The digest goes out from this hour, Addis Ababa time. */
export const DIGEST_HOUR = 7;
/** Saved deals per page of /saved. */
export const SAVED_PAGE_SIZE = 20;
/** The largest radius a nearby search may follow (as the nearby page allows). */
export const MAX_RADIUS_KM = 50;

const id = z.unknown().transform((value, ctx) => {
  const parsed = parseId(typeof value === 'string' || typeof value === 'number' ? value : NaN);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: m.saved_not_understood() });
    return z.NEVER;
  }
  return parsed;
});

/** Where to go back after a form: a path of this site, else `fallback`. */
const backPath = (fallback: string) =>
  z
    .unknown()
    .optional()
    .transform((value) => safePath(typeof value === 'string' ? value : null, fallback));

/** The Save button: toggles one listing in the signed-in buyer's saved deals. */
export const saveListingSchema = z.object({ listingId: id, back: backPath('/saved') });
export type SaveListingInput = z.output<typeof saveListingSchema>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const coord = (min: number, max: number) =>
  z.coerce
    .number({ error: () => m.saved_not_understood() })
    .min(min)
    .max(max);

/** "Email me new deals like these": a search's words, a category or a place with a radius. */
export const savedSearchSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('search'),
      query: z
        .unknown()
        .transform(text)
        .pipe(
          z
            .string()
            .min(1, { error: () => m.saved_query_missing() })
            .max(MAX_QUERY_LENGTH, { error: () => m.saved_query_missing() })
            .refine((q) => !hasNul(q), { error: () => m.saved_not_understood() }),
        ),
      back: backPath('/search'),
    }),
    z.object({
      kind: z.literal('category'),
      category: z
        .unknown()
        .transform((value) => canonicalCategoryKey(text(value)) ?? '')
        .pipe(
          z.string().refine((key) => categoryByKey(key)?.kind !== undefined && categoryByKey(key)?.kind !== 'list', {
            error: () => m.saved_not_understood(),
          }),
        ),
      back: backPath('/'),
    }),
    z.object({
      kind: z.literal('nearby'),
      lat: coord(-90, 90),
      lng: coord(-180, 180),
      // The column holds whole kilometres: a smaller radius follows the nearest whole one.
      radius: z.coerce
        .number({ error: () => m.saved_not_understood() })
        .gt(0)
        .max(MAX_RADIUS_KM)
        .default(2)
        .transform((r) => Math.max(1, Math.ceil(r))),
      place: z
        .unknown()
        .optional()
        .transform((value) => findPlace(typeof value === 'string' ? value : null)?.name ?? null),
      back: backPath('/nearby-shops'),
    }),
  ],
  { error: () => m.saved_not_understood() },
);
export type SavedSearchInput = z.output<typeof savedSearchSchema>;

/** The /saved page's buttons: unsave a deal, remove a saved search. */
export const savedPageActionSchema = z.discriminatedUnion(
  'action',
  [z.object({ action: z.literal('unsave'), listingId: id }), z.object({ action: z.literal('remove-search'), searchId: id })],
  { error: () => m.saved_not_understood() },
);
export type SavedPageAction = z.output<typeof savedPageActionSchema>;

/** A saved search as stored (the columns that say what it follows). */
export interface SavedSearchSpec {
  kind: 'search' | 'category' | 'nearby';
  query: string | null;
  category: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
  /** The words, the category key, or the place's name ('' for a place picked by GPS). */
  label: string;
}

/** The stored form of a saved search's input. */
export function savedSearchSpec(input: SavedSearchInput): SavedSearchSpec {
  const none = { query: null, category: null, latitude: null, longitude: null, radiusKm: null };
  switch (input.kind) {
    case 'search':
      return { ...none, kind: 'search', query: input.query, label: input.query };
    case 'category':
      return { ...none, kind: 'category', category: input.category, label: input.category };
    case 'nearby':
      return { ...none, kind: 'nearby', latitude: input.lat, longitude: input.lng, radiusKm: input.radius, label: input.place ?? '' };
  }
}

/** Whether two saved searches follow the same deals (a second one is refused). */
export function isSameSearch(a: SavedSearchSpec, b: SavedSearchSpec): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'search') return a.query?.toLowerCase() === b.query?.toLowerCase();
  if (a.kind === 'category') return a.category === b.category;
  const near = (x: number | null, y: number | null) => x !== null && y !== null && Math.abs(x - y) < 1e-6;
  return near(a.latitude, b.latitude) && near(a.longitude, b.longitude) && a.radiusKm === b.radiusKm;
}

/** What a saved search follows, in the current language: `“mitad”`, `Electronics`, `Within 2 km of Bole`. */
export function savedSearchTitle(search: SavedSearchSpec): string {
  if (search.kind === 'search') return m.saved_title_search({ query: search.query ?? search.label });
  if (search.kind === 'category') {
    const key = search.category ?? search.label;
    return m.saved_title_category({ category: categoryByKey(key)?.label ?? key });
  }
  const place = findPlace(search.label);
  const km = String(search.radiusKm ?? 2);
  return place ? m.saved_title_nearby_place({ km, place: place.label }) : m.saved_title_nearby_point({ km });
}

/** The list a saved search follows, as a path of this site. */
export function savedSearchListPath(search: SavedSearchSpec): string {
  if (search.kind === 'search') return `/search?query=${encodeURIComponent(search.query ?? '')}`;
  if (search.kind === 'category') return categoryByKey(search.category ?? '')?.route ?? '/';
  const place = findPlace(search.label);
  const radius = search.radiusKm ?? 2;
  return place
    ? `/nearby-shops?place=${encodeURIComponent(place.name)}&radius=${radius}`
    : `/nearby-shops?lat=${search.latitude}&lng=${search.longitude}&radius=${radius}`;
}

/** The Addis Ababa calendar day of an instant, `YYYY-MM-DD`: the digest's "one a day". */
export function marketDay(now: Date): string {
  return new Date(now.getTime() + MARKET_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether today's digest may go out: from DIGEST_HOUR, Addis Ababa time. */
export function isDigestTime(now: Date): boolean {
  return new Date(now.getTime() + MARKET_UTC_OFFSET_MS).getUTCHours() >= DIGEST_HOUR;
}
