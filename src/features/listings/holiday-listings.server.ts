/**
 * The holiday page's deals: verified listings of the holiday category or marked for a holiday,
 * grouped by holiday in the order the holidays come (then newest first), deals for no particular
 * holiday last. Served by the category index and the holiday index; one paged query.
 */
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import type { HolidayKey } from './holidays.ts';
import { toPage, type Page, type PageRequest } from '#platform/http/paging.ts';
import { cardColumns, isPublic, type ListingCard } from './listings.server.ts';
import { coveredRead } from '#platform/cache/page-dependencies.server.ts';
import { listTags, shownCards } from './listing-page-tags.ts';
import { LISTING_READ_TABLES } from './public-listings.server.ts';

/** One page of holiday deals; `order` is the holidays soonest first (see `upcomingHolidays`). */
export async function listHolidayDeals(
  db: Database,
  order: readonly HolidayKey[],
  paging: PageRequest,
  now = new Date(),
): Promise<Page<ListingCard>> {
  return coveredRead(
    LISTING_READ_TABLES,
    () => readHolidayDeals(db, order, paging),
    (page) => shownCards(listTags({ list: 'holiday' }), page.items, now),
  );
}

async function readHolidayDeals(db: Database, order: readonly HolidayKey[], paging: PageRequest): Promise<Page<ListingCard>> {
  const rank = sql.join(
    order.map((key, i) => sql`when ${key} then ${i}`),
    sql` `,
  );
  const rows = await db
    .select(cardColumns)
    .from(listings)
    .where(and(isPublic, or(eq(listings.category, 'holyday'), isNotNull(listings.holiday))))
    .orderBy(sql`case ${listings.holiday} ${rank} else ${order.length} end`, desc(listings.datePosted), desc(listings.id))
    .limit(paging.pageSize + 1)
    .offset((paging.page - 1) * paging.pageSize);
  return toPage(rows, paging);
}
