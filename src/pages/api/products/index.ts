import type { APIRoute } from 'astro';
import { parseListingQuery } from '../../../lib/listing-query.ts';
import { jsonError, jsonOk, listingJson } from '../../../lib/server/api.server.ts';
import { listPublicListingsWithImages } from '../../../lib/server/listings.server.ts';
import { mediaOfDraft, ownListingJson, readListingSubmission } from '../../../lib/server/listing-input.server.ts';
import { config } from '../../../lib/server/config.server.ts';
import { deleteMedia } from '../../../lib/server/media.server.ts';
import { limitOr429 } from '../../../lib/server/community.server.ts';
import { ownListing, submitListing } from '../../../lib/server/seller-listings.server.ts';
import { MAX_REQUEST_BYTES } from '../../../lib/server/uploads.server.ts';

/**
 * `GET /api/products/`: verified listings as a JSON array, filtered and paged in SQL by
 * `category`, `query`, `window` (daily | ending-soon | upcoming | holiday | new | recent | videos),
 * `limit` and `page`. `Link: rel=next` and `X-Has-More` tell whether another page exists.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const parsed = parseListingQuery(url.searchParams);
  if (!parsed.ok) return jsonError(400, parsed.error, parsed.fields);
  const q = parsed.value;
  try {
    const page = await listPublicListingsWithImages(
      locals.db,
      { category: q.category, query: q.query, list: q.window, now: locals.now },
      { page: q.page, pageSize: q.limit },
    );
    const response = jsonOk(page.items.map(listingJson), { cache: 'public, max-age=30' });
    response.headers.set('X-Has-More', String(page.hasMore));
    if (page.hasMore) {
      const next = new URL(url);
      next.searchParams.set('page', String(q.page + 1));
      response.headers.set('Link', `<${next.pathname}${next.search}>; rel="next"`);
    }
    return response;
  } catch (error) {
    console.error('[api/products]', error);
    return jsonError(503, 'Listings are unavailable right now. Please try again.');
  }
};

/**
 * `POST /api/products/` (multipart, the spec's field names, repeated `uploaded_images`): a new
 * listing of the signed-in user, waiting for verification. 401 signed out, 400 with `{error,
 * fields}` naming each bad field, 413 over the size caps, 201 with the created listing.
 */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  if (!locals.user) return jsonError(401, 'Account not created. Please sign up');
  const limited = await limitOr429(context, 'listing');
  if (limited) return limited;
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_REQUEST_BYTES) return jsonError(413, 'The upload is too large (max 100 MB in all).');
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return jsonError(400, 'The request body must be multipart form data.');
  }
  const input = await readListingSubmission(form);
  if (!input.ok) {
    return jsonError(input.status, input.error, Object.fromEntries(Object.entries(input.errors).map(([k, v]) => [k, [v]])));
  }
  try {
    const id = await submitListing(locals.db, locals.user, input.value, locals.now);
    const created = await ownListing(locals.db, id);
    return jsonOk(ownListingJson(created!), { status: 201 });
  } catch (error) {
    // The listing and its images are one transaction; its files go too, so nothing is left half-written.
    console.error('[api/products] could not save a listing:', error);
    await deleteMedia(config().dataDir, mediaOfDraft(input.value));
    return jsonError(503, 'Your listing could not be saved. Please try again.');
  }
};
