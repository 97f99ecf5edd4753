import {
  COMMUNITY_TEXTS,
  commentPayloadSchema,
  communityPostSchema,
  isCommentPayload,
  REQUEST_DRAFT,
  requestSchema,
} from '#features/community/community.ts';
import type { APIContext } from 'astro';
import { fail, parseWith } from '#platform/http/result.ts';
import { api, isFormPost, jsonOk, limitWrites, readBody, refuse, requireUser } from '#platform/http/http.server.ts';
import { needsPhoneWarning } from '#features/community/phone-in-text.ts';
import { addComment } from '#features/community/comments.server.ts';
import { backTo, formPostsBack } from '#features/community/community.server.ts';
import { createRequest, listRequests, MAX_REQUESTS } from '#features/community/requests.server.ts';
import { displayNameOf } from '#features/accounts/users.server.ts';
import { m } from '#paraglide/messages.js';

/** `GET /api/cat`: the latest requests as `{name, message, created_at}` (oldest first, as the spec's client reverses them). */
export const GET = api(
  'cat',
  async ({ locals }) => {
    const { items } = await listRequests(locals.db, MAX_REQUESTS);
    return jsonOk(
      items.reverse().map((r) => ({ id: r.id, name: r.name, message: r.message, created_at: r.createdAt.toISOString(), likes: r.likes })),
    );
  },
  () => COMMUNITY_TEXTS.loadFailed,
);

/** The spec's comment payload: a comment on a listing's image by the signed-in user (its author comes from the session). */
const postComment = (body: Record<string, unknown>) =>
  api(
    'cat',
    async (context) => {
      const user = requireUser(context, COMMUNITY_TEXTS.commentSignedOut);
      const input = parseWith(commentPayloadSchema, body);
      if (!input.ok) refuse(input);
      await limitWrites(context, 'comment');
      const { product_id: listingId, image_id: imageId, comment: text } = input.value;
      const comment = await addComment(
        context.locals.db,
        { id: user.id, name: displayNameOf(user) },
        { listingId, imageId, comment: text },
      );
      if (!comment) refuse(fail(404, m.detail_image_not_found()));
      return jsonOk(
        { id: comment.id, comment: comment.comment, author: comment.authorName, date_posted: comment.datePosted.toISOString() },
        { status: 201 },
      );
    },
    m.detail_comment_failed,
  );

/** A request held back because its text has a phone number (form posts only). */
const PHONE_WARNING = 409;

/**
 * A buy/sell request `{name, message}`: the sender's name comes from the session (or is Anonymous),
 * never from the body. Requests are public: a plain form post whose text has a phone number is
 * held back (409 with the text, sent back to the box with the warning) until it comes again with
 * `public_phone=yes`. The JSON API stays the spec's (the box's script asks before it posts).
 */
const postRequest = (body: Record<string, unknown>, formPost: boolean) =>
  api(
    'cat',
    async (context) => {
      const input = parseWith(requestSchema, body);
      if (!input.ok) refuse(input);
      const { message, public_phone: confirm } = input.value;
      if (formPost && needsPhoneWarning(message, confirm))
        return jsonOk({ error: COMMUNITY_TEXTS.publicPhone, message }, { status: PHONE_WARNING });
      await limitWrites(context, 'request');
      const user = context.locals.user;
      const created = await createRequest(context.locals.db, {
        name: user ? displayNameOf(user) : 'Anonymous',
        message,
        userId: user?.id ?? null,
      });
      return jsonOk(
        { id: created.id, name: created.name, message: created.message, created_at: created.createdAt.toISOString() },
        { status: 201 },
      );
    },
    () => COMMUNITY_TEXTS.failed,
  );

const post = api(
  'cat',
  async (context) => {
    const body = await readBody(context, communityPostSchema);
    return (isCommentPayload(body) ? postComment(body) : postRequest(body, isFormPost(context.request)))(context);
  },
  () => COMMUNITY_TEXTS.failed,
);

const FLAGS: Partial<Record<number, string>> = { 201: 'sent', 400: 'blank', 429: 'slow', [PHONE_WARNING]: 'phone' };

/**
 * Where a plain form post returns: its page with the outcome flag (and, held back for a phone
 * number, the text as typed, so nothing is lost).
 */
async function backToBox(context: APIContext, answer: Response): Promise<Response> {
  const flag: Record<string, string> = { request: FLAGS[answer.status] ?? 'failed' };
  if (answer.status === PHONE_WARNING) flag[REQUEST_DRAFT] = String((await answer.json()).message);
  return backTo(context, flag, '/');
}

/**
 * `POST /api/cat`: a buy/sell request (201), or the spec's comment payload
 * `{product_id, image_id, user_email, comment, date_posted}` from a signed-in user (201). A plain
 * form post (no script) is answered with a redirect back to its page.
 */
export const POST = formPostsBack(post, backToBox);
