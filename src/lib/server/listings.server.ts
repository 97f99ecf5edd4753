/**
 * Listings: writing them with their derived schedule, and reading public (verified) pages of them.
 * Every public read is one indexed, paged query.
 */
import { and, asc, between, desc, eq, gt, gte, inArray, isNotNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingImages, listings, type ListingStatus, type StoredImage, type StoredVideo } from '#db/schema.ts';
import { boundingBox, likePattern, type ListKind } from '#lib/listing-query.ts';
import { discountEnd, discountStart, recentSince, windowBounds } from '#lib/discount.ts';

/** What a listing is made of when it is written (ids, status and derived dates aside). */
export interface ListingDraft {
  ownerId: string;
  productName: string;
  companyName: string;
  description: string;
  location: string;
  latitude: number;
  longitude: number;
  category: string;
  discount: string;
  discountDurationDays: number | null;
  discountStartDays: number | null;
  logo: StoredImage | null;
  photo: StoredImage;
  video: StoredVideo | null;
  images: StoredImage[];
  contactPhone: string | null;
  contactTelegram: string | null;
  contactTick: string | null;
  webSite: string | null;
}

/** The discount's start and end, stored so list windows are range scans on an index. */
export function listingSchedule(datePosted: Date, startDays: number | null, durationDays: number | null) {
  const input = { discount: null, datePosted, startDays, durationDays };
  return { startsAt: discountStart(input), endsAt: discountEnd(input) };
}

type Writer = Pick<Database, 'insert'>;

