import type { APIRoute } from 'astro';
import { readId } from '../../../../../lib/input-guards.ts';
import { jsonError, jsonOk } from '../../../../../lib/server/api.server.ts';
import { limitOr429 } from '../../../../../lib/server/community.server.ts';
import { applyListingEdit, ownListingJson } from '../../../../../lib/server/listing-input.server.ts';
import { canEditListing, removeListing } from '../../../../../lib/server/seller-listings.server.ts';

/** `DELETE /api/delete/products/{id}/`: the owner (or an admin) deletes a listing. */
export const DELETE: APIRoute = async ({ params, locals }) => {
  if (!locals.user) return jsonError(401, 'Please sign in.');
  const listingId = readId(params.id, 'Listing not found.');
  if (!listingId.ok) return jsonError(listingId.status, listingId.error);
  const id = listingId.id;
  const result = await removeListing(locals.db, locals.user, id);
  return result.ok ? new Response(null, { status: 204 }) : jsonError(result.status, result.error);
};

/**
 * `PATCH /api/delete/products/{id}/` (multipart: product_name, company_name, description, location,
 * discount, optional profile_photo and product_photo): answers the updated listing, which is back
 * to waiting for verification. Rate-limited like new listings; the listing and its owner are
 * checked before the body is read.
 */
export const PATCH: APIRoute = async (context) => {
  const { params, request, locals } = context;
  if (!locals.user) return jsonError(401, 'Please sign in.');
  const listingId = readId(params.id, 'Listing not found.');
  if (!listingId.ok) return jsonError(listingId.status, listingId.error);
  const id = listingId.id;
  const limited = await limitOr429(context, 'edit');
  if (limited) return limited;
  const allowed = await canEditListing(locals.db, locals.user, id);
  if (!allowed.ok) return jsonError(allowed.status, allowed.error);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return jsonError(400, 'The request body must be multipart form data.');
  }
  const result = await applyListingEdit(locals.db, locals.user, id, form);
  if (!result.ok) {
    const fields = Object.entries(result.errors);
    return jsonError(result.status, result.error, fields.length > 0 ? Object.fromEntries(fields.map(([k, v]) => [k, [v]])) : undefined);
  }
  return jsonOk(ownListingJson(result.value));
};
