import { config } from '#platform/config/config.server.ts';
import { api, jsonError, limitWrites, refuse, requireUser } from '#platform/http/http.server.ts';
import { fail } from '#platform/http/result.ts';
import { handleUpload } from '#features/media/resumable/tus-uploads.server.ts';
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { m } from '#paraglide/messages.js';

/** Whether a write comes from this site (or from no browser at all: an outside client sends no Origin). */
function sameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  return origin === null || origin === url.origin || origin === new URL(config().siteUrl).origin;
}

/**
 * `/api/uploads/` and `/api/uploads/{id}`: resumable uploads with the tus protocol (POST creates
 * an upload, HEAD tells its offset, PATCH sends the next part, DELETE drops it), answered by
 * @tus/server (features/media/resumable/tus-uploads.server.ts). Signed-in accounts only (401),
 * same origin only (403), creations rate-limited (429). A finished file is checked like a
 * multipart upload; a listing then names it (`product_photo_upload`, …) instead of sending it.
 */
export const ALL = api('uploads', async (context) => {
  const { request, url } = context;
  if (request.method !== 'HEAD' && request.method !== 'OPTIONS' && !sameOrigin(request, url)) {
    return jsonError(403, m.form_upload_srv_cross_site());
  }
  const user = requireUser(context, LISTING_MESSAGES.signUp);
  if (request.method === 'POST') await limitWrites(context, 'upload');
  if (request.method === 'GET') refuse(fail(404, m.pages_api_not_found()));
  return handleUpload(request, user.id);
});
