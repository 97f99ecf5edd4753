/**
 * Public (verified) lists of listings: the list screens, categories and search, new products,
 * videos, the HTTP API's pages and one listing's page. Every list is one indexed, paged query.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { listings, type ListingStatus, type StoredVideo } from '#db/schema.ts';
import { recentSince, WAITING, windowBounds } from './discount.ts';
import { likePattern, type ListKind } from './listing-query.ts';
import { searchMatch, type SearchMatch } from '#features/search/search.server.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { cardColumns, galleryColumn, isPublic, withGallery, type ListingCard, type ListingImage } from './listings.server.ts';
import { coveredRead } from '#platform/cache/page-dependencies.server.ts';
import { listingTag, listTags, shownCards } from './listing-page-tags.ts';

/** The tables a public read of listings reads, described by the page tags of what it shows. */
export const LISTING_READ_TABLES = ['listings', 'listing_images', 'telegram_contact_kinds'];

/** Which verified listings a public list shows. */
export interface PublicListingFilter {
  category?: string;
  /** Any of these categories (a category group's page). */
  categories?: readonly string[];
  list?: ListKind;
  /** Search words (features/search): every word matches, in any order, ranked. */
  query?: string;
  now: Date;
}

/** A list's filter with a search already turned into its condition (features/search `searchMatch`). */
export type ListingCriteria = Omit<PublicListingFilter, 'query'> & { match?: SQL };

