/** Buy/sell requests ('what do you want to buy/sell') and their likes. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { requestLikes, requests } from '#db/schema.ts';
import { publicRequest } from '#db/public-rows.ts';

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

/** A listed request, and whether the viewer (when one is given) likes it. */
export type ListedRequest = RequestView & { liked: boolean };

/** The newest public requests with their like counts and the viewer's own likes, one query. */
export async function listRequests(db: Database, limit: number, viewerId?: string): Promise<{ items: ListedRequest[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: requests.id,
      name: requests.name,
      message: requests.message,
      createdAt: requests.createdAt,
      likes: count(requestLikes.userId),
      // Read with the counts (the likes are joined anyway): no query of its own for a signed-in viewer.
      liked: viewerId ? sql<boolean>`coalesce(bool_or(${requestLikes.userId} = ${viewerId}), false)` : sql<boolean>`false`,
    })
    .from(requests)
    .leftJoin(requestLikes, eq(requestLikes.requestId, requests.id))
    .where(publicRequest)
    .groupBy(requests.id)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(limit + 1);
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Stores a request; `name` is decided by the caller from the session ('Anonymous' for visitors). */
export async function createRequest(db: Database, input: { name: string; message: string; userId: string | null }): Promise<RequestView> {
  const [row] = await db.insert(requests).values(input).returning();
  return { id: row!.id, name: row!.name, message: row!.message, createdAt: row!.createdAt, likes: 0 };
}

/**
 * Likes or unlikes a request for one user. The primary key makes the like unique: an insert that
 * conflicts means the user had liked it, so the like is taken back. No read-then-write race.
 */
export async function toggleLike(db: Database, requestId: number, userId: string): Promise<{ liked: boolean; likes: number } | null> {
  const [exists] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.id, requestId), publicRequest))
    .limit(1);
  if (!exists) return null;
  const inserted = await db
    .insert(requestLikes)
    .values({ requestId, userId })
    .onConflictDoNothing()
    .returning({ userId: requestLikes.userId });
  let liked = inserted.length > 0;
  if (!liked) {
    const removed = await db
      .delete(requestLikes)
      .where(and(eq(requestLikes.requestId, requestId), eq(requestLikes.userId, userId)))
      .returning({ userId: requestLikes.userId });
    // A concurrent press removed it first: this press likes it again.
    if (removed.length === 0)
      liked = (await db.insert(requestLikes).values({ requestId, userId }).onConflictDoNothing().returning()).length > 0;
  }
  const likes = await db.$count(requestLikes, eq(requestLikes.requestId, requestId));
  return { liked, likes };
}

/** An admin removes a request (its likes go with it). */
export async function removeRequest(db: Database, id: number): Promise<boolean> {
  return (await db.delete(requests).where(eq(requests.id, id)).returning({ id: requests.id })).length > 0;
}
