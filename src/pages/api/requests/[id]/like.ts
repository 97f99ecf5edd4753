import { COMMUNITY_TEXTS } from '#features/community/community.ts';
import { parseId } from '#platform/http/input-guards.ts';
import { api, jsonError, jsonOk, limitWrites, pathId, requireUser } from '#platform/http/http.server.ts';
import { backTo, formPostsBack } from '#features/community/community.server.ts';
import { toggleLike } from '#features/community/requests.server.ts';
import { m } from '#paraglide/messages.js';

/** `POST /api/requests/{id}/like`: toggles the signed-in user's like; answers `{liked, likes}`. */
const like = api('like', async (context) => {
  const user = requireUser(context, COMMUNITY_TEXTS.likeSignedOut);
  const id = pathId(context, m.detail_request_not_found());
  await limitWrites(context, 'like');
  const result = await toggleLike(context.locals.db, id, user.id);
  return result ? jsonOk(result) : jsonError(404, m.detail_request_not_found());
});

const FLAGS: Partial<Record<number, Record<string, string>>> = { 401: { like: 'signin' }, 429: { like: 'slow' } };

/** A like button without script posts a form: back to the list, at the request when it worked. */
export const POST = formPostsBack(like, (context, answer) =>
  backTo(context, FLAGS[answer.status] ?? {}, '/recents', answer.ok ? `#request-${parseId(context.params.id)}` : '#requests'),
);