/** Any of the conditions, as one. */
function anyOf(...conditions: SQL[]): SQL {
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** The WHERE and ORDER BY of a public list: each combination is served by one partial index. */
export function publicListingCriteria(filter: ListingCriteria) {
  const conditions: SQL[] = [isPublic];
  let order: SQL[] = [desc(listings.datePosted), desc(listings.id)];
  if (filter.category) conditions.push(eq(listings.category, filter.category));
  if (filter.categories) conditions.push(inArray(listings.category, [...filter.categories]));
  if (filter.match) conditions.push(filter.match);
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
    // Issue 29: upcoming and holiday are properties of a deal. Upcoming: the old category, a
    // discount still 'waiting', or a start still to come; holiday: the old category or a holiday
    // (category index OR holiday index). Upcoming has no index of its own yet: the planner walks
    // the newest-first index and filters (fine while such deals are common; see issue 29 report).
    case 'upcoming':
      conditions.push(anyOf(eq(listings.category, 'upcomming'), eq(listings.discount, WAITING), gt(listings.startsAt, filter.now)));
      break;
    case 'holiday':
      conditions.push(anyOf(eq(listings.category, 'holyday'), isNotNull(listings.holiday)));
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
 * How many matches of a search are ranked: the newest RANK_WINDOW in the list's own order. A word
 * in a third of a 100,000-deal catalogue ('bole') would otherwise rank 33,000 rows for one page.
 */
export const RANK_WINDOW = 300;

/**
 * One page of a search's listing ids: the newest RANK_WINDOW matches best first (rank, then the
 * list's order, then id: stable pages), then, when the window is full, every older match in the
 * list's order, so deep pages still reach every match the spec's search finds.
 *
 * The planner finds the window its own way: a word in many deals ('bole', a quarter of them) by
 * walking the date index newest first and testing each deal, a rarer one by gathering its matches
 * through the GIN indexes and sorting them. Both tests are cheap (integer keys, a stored lowered
 * text), so its estimates hold (BENCHMARKS.md, search at scale). A deal is ranked as its row is read:
 * the walk ranks only the window's rows, a rarer word's gathered matches (few) are ranked whole, and
 * no row is read twice (a join back to the listings cost a search a second scan of them, issue 31).
 */
async function rankedIds(db: Database, filter: PublicListingFilter, match: SearchMatch, paging: PageRequest): Promise<number[]> {
  const { where, order } = publicListingCriteria({ ...filter, match: match.where });
  const byEnd = filter.list === 'daily' || filter.list === 'ending-soon';
  const offset = (paging.page - 1) * paging.pageSize;
  const wanted = paging.pageSize + 1;
  const listOrder = byEnd ? sql`recent.ends_at asc, recent.id asc` : sql`recent.date_posted desc, recent.id desc`;
  type Row = { id: number; in_window: number; last_id: number };
  // Each deal of the window is ranked as it is read (its row is at hand: no second read of it).
  const result = await db.execute<Row>(sql`with recent as (
      select ${listings.id} as id, ${listings.datePosted} as date_posted, ${listings.endsAt} as ends_at, (${match.rank})::int as rank
      from ${listings} where ${where} order by ${sql.join(order, sql`, `)} limit ${RANK_WINDOW}
    )
    select recent.id, count(*) over () as in_window,
      last_value(recent.id) over (order by ${listOrder} rows between unbounded preceding and unbounded following) as last_id
    from recent
    order by recent.rank desc, ${listOrder}
    limit ${wanted} offset ${offset}`);
  const rows = (result as unknown as { rows: Row[] }).rows.map((r) => ({
    id: Number(r.id),
    inWindow: Number(r.in_window),
    lastId: Number(r.last_id),
  }));
  const ids = rows.map((r) => r.id);
  const first = rows[0];
  const inWindow = first?.inWindow ?? (offset > 0 ? await windowSize(db, where, order) : 0);
  if (ids.length === wanted || inWindow < RANK_WINDOW) return ids;
  // Past the ranked window: the older matches, after the window's last row in the list's order.
  const last = first?.lastId ?? (await windowLast(db, where, order));
  const [edge] = await db
    .select({ datePosted: listings.datePosted, endsAt: listings.endsAt, id: listings.id })
    .from(listings)
    .where(eq(listings.id, last));
  if (!edge) return ids;
  const after = byEnd
    ? sql`(${listings.endsAt}, ${listings.id}) > (${edge.endsAt}, ${edge.id})`
    : sql`(${listings.datePosted}, ${listings.id}) < (${edge.datePosted}, ${edge.id})`;
  const tail = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(where, after))
    .orderBy(...order)
    .limit(wanted - ids.length)
    .offset(Math.max(0, offset - RANK_WINDOW));
  return [...ids, ...tail.map((r) => r.id)];
}

/** How many matches the ranked window holds (asked only for a page past its end). */
async function windowSize(db: Database, where: SQL | undefined, order: SQL[]): Promise<number> {
  const window = db
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(RANK_WINDOW)
    .as('window');
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(window);
  return row?.n ?? 0;
}

/** The window's last listing in the list's order. */
async function windowLast(db: Database, where: SQL | undefined, order: SQL[]): Promise<number> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(...order)
    .limit(1)
    .offset(RANK_WINDOW - 1);
  return row?.id ?? 0;
}

/**
 * Runs one page of a public list, reading the columns `from()` selects from listings. A search
 * ranks its matches (rankedIds), then reads those rows.
 */
async function publicPage<Q extends PgSelect>(
  db: Database,
  filter: PublicListingFilter,
  paging: PageRequest,
  from: () => Q,
  match?: SearchMatch,
): Promise<Q['_']['result']> {
  if (match) {
    const ids = await rankedIds(db, filter, match, paging);
    if (ids.length === 0) return [];
    const rows = (await from().where(and(isPublic, inArray(listings.id, ids)))) as { id: number }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []) as Q['_']['result'];
  }
  const { where, order } = publicListingCriteria(filter);
  return (await from()
    .where(where)
    .orderBy(...order)
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize)) as Q['_']['result'];
}

/** The search of a filter with a query (one vocabulary query), or none. */
async function matchOfFilter(db: Database, filter: PublicListingFilter): Promise<SearchMatch | undefined> {
  return filter.query ? searchMatch(db, filter.query) : undefined;
}

/**
 * One page of verified listings for a list, category or search.
 * Reads `pageSize + 1` rows to know whether there is a next page, and nothing more.
 */
