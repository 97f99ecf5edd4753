/** Inputs of the community features (buy/sell requests, likes, comments) and their texts. */
import { z } from 'zod';
import { idField, withoutNul } from '#platform/http/input-guards.ts';
import { m } from '#paraglide/messages.js';

export const MAX_REQUEST_LENGTH = 500;
export const MAX_COMMENT_LENGTH = 1000;

/** The query parameter that brings a request held back for a phone number back into the box, as typed. */
export const REQUEST_DRAFT = 'request_text';

/** The community texts, read in the language of the request that asks for them. */
export const COMMUNITY_TEXTS = {
  get placeholder() {
    return m.detail_request_placeholder();
  },
  get blank() {
    return m.detail_request_blank();
  },
  get sending() {
    return m.detail_request_sending();
  },
  get sent() {
    return m.detail_request_sent();
  },
  get failed() {
    return m.detail_request_failed();
  },
  get publicPhone() {
    return m.detail_request_public_phone();
  },
  get sendAnyway() {
    return m.detail_request_send_anyway();
  },
  get likeSignedOut() {
    return m.detail_like_signed_out();
  },
  get commentSent() {
    return m.detail_comment_sent();
  },
  get commentSignedOut() {
    return m.detail_comment_signed_out();
  },
  get loadFailed() {
    return m.pages_unavailable();
  },
};

/** The name a request is shown under: stored as written, except the stored 'Anonymous', said in the page's language. */
export function requestAuthorName(name: string): string {
  return name.trim() === '' || name === 'Anonymous' ? m.detail_anonymous() : name;
}

const text = (max: number, blank: () => string, tooLong: () => string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : ''),
    withoutNul(
      z
        .string()
        .min(1, { error: () => blank() })
        .max(max, { error: () => tooLong() }),
    ),
  );

/** The body of `POST /api/cat` before it is told apart: a comment payload or a buy/sell request. */
export const communityPostSchema = z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object.' });

/**
 * `POST /api/cat` with `{name, message}`: the name is decided by the server (session or Anonymous).
 * A form post may add `public_phone=yes`: send a text with a phone number anyway.
 */
export const requestSchema = z.object({
  name: z.unknown().optional(),
  public_phone: z.unknown().optional(),
  message: text(MAX_REQUEST_LENGTH, m.detail_request_blank, () => m.detail_request_too_long({ max: MAX_REQUEST_LENGTH })),
});

/** The spec's comment payload on the same path; `user_email` and `date_posted` are ignored (the session and the clock decide). */
export const commentPayloadSchema = z.object({
  product_id: idField('product_id must be a listing id'),
  image_id: z.preprocess(
    (v) => (v === undefined || v === null ? 'photo' : String(v)),
    z.string().regex(/^(photo|\d{1,9})$/, 'image_id must be an image of the listing'),
  ),
  comment: text(MAX_COMMENT_LENGTH, m.detail_comment_blank, () => m.detail_comment_too_long({ max: MAX_COMMENT_LENGTH })),
  user_email: z.unknown().optional(),
  date_posted: z.unknown().optional(),
});

/** What the comments page's form posts, as typed (shown again if refused); {@link commentPayloadSchema} checks it. */
export const commentFormSchema = z.object({ comment: z.string().catch('') });

export function isCommentPayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('comment' in body || 'product_id' in body);
}
