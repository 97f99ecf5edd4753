/**
 * A listing's search keys (features/search), written with the listing: on insert, on edit, and
 * by the re-index that brings rows of an older search version up to date after an upgrade.
 */
import { eq, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings } from '#db/schema.ts';
import { glossary } from '#features/search/glossary-data.ts';
import { SEARCH_VERSION, searchDocument, type SearchableListing, type SearchDocument } from '#features/search/search-document.ts';
import { rememberWords } from '#features/search/search.server.ts';
import { categoryByKey } from './categories.ts';

/** The search columns of a listing's fields (its category's name in both languages included). */
export function searchColumns(listing: SearchableListing): SearchDocument {
  return searchDocument(listing, categoryByKey(listing.category)?.labels ?? '', glossary);
}

const searchableColumns = {
  id: listings.id,
  productName: listings.productName,
  companyName: listings.companyName,
  location: listings.location,
  description: listings.description,
  category: listings.category,
};

/** Recomputes one listing's keys from what it says now (after an edit). */
export async function reindexListing(db: Pick<Database, 'select' | 'update' | 'insert'>, id: number): Promise<void> {
  const [row] = await db.select(searchableColumns).from(listings).where(eq(listings.id, id));
  if (!row) return;
  await db.update(listings).set(searchColumns(row)).where(eq(listings.id, id));
  await rememberWords(db, row);
}

/** Rows re-indexed per batch, and the time one run may take (the rest waits for the next minute). */
const BATCH = 200;
const RUN_MS = 20_000;

/** Brings listings made with an older search version up to date; how many were re-indexed. */
export async function reindexStaleListings(db: Database): Promise<number> {
  const started = Date.now();
  let done = 0;
  for (;;) {
    const rows = await db.select(searchableColumns).from(listings).where(lt(listings.searchVersion, SEARCH_VERSION)).limit(BATCH);
    if (rows.length === 0) return done;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.update(listings).set(searchColumns(row)).where(eq(listings.id, row.id));
        await rememberWords(tx, row);
      }
    });
    done += rows.length;
    if (rows.length < BATCH || Date.now() - started > RUN_MS) return done;
  }
}