export async function listPublicListings(db: Database, filter: PublicListingFilter, paging: PageRequest): Promise<Page<ListingCard>> {
  return (await searchPublicListings(db, filter, paging)).page;
}

/** A page of a list or search and, for a search, how the words matched (for "Did you mean"). */
export async function searchPublicListings(
  db: Database,
  filter: PublicListingFilter,
  paging: PageRequest,
): Promise<{ page: Page<ListingCard>; match?: SearchMatch }> {
  return coveredRead(
    LISTING_READ_TABLES,
    async () => {
      const match = await matchOfFilter(db, filter);
      const rows = await publicPage(db, filter, paging, () => db.select(cardColumns).from(listings).$dynamic(), match);
      return { page: toPage(rows, paging), match };
    },
    (result) => shownCards(listTags(filter), result.page.items, filter.now),
  );
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
export async function getPublicListing(db: Database, id: number, now = new Date()): Promise<ListingDetail | null> {
  return coveredRead(
    LISTING_READ_TABLES,
    () => readPublicListing(db, id),
    (listing) => shownCards([listingTag(id)], listing ? [listing] : [], now),
  );
}

async function readPublicListing(db: Database, id: number): Promise<ListingDetail | null> {
  const [row] = await db
    .select({ ...publicColumns, status: listings.status, gallery: galleryColumn })
    .from(listings)
    .where(and(eq(listings.id, id), isPublic))
    .limit(1);
  return row ? withGallery(row) : null;
}

export type NewProduct = ListingCard & { description: string; contactTick: string | null; images: ListingImage[] };

/**
 * Recently delivered products (category 'new'), searchable by product or company name, with
 * all their images: one query per page, whatever its size.
 */
export async function getNewProducts(db: Database, filter: { search?: string; now: Date }, paging: PageRequest): Promise<Page<NewProduct>> {
  return coveredRead(
    LISTING_READ_TABLES,
    () => readNewProducts(db, filter, paging),
    (page) => shownCards(listTags({ list: 'new', query: filter.search }), page.items, filter.now),
  );
}

async function readNewProducts(db: Database, filter: { search?: string; now: Date }, paging: PageRequest): Promise<Page<NewProduct>> {
  const conditions: SQL[] = [isPublic, eq(listings.category, 'new')];
  if (filter.search) {
    conditions.push(sql`lower(${listings.productName} || ' ' || ${listings.companyName}) like ${likePattern(filter.search)}`);
  }
  const rows = await db
    .select({ ...cardColumns, description: listings.description, contactTick: listings.contactTick, gallery: galleryColumn })
    .from(listings)
    .where(and(...conditions))
    .orderBy(desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  const page = toPage(rows, paging);
  return { ...page, items: page.items.map(withGallery) };
}

export type VideoListing = ListingCard & { description: string; video: StoredVideo | null };

/** Featured videos: verified listings with a video, newest first. */
export async function listVideoListings(db: Database, now: Date, paging: PageRequest): Promise<Page<VideoListing>> {
  return coveredRead(
    LISTING_READ_TABLES,
    () => readVideoListings(db, now, paging),
    (page) => shownCards(listTags({ list: 'videos' }), page.items, now),
  );
}

async function readVideoListings(db: Database, now: Date, paging: PageRequest): Promise<Page<VideoListing>> {
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

/** A page of full public listings with their images, for the HTTP API: one query (two for a search). */
export async function listPublicListingsWithImages(
  db: Database,
  filter: PublicListingFilter,
  paging: PageRequest,
): Promise<Page<PublicListing>> {
  const rows = await publicPage(
    db,
    filter,
    paging,
    () =>
      db
        .select({ ...publicColumns, gallery: galleryColumn })
        .from(listings)
        .$dynamic(),
    await matchOfFilter(db, filter),
  );
  const page = toPage(rows, paging);
  return { ...page, items: page.items.map(withGallery) };
}
