/** The listings of the sitemap files, read by ranges of ids. */
import { and, asc, gt, lte, max } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import { isPublic } from './listings.server.ts';

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
