import type { APIRoute } from 'astro';
import { commentPayloadSchema, isCommentPayload, requestSchema } from '#lib/community.ts';
import { describeIssues } from '#lib/listing-query.ts';
import { jsonError, jsonOk } from '#server/http.server.ts';
import { addComment } from '#server/comments.server.ts';
import { backTo, isFormPost, limitOr429 } from '#server/community.server.ts';
import { createRequest, listRequests, MAX_REQUESTS } from '#server/requests.server.ts';
import { displayNameOf } from '#server/users.server.ts';

/** `GET /api/cat`: the latest requests as `{name, message, created_at}` (oldest first, as the spec's client reverses them). */
export const GET: APIRoute = async ({ locals }) => {
  try {
    const { items } = await listRequests(locals.db, MAX_REQUESTS);
    return jsonOk(
      items.reverse().map((r) => ({ id: r.id, name: r.name, message: r.message, created_at: r.createdAt.toISOString(), likes: r.likes })),
    );
  } catch (error) {
    console.error('[api/cat]', error);
    return jsonError(503, 'Internet connection is required to load messages.');
  }
};

/**
 * `POST /api/cat`: a buy/sell request `{name, message}` (201), or the spec's comment payload
 * `{product_id, image_id, user_email, comment, date_posted}` from a signed-in user (201). The
 * sender's name and a comment's author come from the session, never from the body. A plain form
 * post (no script) is answered with a redirect back to the page.
 */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const form = isFormPost(request);
  let body: unknown;
  try {
    body = form ? Object.fromEntries((await request.formData()).entries()) : await request.json();
  } catch {
    return form ? backTo(context, { request: 'failed' }) : jsonError(400, 'The request body must be JSON.');
  }
  if (typeof body !== 'object' || body === null) return jsonError(400, 'The request body must be a JSON object.');

  if (isCommentPayload(body)) {
    if (!locals.user) return jsonError(401, 'Sign in to comment');
    const parsed = commentPayloadSchema.safeParse(body);
    if (!parsed.success) {
      const { error, fields } = describeIssues(parsed.error);
      return jsonError(400, error, fields);
    }
    try {
      const limited = await limitOr429(context, 'comment');
      if (limited) return limited;
      const comment = await addComment(
        locals.db,
        { id: locals.user.id, name: displayNameOf(locals.user) },
        {
          listingId: parsed.data.product_id,
          imageId: parsed.data.image_id,
          comment: parsed.data.comment,
        },
      );
      if (!comment) return jsonError(404, 'That product image was not found.');
      return jsonOk(
        { id: comment.id, comment: comment.comment, author: comment.authorName, date_posted: comment.datePosted.toISOString() },
        { status: 201 },
      );
    } catch (error) {
      console.error('[api/cat]', error);
      return jsonError(503, 'There was a problem submitting your comment.');
    }
  }

  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    if (form) return backTo(context, { request: 'blank' });
    const { error, fields } = describeIssues(parsed.error);
    return jsonError(400, error, fields);
  }
  try {
    // Inside the try: the rate limit reads the database too, and may find it unreachable.
    const limited = await limitOr429(context, 'request');
    if (limited) return form ? backTo(context, { request: 'slow' }) : limited;
    const created = await createRequest(locals.db, {
      name: locals.user ? displayNameOf(locals.user) : 'Anonymous',
      message: parsed.data.message,
      userId: locals.user?.id ?? null,
    });
    if (form) return backTo(context, { request: 'sent' });
    return jsonOk(
      { id: created.id, name: created.name, message: created.message, created_at: created.createdAt.toISOString() },
      { status: 201 },
    );
  } catch (error) {
    console.error('[api/cat]', error);
    return form ? backTo(context, { request: 'failed' }) : jsonError(503, 'There was a problem submitting your message.');
  }
};
