/**
 * The conditions a public read of a request or a comment starts from: not hidden (reports or an
 * admin) and its author not banned. Community's lists and trust's reports both need them, and
 * neither may import the other, so they live here beside the columns they read (trust sets those
 * columns; a listing's own condition, `isPublic`, lives in listings, below both).
 */
import { sql } from 'drizzle-orm';
import { comments, requests } from './schema.ts';

/** A request the public may see: not hidden (reports or an admin), its author not banned. */
export const publicRequest = sql`(${requests.hiddenAt} is null and not ${requests.authorBanned})`;

/** A comment the public may see: not hidden (reports or an admin), its author not banned. */
export const publicComment = sql`(${comments.hiddenAt} is null and not ${comments.authorBanned})`;
