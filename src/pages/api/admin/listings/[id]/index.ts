import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readId, withoutNul } from '#lib/input-guards.ts';
import { describeIssues } from '#lib/listing-query.ts';
import { jsonError, jsonOk } from '#server/http.server.ts';
import { MAX_REASON_LENGTH, reviewListing } from '#server/seller-listings.server.ts';

const reviewSchema = z.discriminatedUnion('verdict', [
  z.object({ verdict: z.literal('verify') }),
  z.object({ verdict: z.literal('reject'), reason: withoutNul(z.string().trim().min(1, 'A reason is required').max(MAX_REASON_LENGTH)) }),
]);

/** `POST /api/admin/listings/{id}/` with `{verdict: 'verify'}` or `{verdict: 'reject', reason}`. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  if (!locals.user) return jsonError(401, 'Please sign in.');
  if (!locals.user.isAdmin) return jsonError(403, 'Only admins can verify listings.');
  const listingId = readId(params.id, 'Listing not found.');
  if (!listingId.ok) return jsonError(listingId.status, listingId.error);
  const id = listingId.id;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonError(400, 'The request body must be JSON.');
  }
  const parsed = reviewSchema.safeParse(body);
  if (!parsed.success) {
    const { error, fields } = describeIssues(parsed.error);
    return jsonError(400, error, fields);
  }
  const result = await reviewListing(locals.db, locals.user, id, parsed.data);
  return result.ok ? jsonOk(result.value) : jsonError(result.status, result.error);
};
