import { parseListingQuery } from '#features/listings/listing-query.ts';
import { fail } from '#platform/http/result.ts';
import { listingJson } from '#features/listings/listing-json.server.ts';
import { api, jsonOk, limitWrites, pagedJson, readFormData, refuse, requireUser } from '#platform/http/http.server.ts';
import { listPublicListingsWithImages } from '#features/listings/public-listings.server.ts';
import { discardListingUploads, ownListingJson, readListingSubmission } from '#features/listings/listing-input.server.ts';
import { deleteMedia, listingMedia } from '#features/media/media.server.ts';
import { mediaStorage } from '#features/media/media-storage.server.ts';
import { ownListing, submitListing } from '#features/listings/seller-listings.server.ts';
import { MAX_REQUEST_BYTES } from '#features/media/uploads.server.ts';
import { m } from '#paraglide/messages.js';
import { LISTING_MESSAGES } from '#features/listings/listing-messages.ts';
import { refuseDuplicate } from '#features/listings/duplicate-listings.server.ts';

/**
 * `GET /api/products/`: verified listings as a JSON array, filtered and paged in SQL by
 * `category`, `query`, `window` (daily | ending-soon | upcoming | holiday | new | recent | videos),
 * `limit` and `page`. `Link: rel=next` and `X-Has-More` tell whether another page exists.
 */
export const GET = api(
  'products',
  async ({ url, locals }) => {
    const query = parseListingQuery(url.searchParams);
    if (!query.ok) refuse(query);
    const { category, query: text, window, page, limit } = query.value;
    const listed = await listPublicListingsWithImages(
      locals.db,
      { category, query: text, list: window, now: locals.now },
      { page, pageSize: limit },
    );
    return pagedJson(listed.items.map(listingJson), url, listed, { cache: 'public, max-age=30' });
  },
  m.form_srv_listings_unavailable,
);

/**
 * `POST /api/products/` (multipart, the spec's field names, repeated `uploaded_images`): a new
 * listing of the signed-in user, waiting for verification. 401 signed out, 400 with `{error,
 * fields}` naming each bad field, 413 over the size caps, 409 `{error, duplicate: {id, path}}` for
 * the same deal sent within a day (unless `post_again=yes`), 201 with the created listing.
 */
export const POST = api(
  'new-listing',
  async (context) => {
    const user = requireUser(context, LISTING_MESSAGES.signUp);
    await limitWrites(context, 'listing');
    const length = Number(context.request.headers.get('content-length') ?? 0);
    if (length > MAX_REQUEST_BYTES) refuse(fail(413, m.form_srv_upload_too_large()));
    const form = await readFormData(context.request);
    if (!form.ok) refuse(form);
    // The same deal sent within a day is asked about first (409), before any file is checked or stored.
    await refuseDuplicate(context.locals.db, user.id, form.value, context.locals.now);
    const input = await readListingSubmission(form.value, user.id);
    if (!input.ok) refuse(input);
    try {
      const id = await submitListing(context.locals.db, user, input.value, context.locals.now);
      const created = await ownListing(context.locals.db, id);
      await discardListingUploads(form.value);
      return jsonOk(ownListingJson(created!), { status: 201 });
    } catch (error) {
      // The listing and its images are one transaction; its files go too, so nothing is left half-written.
      await deleteMedia(mediaStorage(), listingMedia(input.value));
      throw error;
    }
  },
  m.form_srv_not_saved,
);
