import { reviewSchema } from '#lib/listing-review.ts';
import { answer, api, pathId, readBody, requireAdmin } from '#server/http.server.ts';
import { reviewListing } from '#server/seller-listings.server.ts';

/** `POST /api/admin/listings/{id}/` with `{verdict: 'verify'}` or `{verdict: 'reject', reason}`. */
export const POST = api('review-listing', async (context) => {
  const admin = requireAdmin(context, 'Only admins can verify listings.');
  const id = pathId(context, 'Listing not found.');
  const review = await readBody(context, reviewSchema);
  return answer(await reviewListing(context.locals.db, admin, id, review));
});
