/**
 * The /admin verification queue as the admin works through it: the counts of each filter, one
 * page of items (paged in SQL, oldest first), each with its seller's history (deals verified and
 * rejected, reports against them, account age) and its flags: a possible duplicate (the same
 * product and company, folded as the duplicate guard folds them, posted within 30 days, by the
 * same or another seller) and a reported seller (open or upheld reports on any of their deals).
 */
import { and, count, eq, gte, inArray, lte, ne, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listings, reports } from '#db/schema.ts';
import { foldDealName } from '#features/listings/duplicate-listings.server.ts';
import { queueCounts, verificationQueue, type QueuedListing, type QueueFilter } from '#features/listings/verification-queue.server.ts';
import { DUPLICATE_FLAG_DAYS, QUEUE_PAGE_SIZE, type QueueFilterName } from './queue.ts';

const DAY_MS = 86_400_000;

/** A seller's record as the queue row shows it. */
export interface SellerHistory {
  verified: number;
  rejected: number;
  /** Open or upheld (hidden, banned) reports on the seller's deals. */
  reports: number;
  since: Date;
}

export type QueueRow = QueuedListing & {
  history: SellerHistory;
  /** Another deal of the same product and company within 30 days, or null. */
  duplicateOf: number | null;
  sellerReported: boolean;
};

/** A report that counts against a seller: still open, or upheld (the item hidden or its author banned). */
const countsAgainst = or(isNull(reports.resolvedAt), inArray(reports.resolution, ['hidden', 'banned']))!;

/** "This owner has a report that counts against them", on the owner column given (the "reported seller" filter). */
export function reportedSeller(ownerId: SQL): SQL {
  return sql`exists (select 1 from ${listings} theirs join ${reports} on ${reports.itemKind} = 'listing' and ${reports.itemId} = theirs.id
    where theirs.owner_id = ${ownerId} and ${countsAgainst})`;
}

/** Verified and rejected deals, reports and account age of each owner: two grouped index scans. */
async function sellerHistories(db: Database, owners: Map<string, Date>): Promise<Map<string, SellerHistory>> {
  const ids = [...owners.keys()];
  const histories = new Map(ids.map((id) => [id, { verified: 0, rejected: 0, reports: 0, since: owners.get(id)! }]));
  if (ids.length === 0) return histories;
  const decided = await db
    .select({
      ownerId: listings.ownerId,
      verified: sql<number>`count(*) filter (where ${listings.status} = 'verified')::int`,
      rejected: sql<number>`count(*) filter (where ${listings.status} = 'rejected')::int`,
    })
    .from(listings)
    .where(inArray(listings.ownerId, ids))
    .groupBy(listings.ownerId);
  for (const row of decided) Object.assign(histories.get(row.ownerId)!, { verified: Number(row.verified), rejected: Number(row.rejected) });
  const reported = await db
    .select({ ownerId: listings.ownerId, n: count() })
    .from(listings)
    .innerJoin(reports, and(eq(reports.itemKind, 'listing'), eq(reports.itemId, listings.id)))
    .where(and(inArray(listings.ownerId, ids), countsAgainst))
    .groupBy(listings.ownerId);
  for (const row of reported) histories.get(row.ownerId)!.reports = Number(row.n);
  return histories;
}

/** A name folded in SQL as `foldDealName` folds it (spaces gone, lower case): a first cut the JS fold confirms. */
const foldedInSql = (column: SQL | typeof listings.productName) => sql<string>`lower(regexp_replace(${column}, '\\s+', '', 'g'))`;

/**
 * For each item, the oldest other deal (waiting or verified, by anyone) with the same folded
 * product and company name posted within `DUPLICATE_FLAG_DAYS` of it, or nothing.
 */
export async function possibleDuplicates(
  db: Database,
  items: readonly Pick<QueuedListing, 'id' | 'productName' | 'companyName' | 'datePosted'>[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (items.length === 0) return found;
  const window = DUPLICATE_FLAG_DAYS * DAY_MS;
  const times = items.map((i) => i.datePosted.getTime());
  const candidates = await db
    .select({ id: listings.id, productName: listings.productName, companyName: listings.companyName, datePosted: listings.datePosted })
    .from(listings)
    .where(
      and(
        ne(listings.status, 'rejected'),
        gte(listings.datePosted, new Date(Math.min(...times) - window)),
        lte(listings.datePosted, new Date(Math.max(...times) + window)),
        inArray(foldedInSql(listings.productName), [...new Set(items.map((i) => foldDealName(i.productName)))]),
      ),
    )
    .orderBy(listings.datePosted, listings.id);
  for (const item of items) {
    const product = foldDealName(item.productName);
    const company = foldDealName(item.companyName);
    const twin = candidates.find(
      (c) =>
        c.id !== item.id &&
        Math.abs(c.datePosted.getTime() - item.datePosted.getTime()) <= window &&
        foldDealName(c.productName) === product &&
        foldDealName(c.companyName) === company,
    );
    if (twin) found.set(item.id, twin.id);
  }
  return found;
}

/** The queue filter of a `?show=` value. */
function filterOf(show: QueueFilterName): QueueFilter {
  if (show === 'new') return { kind: 'new' };
  if (show === 'edited') return { kind: 'edit' };
  if (show === 'reported') return { owners: reportedSeller };
  return {};
}

/** The counts of each filter, and one page of the chosen one with every row's history and flags. */
export async function adminQueue(db: Database, request: { show: QueueFilterName; page: number; pageSize?: number }) {
  const paging = { page: request.page, pageSize: request.pageSize ?? QUEUE_PAGE_SIZE };
  const [counts, queue] = await Promise.all([queueCounts(db, reportedSeller), verificationQueue(db, paging, filterOf(request.show))]);
  const histories = await sellerHistories(db, new Map(queue.items.map((i) => [i.ownerId, i.ownerSince])));
  const duplicates = await possibleDuplicates(db, queue.items);
  const rows: QueueRow[] = queue.items.map((item) => {
    const history = histories.get(item.ownerId)!;
    return { ...item, history, duplicateOf: duplicates.get(item.id) ?? null, sellerReported: history.reports > 0 };
  });
  return {
    counts: { all: counts.new + counts.edit, new: counts.new, edited: counts.edit, reported: counts.picked },
    page: queue.page,
    hasMore: queue.hasMore,
    following: queue.following,
    rows,
  };
}

/** The product name of a listing (the flash after a decision), or null when it is gone. */
export async function productNameOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: listings.productName }).from(listings).where(eq(listings.id, id)).limit(1);
  return row?.name ?? null;
}
