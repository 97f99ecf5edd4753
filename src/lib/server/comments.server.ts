/** Comments on one image of a listing, read per image in SQL, newest first. */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { comments } from '../../db/schema.ts';

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
    .where(and(eq(comments.listingId, listingId), eq(comments.imageId, imageId)))
    .orderBy(desc(comments.datePosted), desc(comments.id))
    .limit(MAX_COMMENTS);
}
