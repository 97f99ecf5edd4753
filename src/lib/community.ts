/** Inputs of the community features (buy/sell requests, likes, comments) and their texts. */
import { z } from 'zod';
import { idField, withoutNul } from './input-guards.ts';

export const MAX_REQUEST_LENGTH = 500;
export const MAX_COMMENT_LENGTH = 1000;

export const COMMUNITY_TEXTS = {
  placeholder: 'Write your Name,phone & item to sell/buy',
  blank: 'Please enter a message.',
  sending: 'Sending...',
  sent: 'Message submitted!',
  failed: 'There was a problem submitting your message.',
  likeSignedOut: 'You must be signed in to like a message.',
  commentSent: 'Comment submitted!',
  commentSignedOut: 'Sign in to comment',
  loadFailed: 'Internet connection is required to load messages.',
} as const;

const text = (max: number, blank: string, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), withoutNul(z.string().min(1, blank).max(max, tooLong)));

/** The body of `POST /api/cat` before it is told apart: a comment payload or a buy/sell request. */
export const communityPostSchema = z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object.' });

/** `POST /api/cat` with `{name, message}`: the name is decided by the server (session or Anonymous). */
export const requestSchema = z.object({
  name: z.unknown().optional(),
  message: text(MAX_REQUEST_LENGTH, COMMUNITY_TEXTS.blank, `Please keep your message under ${MAX_REQUEST_LENGTH} characters.`),
});

/** The spec's comment payload on the same path; `user_email` and `date_posted` are ignored (the session and the clock decide). */
export const commentPayloadSchema = z.object({
  product_id: idField('product_id must be a listing id'),
  image_id: z.preprocess(
    (v) => (v === undefined || v === null ? 'photo' : String(v)),
    z.string().regex(/^(photo|\d{1,9})$/, 'image_id must be an image of the listing'),
  ),
  comment: text(MAX_COMMENT_LENGTH, 'Please write a comment.', `Please keep your comment under ${MAX_COMMENT_LENGTH} characters.`),
  user_email: z.unknown().optional(),
  date_posted: z.unknown().optional(),
});

/** What the comments page's form posts, as typed (shown again if refused); {@link commentPayloadSchema} checks it. */
export const commentFormSchema = z.object({ comment: z.string().catch('') });

export function isCommentPayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('comment' in body || 'product_id' in body);
}
