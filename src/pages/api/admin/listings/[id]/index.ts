import { reviewSchema } from '#features/listings/listing-review.ts';
import { answer, api, pathId, readBody, requireAdmin } from '#platform/http/http.server.ts';
import { reviewListing } from '#features/listings/seller-listings.server.ts';
import { m } from '#paraglide/messages.js';

/** `POST /api/admin/listings/{id}/` with `{verdict: 'verify'}` or `{verdict: 'reject', reason}`. */
export const POST = api('review-listing', async (context) => {
  const admin = requireAdmin(context, m.admin_only_verify());
  const id = pathId(context, m.admin_listing_not_found());
  const review = await readBody(context, reviewSchema);
  return answer(await reviewListing(context.locals.db, admin, id, review));
});
