/** The seller pages of the sitemap files, read by ranges of seller ids like the listings' files. */
import { and, desc, eq, exists, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { listings, sellers, users } from '#db/schema.ts';
import { isPublic } from '#features/listings/listings.server.ts';
import { SITEMAP_PAGE_SIZE } from '#features/listings/sitemap-listings.server.ts';

/** Number of seller sitemaps: one per SITEMAP_PAGE_SIZE seller ids, up to the highest (one index lookup). */
export async function sellerSitemapPageCount(db: Database): Promise<number> {
  const [row] = await db.select({ maxId: max(sellers.id) }).from(sellers);
  return Math.ceil((row?.maxId ?? 0) / SITEMAP_PAGE_SIZE);
}

/**
 * The seller pages of one sitemap file (1-based): sellers of the id range with a current public
 * deal and an account that is not banned. Named (for the URL's slug) and dated by their newest
 * public listing, as the page itself is.
 */
export async function sitemapSellers(db: Database, page: number, now: Date) {
  const current = alias(listings, 'current');
  return db
    .selectDistinctOn([listings.sellerId], {
      sellerId: listings.sellerId,
      companyName: listings.companyName,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(
      and(
        gt(listings.sellerId, (page - 1) * SITEMAP_PAGE_SIZE),
        lte(listings.sellerId, page * SITEMAP_PAGE_SIZE),
        isPublic,
        isNull(users.bannedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(current)
            .where(
              and(
                eq(current.sellerId, listings.sellerId),
                sql`${current.status} = 'verified' and ${current.hiddenAt} is null and not ${current.sellerBanned}`,
                or(isNull(current.endsAt), gt(current.endsAt, now)),
              ),
            ),
        ),
      ),
    )
    .orderBy(listings.sellerId, desc(listings.datePosted), desc(listings.id));
}
