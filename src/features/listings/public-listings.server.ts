/**
 * Public (verified) lists of listings: the list screens, categories and search, new products,
 * videos, the HTTP API's pages and one listing's page. Every list is one indexed, paged query.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { listings, type ListingStatus, type StoredVideo } from '#db/schema.ts';
import { recentSince, windowBounds } from './discount.ts';
import { likePattern, type ListKind } from './listing-query.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { cardColumns, isPublic, withGalleries, type ListingCard, type ListingImage } from './listings.server.ts';

/** Which verified listings a public list shows. */
export interface PublicListingFilter {
  category?: string;
  list?: ListKind;
  /** Case-insensitive substring of product name, company name and location. */
  query?: string;
  now: Date;
}

/** The expression the trigram index is built on; queries must use it as is. */
const searchText = sql`lower(${listings.productName} || ' ' || ${listings.companyName} || ' ' || ${listings.location})`;

/** The WHERE and ORDER BY of a public list: each combination is served by one partial index. */
export function publicListingCriteria(filter: PublicListingFilter) {
  const conditions: SQL[] = [isPublic];
  let order: SQL[] = [desc(listings.datePosted), desc(listings.id)];
  if (filter.category) conditions.push(eq(listings.category, filter.category));
  if (filter.query) conditions.push(sql`${searchText} like ${likePattern(filter.query)}`);
  switch (filter.list) {
    case 'daily':
    case 'ending-soon': {
      const bounds = windowBounds(filter.list, filter.now);
      conditions.push(isNotNull(listings.endsAt), gt(listings.endsAt, bounds.endAfter), lte(listings.endsAt, bounds.endAtOrBefore));
      order = [asc(listings.endsAt), asc(listings.id)];
      break;
    }
    case 'recent':
      conditions.push(gte(listings.datePosted, recentSince(filter.now)), lte(listings.datePosted, filter.now));
      break;
    case 'upcoming':
      conditions.push(eq(listings.category, 'upcomming'));
      break;
    case 'holiday':
      conditions.push(eq(listings.category, 'holyday'));
      break;
    case 'new':
      conditions.push(eq(listings.category, 'new'));
      break;
    case 'videos':
      conditions.push(isNotNull(listings.video));
      break;
    case undefined:
      break;
  }
  return { where: and(...conditions), order };
}

/**
 * How many of the newest listings a search reads before it asks the trigram index. A common word
 * ('bole', 'addis') matches a large share of the catalogue: fetching every match from the index
 * and sorting them by date costs as much as the catalogue is large, while the newest few hundred
 * listings already hold a page of them. Rare words fall through to the index, which is fast for
 * them (at most 1 match in ~40 listings, or the newest 1,000 would have held the page).
 */
const SEARCH_RECENT_ROWS = 1000;

/**
 * For a search ordered newest first: the ids of the first `page * pageSize + 1` matches among the
 * newest SEARCH_RECENT_ROWS listings of the same list (read in index order, stopping early).
 * Exact whenever it finds them all: every listing outside those newest rows is older than each
 * of them. Null when the search does not qualify.
 */
function recentMatchIds(db: Database, filter: PublicListingFilter, paging: PageRequest) {
  if (!filter.query || filter.list === 'daily' || filter.list === 'ending-soon') return null;
  const { where } = publicListingCriteria({ ...filter, query: undefined });
  const recent = db
    .select({ id: listings.id, datePosted: listings.datePosted, text: sql<string>`${searchText}`.as('search_text') })
    .from(listings)
    .where(where)
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(SEARCH_RECENT_ROWS)
    .as('recent');
  return db
    .select({ id: recent.id })
    .from(recent)
    .where(sql`${recent.text} like ${likePattern(filter.query)}`)
    .orderBy(desc(recent.datePosted), desc(recent.id))
    .limit(paging.page * paging.pageSize + 1);
}

/**
 * Runs one page of a public list, reading the columns `from()` selects from listings. A search
 * first tries the newest listings (see SEARCH_RECENT_ROWS), then the trigram index.
 */
