/** Comments on one image of a listing, read per image in SQL, newest first. */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { comments, listingImages, listings } from '#db/schema.ts';
import { publicComment } from '#db/public-rows.ts';
import { commentPayloadSchema } from './community.ts';
import { fail, ok, parseWith, type Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import { allowWrite, slowDown } from '#platform/http/rate-limit.server.ts';
import { m } from '#paraglide/messages.js';
import { displayNameOf } from '#features/accounts/users.server.ts';
import { isPublic } from '#features/listings/listings.server.ts';

export const MAX_COMMENTS = 100;

export interface CommentView {
  id: number;
  authorName: string;
  comment: string;
  datePosted: Date;
}

export async function listComments(db: Database, listingId: number, imageId: string): Promise<CommentView[]> {
  return db
    .select({ id: comments.id, authorName: comments.authorName, comment: comments.comment, datePosted: comments.datePosted })
    .from(comments)
    .where(and(eq(comments.listingId, listingId), eq(comments.imageId, imageId), publicComment))
    .orderBy(desc(comments.datePosted), desc(comments.id))
    .limit(MAX_COMMENTS);
}

/**
 * Adds a signed-in user's comment to one image of a verified listing; null when that image does
 * not exist (or the listing is not public).
 */
export async function addComment(
  db: Database,
  author: { id: string; name: string },
  input: { listingId: number; imageId: string; comment: string },
): Promise<CommentView | null> {
  const [listing] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, input.listingId), isPublic))
    .limit(1);
  if (!listing) return null;
  if (input.imageId !== 'photo') {
    const [image] = await db
      .select({ id: listingImages.id })
      .from(listingImages)
      .where(and(eq(listingImages.listingId, input.listingId), eq(listingImages.id, Number(input.imageId))))
      .limit(1);
    if (!image) return null;
  }
  const [row] = await db
    .insert(comments)
    .values({ listingId: input.listingId, imageId: input.imageId, userId: author.id, authorName: author.name, comment: input.comment })
    .returning({ id: comments.id, authorName: comments.authorName, comment: comments.comment, datePosted: comments.datePosted });
  return row!;
}

/**
 * A comment from the signed-in user, in the spec's payload (`{product_id, image_id, comment}`):
 * checked with its schema (400), counted against the comment rate limit (429), then added to the
 * image (404 when there is no such image on a public listing).
 */
export async function postComment(
  db: Database,
  author: SessionUser,
  address: string | null,
  payload: unknown,
): Promise<Result<CommentView>> {
  const input = parseWith(commentPayloadSchema, payload);
  if (!input.ok) return input;
  const limit = await allowWrite(db, 'comment', { userId: author.id, address });
  if (!limit.allowed) return { ...fail(429, slowDown()), retryAfter: limit.retryAfter };
  const { product_id: listingId, image_id: imageId, comment } = input.value;
  const added = await addComment(db, { id: author.id, name: displayNameOf(author) }, { listingId, imageId, comment });
  return added ? ok(added) : fail(404, m.detail_image_not_found());
}

/** An admin removes a comment. */
export async function removeComment(db: Database, id: number): Promise<boolean> {
  return (await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id })).length > 0;
}

/** The newest comments across the site, for moderation. */
export async function latestComments(db: Database, limit = 50) {
  return db
    .select({
      id: comments.id,
      listingId: comments.listingId,
      imageId: comments.imageId,
      authorName: comments.authorName,
      comment: comments.comment,
      datePosted: comments.datePosted,
    })
    .from(comments)
    .orderBy(desc(comments.datePosted), desc(comments.id))
    .limit(limit);
}
