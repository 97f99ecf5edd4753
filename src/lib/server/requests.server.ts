/** Buy/sell requests ('what do you want to buy/sell') and their likes. */
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { requestLikes, requests } from '../../db/schema.ts';

/** Requests shown before 'Show more...'. */
export const INITIAL_REQUESTS = 8;
/** The most a request list ever renders. */
export const MAX_REQUESTS = 200;

export interface RequestView {
  id: number;
  name: string;
  message: string;
  createdAt: Date;
  likes: number;
}

/** The newest requests with their like counts, one query. */
export async function listRequests(db: Database, limit: number): Promise<{ items: RequestView[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: requests.id,
      name: requests.name,
      message: requests.message,
      createdAt: requests.createdAt,
      likes: count(requestLikes.userId),
    })
    .from(requests)
    .leftJoin(requestLikes, eq(requestLikes.requestId, requests.id))
    .groupBy(requests.id)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(limit + 1);
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}