async function publicPage<Q extends PgSelect>(db: Database, filter: PublicListingFilter, paging: PageRequest, from: () => Q) {
  const { where, order } = publicListingCriteria(filter);
  const read = (condition: SQL | undefined) =>
    from()
      .where(condition)
      .orderBy(...order)
      .limit(paging.pageSize + 1)
      .offset((paging.page - 1) * paging.pageSize);
  const recent = recentMatchIds(db, filter, paging);
  if (recent) {
    const rows = await read(and(where, inArray(listings.id, recent)));
    if (rows.length > paging.pageSize) return rows;
  }
  return read(where);
}

/**
 * One page of verified listings for a list, category or search.
 * Reads `pageSize + 1` rows to know whether there is a next page, and nothing more.
 */
export async function listPublicListings(db: Database, filter: PublicListingFilter, paging: PageRequest): Promise<Page<ListingCard>> {
  const rows = await publicPage(db, filter, paging, () => db.select(cardColumns).from(listings).$dynamic());
  return toPage(rows, paging);
}

/** Every public field of a listing (never the owner). */
const publicColumns = {
  ...cardColumns,
  description: listings.description,
  latitude: listings.latitude,
  longitude: listings.longitude,
  video: listings.video,
  contactTick: listings.contactTick,
  webSite: listings.webSite,
};

export type ListingDetail = ListingCard & {
  description: string;
  latitude: number;
  longitude: number;
  video: StoredVideo | null;
  contactTick: string | null;
  webSite: string | null;
  status: ListingStatus;
  images: ListingImage[];
};

/** A verified listing with its gallery (main photo first), or null: missing and unverified look the same. */
export async function getPublicListing(db: Database, id: number): Promise<ListingDetail | null> {
  const [row] = await db
    .select({ ...publicColumns, status: listings.status })
    .from(listings)
    .where(and(eq(listings.id, id), isPublic))
    .limit(1);
  if (!row) return null;
  const [withImages] = await withGalleries(db, [row]);
  return withImages ?? null;
}

export type NewProduct = ListingCard & { description: string; contactTick: string | null; images: ListingImage[] };

/**
 * Recently delivered products (category 'new'), searchable by product or company name, with
 * all their images: two queries per page, whatever its size.
 */
export async function getNewProducts(db: Database, filter: { search?: string; now: Date }, paging: PageRequest): Promise<Page<NewProduct>> {
  const conditions: SQL[] = [isPublic, eq(listings.category, 'new')];
  if (filter.search) {
    conditions.push(sql`lower(${listings.productName} || ' ' || ${listings.companyName}) like ${likePattern(filter.search)}`);
  }
  const rows = await db
    .select({ ...cardColumns, description: listings.description, contactTick: listings.contactTick })
    .from(listings)
    .where(and(...conditions))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const page = toPage(rows, paging);
  return { ...page, items: await withGalleries(db, page.items) };
}

export type VideoListing = ListingCard & { description: string; video: StoredVideo | null };

/** Featured videos: verified listings with a video, newest first. */
export async function listVideoListings(db: Database, now: Date, paging: PageRequest): Promise<Page<VideoListing>> {
  const { where, order } = publicListingCriteria({ list: 'videos', now });
  const rows = await db
    .select({ ...cardColumns, description: listings.description, video: listings.video })
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  return toPage(rows, paging);
}

export type PublicListing = ListingCard & {
  description: string;
  latitude: number;
  longitude: number;
  video: StoredVideo | null;
  contactTick: string | null;
  webSite: string | null;
  images: ListingImage[];
};

/** A page of full public listings with their images, for the HTTP API: two queries. */
export async function listPublicListingsWithImages(
  db: Database,
  filter: PublicListingFilter,
  paging: PageRequest,
): Promise<Page<PublicListing>> {
  const rows = await publicPage(db, filter, paging, () => db.select(publicColumns).from(listings).$dynamic());
  const page = toPage(rows, paging);
  return { ...page, items: await withGalleries(db, page.items) };
}
