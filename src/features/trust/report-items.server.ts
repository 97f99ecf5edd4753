/**
 * The three kinds of item a report can name (listings, requests, comments): the columns hiding
 * touches on each, and where the public sees each. Trust owns those columns (hidden_at,
 * hidden_reason); the rows are the listings' and community's, reached here through the schema.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { comments, listings, requests, type ReportItemKind } from '#db/schema.ts';

/** The table of each kind of item, with the columns a report touches. */
export const TABLES = {
  listing: { table: listings, id: listings.id, hiddenAt: listings.hiddenAt, hiddenReason: listings.hiddenReason },
  request: { table: requests, id: requests.id, hiddenAt: requests.hiddenAt, hiddenReason: requests.hiddenReason },
  comment: { table: comments, id: comments.id, hiddenAt: comments.hiddenAt, hiddenReason: comments.hiddenReason },
} as const;

/** Sets an item's hidden state (`null` makes it public again, as far as hiding goes). */
export async function setHidden(
  db: Pick<Database, 'update'>,
  kind: ReportItemKind,
  id: number,
  hidden: { at: Date; reason: 'reports' | 'admin' } | null,
  where?: SQL,
): Promise<void> {
  const t = TABLES[kind];
  const values = { hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null };
  await db
    .update(t.table)
    .set(values)
    .where(and(eq(t.id, id), where));
}

/** Where the public sees a request or a comment (a path to pass through localHref). */
export const requestHref = (id: number) => `/recents?requests=all#request-${id}`;
export const commentHref = (c: { listingId: number; imageId: string }) =>
  `/comments?listing=${c.listingId}&image=${encodeURIComponent(c.imageId)}`;
