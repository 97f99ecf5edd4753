import type { APIRoute } from 'astro';
import { COMMUNITY_TEXTS } from '#lib/community.ts';
import { readId } from '#lib/input-guards.ts';
import { jsonError, jsonOk } from '#server/http.server.ts';
import { backTo, isFormPost, limitOr429 } from '#server/community.server.ts';
import { toggleLike } from '#server/requests.server.ts';

/** `POST /api/requests/{id}/like`: toggles the signed-in user's like; answers `{liked, likes}`. */
export const POST: APIRoute = async (context) => {
  const { params, request, locals } = context;
  const form = isFormPost(request);
  if (!locals.user)
    return form ? backTo(context, { like: 'signin' }, '/recents', '#requests') : jsonError(401, COMMUNITY_TEXTS.likeSignedOut);
  const requestId = readId(params.id, 'That request was not found.');
  if (!requestId.ok) return jsonError(requestId.status, requestId.error);
  const id = requestId.id;
  const limited = await limitOr429(context, 'like');
  if (limited) return form ? backTo(context, { like: 'slow' }, '/recents', '#requests') : limited;
  const result = await toggleLike(locals.db, id, locals.user.id);
  if (!result) return form ? backTo(context, {}, '/recents', '#requests') : jsonError(404, 'That request was not found.');
  return form ? backTo(context, {}, '/recents', `#request-${id}`) : jsonOk(result);
};
