/**
 * The admins' verification queue: new listings waiting, and edits of live deals waiting (each with
 * what it changes, field by field), oldest first. A page is one ordered merge of two index range
 * scans (`listings_pending_idx`, `listing_revisions_pending_idx`), so the admin pages through it in
 * SQL however long it grows; a caller may keep only one kind, or only the sellers an extra
 * condition on the owner picks (the admin page's "reported seller", from the trust feature).
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { listingRevisions, listings, users } from '#db/schema.ts';
import { type Page, type PageRequest, toPage } from '#platform/http/paging.ts';
import { listingChanges, type ListingChange } from './listing-diff.ts';
import { liveVersion } from './listing-revisions.server.ts';
import { withGalleries } from './listings.server.ts';
import { ownColumns, type OwnListing } from './seller-listings.server.ts';

/** What waits: a new listing, or an edit of a live (verified) deal. */
export type QueueKind = 'new' | 'edit';

/** An item of the queue: a new listing (`edit` null), or a live deal with its waiting edit. */
export type QueuedListing = OwnListing & {
  kind: QueueKind;
  /** When it started waiting: the listing's posting, or the edit's sending. */
  waitingSince: Date;
  ownerId: string;
  ownerEmail: string;
  /** When the seller's account was made. */
  ownerSince: Date;
  edit: { submittedAt: Date; changes: ListingChange[] } | null;
};

export interface QueueFilter {
  /** Only new listings, or only edits; both when absent. */
  kind?: QueueKind;
  /** A condition on the listing's owner id (a SQL expression), e.g. "has open reports". */
  owners?: (ownerId: SQL) => SQL;
}

/** The waiting items as `(id, since, kind, owner_id)` rows: one branch a kind, each an index range scan. */
function waiting(filter: QueueFilter): SQL {
  const owner = (column: SQL) => (filter.owners ? sql` and ${filter.owners(column)}` : sql``);
  const fresh = sql`select ${listings.id} as id, ${listings.datePosted} as since, 'new' as kind, ${listings.ownerId} as owner_id
    from ${listings} where ${listings.status} = 'pending'${owner(sql`${listings.ownerId}`)}`;
  const edits = sql`select ${listingRevisions.listingId} as id, ${listingRevisions.submittedAt} as since, 'edit' as kind, ${listings.ownerId} as owner_id
    from ${listingRevisions} join ${listings} on ${listings.id} = ${listingRevisions.listingId}
    where ${listingRevisions.status} = 'pending' and ${listings.status} = 'verified'${owner(sql`${listings.ownerId}`)}`;
  if (filter.kind === 'new') return fresh;
  if (filter.kind === 'edit') return edits;
  return sql`${fresh} union all ${edits}`;
}

/** How many items wait, by kind: all of them, and those the `owners` condition picks. */
export async function queueCounts(db: Database, owners?: (ownerId: SQL) => SQL): Promise<{ new: number; edit: number; picked: number }> {
  const picked = owners ? sql`count(*) filter (where ${owners(sql.raw('q.owner_id'))})::int` : sql`0`;
  type Row = { fresh: number; edits: number; picked: number };
  const result = await db.execute<Row>(sql`
    select count(*) filter (where q.kind = 'new')::int as fresh, count(*) filter (where q.kind = 'edit')::int as edits,
      ${picked} as picked
    from (${waiting({})}) q`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  return { new: Number(row?.fresh ?? 0), edit: Number(row?.edits ?? 0), picked: Number(row?.picked ?? 0) };
}

/**
 * One page of the queue, oldest first (ties by id), and the id of the item after the page (the
 * next one to decide once the page's last is decided), or null.
 */
export async function verificationQueue(
  db: Database,
  paging: PageRequest,
  filter: QueueFilter = {},
): Promise<Page<QueuedListing> & { following: number | null }> {
  type Row = { id: number; since: Date | string; kind: QueueKind };
  const result = await db.execute<Row>(sql`
    select q.id, q.since, q.kind from (${waiting(filter)}) q
    order by q.since asc, q.id asc
    limit ${paging.pageSize + 1} offset ${(paging.page - 1) * paging.pageSize}`);
  const ordered = (result as unknown as { rows: Row[] }).rows;
  const page = toPage(ordered, paging);
  const following = ordered[paging.pageSize]?.id ?? null;
  const ids = page.items.map((r) => Number(r.id));
  if (ids.length === 0) return { ...page, items: [], following };
  const rows = await db
    .select({
      ...ownColumns,
      ownerId: listings.ownerId,
      ownerEmail: users.email,
      ownerSince: users.createdAt,
      proposal: listingRevisions.proposal,
      revisionStatus: listingRevisions.status,
      submittedAt: listingRevisions.submittedAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .leftJoin(listingRevisions, eq(listingRevisions.listingId, listings.id))
    .where(inArray(listings.id, ids))
    .orderBy(asc(listings.id));
  const byId = new Map((await withGalleries(db, rows)).map((row) => [row.id, row]));
  const items = await Promise.all(
    page.items.flatMap(({ id, since, kind }): Promise<QueuedListing>[] => {
      const row = byId.get(Number(id));
      if (!row) return [];
      const { proposal, revisionStatus, submittedAt, ...item } = row;
      const waitingSince = new Date(since);
      if (kind === 'new' || !proposal || !submittedAt || revisionStatus !== 'pending') {
        return [Promise.resolve({ ...item, kind: 'new', waitingSince, edit: null })];
      }
      return [
        liveVersion(db, item.id).then((live) => ({
          ...item,
          kind: 'edit',
          waitingSince,
          edit: live ? { submittedAt, changes: listingChanges(live.version, proposal) } : null,
        })),
      ];
    }),
  );
  return { ...page, items, following: following === null ? null : Number(following) };
}