/** Inserts a listing and its extra images; run it inside a transaction. */
export async function insertListing(
  tx: Writer,
  draft: ListingDraft,
  options: { status?: 'pending' | 'verified' | 'rejected'; datePosted?: Date; rejectionReason?: string } = {},
): Promise<number> {
  const datePosted = options.datePosted ?? new Date();
  const { images, ...fields } = draft;
  const [row] = await tx
    .insert(listings)
    .values({
      ...fields,
      datePosted,
      ...listingSchedule(datePosted, draft.discountStartDays, draft.discountDurationDays),
      status: options.status ?? 'pending',
      rejectionReason: options.rejectionReason ?? null,
      reviewedAt: options.status && options.status !== 'pending' ? datePosted : null,
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('Listing insert returned no row');
  if (images.length > 0) {
    await tx.insert(listingImages).values(images.map((image, position) => ({ listingId: row.id, position, image })));
  }
  return row.id;
}

/** The columns a listing card needs; never the owner. */
export const cardColumns = {
  id: listings.id,
  productName: listings.productName,
  companyName: listings.companyName,
  location: listings.location,
  category: listings.category,
  discount: listings.discount,
  discountDurationDays: listings.discountDurationDays,
  discountStartDays: listings.discountStartDays,
  datePosted: listings.datePosted,
  startsAt: listings.startsAt,
  endsAt: listings.endsAt,
  logo: listings.logo,
  photo: listings.photo,
  contactPhone: listings.contactPhone,
  contactTelegram: listings.contactTelegram,
};

export type ListingCard = {
  id: number;
  productName: string;
  companyName: string;
  location: string;
  category: string;
  discount: string;
  discountDurationDays: number | null;
  discountStartDays: number | null;
  datePosted: Date;
  startsAt: Date;
  endsAt: Date | null;
  logo: StoredImage | null;
  photo: StoredImage;
  contactPhone: string | null;
  contactTelegram: string | null;
};

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/** Which verified listings a public list shows. */
export interface PublicListingFilter {
  category?: string;
  list?: ListKind;
  /** Case-insensitive substring of product name, company name and location. */
  query?: string;
  now: Date;
}

const isPublic = eq(listings.status, 'verified');

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
export const SEARCH_RECENT_ROWS = 1000;

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
 * Runs one page of a public list: `read(where, order)` gets the WHERE and ORDER BY to use. A search
 * first tries the newest listings (see SEARCH_RECENT_ROWS), then the trigram index.
 */
async function publicPage<T>(
  db: Database,
  filter: PublicListingFilter,
  paging: PageRequest,
  read: (where: SQL | undefined, order: SQL[]) => Promise<T[]>,
): Promise<T[]> {
  const { where, order } = publicListingCriteria(filter);
  const recent = recentMatchIds(db, filter, paging);
  if (recent) {
    const rows = await read(and(where, inArray(listings.id, recent)), order);
    if (rows.length > paging.pageSize) return rows;
  }
  return read(where, order);
}

/**
 * One page of verified listings for a list, category or search.
 * Reads `pageSize + 1` rows to know whether there is a next page, and nothing more.
 */
export async function listPublicListings(db: Database, filter: PublicListingFilter, paging: PageRequest): Promise<Page<ListingCard>> {
  const rows = await publicPage(db, filter, paging, (where, order) =>
    db
      .select(cardColumns)
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(paging.pageSize + 1)
      .offset((paging.page - 1) * paging.pageSize),
  );
  return toPage(rows, paging);
}

export type NearbyListingCard = ListingCard & { distanceKm: number };

/** The first radius tried, in km: in the densest part of a large catalogue it already holds a page. */
export const NEARBY_FIRST_RADIUS_KM = 0.1;

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

/** One page (plus one row) of verified listings within one radius, nearest first. */
function nearbyRows(db: Database, point: { lat: number; lng: number; radiusKm: number }, paging: PageRequest) {
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

export interface ListingImage {
  /** 'photo' for the main product photo, else the listing_images id: the comments page's image id. */
  id: string;
  image: StoredImage;
}

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
    .select({
      ...cardColumns,
      description: listings.description,
      latitude: listings.latitude,
      longitude: listings.longitude,
      video: listings.video,
      contactTick: listings.contactTick,
      webSite: listings.webSite,
      status: listings.status,
    })
    .from(listings)
    .where(and(eq(listings.id, id), isPublic))
    .limit(1);
  if (!row) return null;
  const extra = await db
    .select({ id: listingImages.id, image: listingImages.image })
    .from(listingImages)
    .where(eq(listingImages.listingId, id))
    .orderBy(asc(listingImages.position));
  return {
    ...row,
    images: [{ id: 'photo', image: row.photo }, ...extra.map((e) => ({ id: String(e.id), image: e.image }))],
  };
}

/** A page from `pageSize + 1` rows: the extra row only tells that there is a next page. */
export function toPage<T>(rows: T[], paging: PageRequest): Page<T> {
  return { items: rows.slice(0, paging.pageSize), page: paging.page, hasMore: rows.length > paging.pageSize };
}

/** Each listing with its gallery (main photo first), one query for the whole page. */
export async function withGalleries<T extends { id: number; photo: StoredImage }>(
  db: Database,
  items: T[],
): Promise<(T & { images: ListingImage[] })[]> {
  const extra = await imagesOfListings(
    db,
    items.map((r) => r.id),
  );
  return items.map((r) => ({ ...r, images: [{ id: 'photo', image: r.photo }, ...(extra.get(r.id) ?? [])] }));
}

/** Extra images of several listings in one query (the new-products list shows them on cards). */
export async function imagesOfListings(db: Database, ids: number[]): Promise<Map<number, ListingImage[]>> {
  const map = new Map<number, ListingImage[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ listingId: listingImages.listingId, id: listingImages.id, image: listingImages.image })
    .from(listingImages)
    .where(inArray(listingImages.listingId, ids))
    .orderBy(asc(listingImages.listingId), asc(listingImages.position));
  for (const row of rows) {
    const list = map.get(row.listingId) ?? [];
    list.push({ id: String(row.id), image: row.image });
    map.set(row.listingId, list);
  }
  return map;
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
  const rows = await publicPage(db, filter, paging, (where, order) =>
    db
      .select(publicColumns)
      .from(listings)
      .where(where)
      .orderBy(...order)
      .limit(paging.pageSize + 1)
      .offset((paging.page - 1) * paging.pageSize),
  );
  const page = toPage(rows, paging);
  return { ...page, items: await withGalleries(db, page.items) };
}

/**
 * Listing ids per sitemap file. Each file covers one range of ids, read through the primary key,
 * so it costs the same at any catalogue size: about 1,000 URLs, 100 KB (the protocol allows
 * 50,000 URLs per file and 50,000 files per index).
 */
export const SITEMAP_PAGE_SIZE = 1_000;

/** Number of listing sitemaps: one per SITEMAP_PAGE_SIZE ids, up to the highest id (one index lookup). */
export async function sitemapPageCount(db: Database): Promise<number> {
  const [row] = await db.select({ maxId: max(listings.id) }).from(listings);
  return Math.ceil((row?.maxId ?? 0) / SITEMAP_PAGE_SIZE);
}

/** Ids, names and last-modified dates of the verified listings of one sitemap file (1-based), by id. */
export async function sitemapListings(db: Database, page: number) {
  return db
    .select({ id: listings.id, productName: listings.productName, updatedAt: listings.updatedAt })
    .from(listings)
    .where(and(isPublic, gt(listings.id, (page - 1) * SITEMAP_PAGE_SIZE), lte(listings.id, page * SITEMAP_PAGE_SIZE)))
    .orderBy(asc(listings.id));
}
